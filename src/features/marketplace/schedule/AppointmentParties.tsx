import { Mail, MapPin, Phone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { CharacterCount, Input } from '../../../components/ui/field.tsx';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { SCHEDULE, WhereaboutsSchema, type PartyContact } from '../../../contract/appointment-schedule.ts';
import type { Appointment } from '../../../contract/appointments.ts';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';

function Contact({ who, person }: { who: string; person: PartyContact & { businessName?: string | null } }) {
  return (
    <div>
      <p className="font-medium">
        {who}: {person.name}
        {person.businessName ? (
          <span className="font-normal text-muted-foreground"> · {person.businessName}</span>
        ) : null}
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {person.phone ? (
          <a
            className="inline-flex min-h-11 items-center gap-1 text-accent underline-offset-4 hover:underline"
            href={`tel:${person.phone.replace(/[^\d+]/g, '')}`}
          >
            <Phone className="h-3.5 w-3.5" aria-hidden="true" />
            {person.phone}
          </a>
        ) : (
          <span className="inline-flex min-h-11 items-center text-muted-foreground">No phone given</span>
        )}
        <a
          className="inline-flex min-h-11 items-center gap-1 break-all text-accent underline-offset-4 hover:underline"
          href={`mailto:${person.email}`}
        >
          <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          {person.email}
        </a>
      </p>
    </div>
  );
}

/**
 * After acceptance, each party sees the other's phone and email and where the aircraft is (the
 * owner says the hangar or FBO). The server answers these to the two parties only.
 */
export function AppointmentParties({
  appointment: a,
  role,
  onAppointment,
}: {
  appointment: Appointment;
  role: 'owner' | 'mechanic';
  onAppointment: (a: Appointment) => void;
}) {
  const p = a.parties;
  const [editing, setEditing] = useState(false);
  const {
    register,
    handleSubmit,
    placeErrors,
    watch,
    formState: { errors },
  } = useContractForm<{ aircraftWhereabouts: string }>(WhereaboutsSchema, {
    aircraftWhereabouts: p?.aircraft.whereabouts ?? '',
  });
  const text = watch('aircraftWhereabouts');
  const write = useWrite(ROUTES.appointmentWhereabouts, {
    fallback: 'Failed to save where the aircraft is',
    onSuccess: (updated) => {
      onAppointment(updated);
      setEditing(false);
      toast.success('Saved where the aircraft is');
    },
    onError: (message, error) => {
      if (!placeErrors(error)) toast.error(message);
    },
  });
  const busy = write.pending;
  if (!p || a.status === 'cancelled') return null;
  const save = handleSubmit(async (body) => void (await write.run({ params: { id: a.id }, body })));
  const whereError = errors.aircraftWhereabouts?.message;
  const canEdit = role === 'owner' && a.status !== 'completed';
  return (
    <div
      className="mt-3 space-y-2 rounded-md border border-border p-3 text-sm"
      role="group"
      aria-label="Contacts and aircraft location"
    >
      <Contact who={role === 'owner' ? 'Mechanic' : 'Owner'} person={role === 'owner' ? p.mechanic : p.owner} />
      <div>
        <p className="flex items-start gap-1">
          <MapPin className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-medium">Aircraft {p.aircraft.tailNumber}:</span> {p.aircraft.location}
            {p.aircraft.whereabouts
              ? ` · ${p.aircraft.whereabouts}`
              : role === 'owner'
                ? ' · say where it is (hangar, FBO)'
                : ' · the owner has not said where it is yet'}
          </span>
        </p>
        {canEdit && !editing && (
          <Button size="sm" variant="outline" className="mt-1" onClick={() => setEditing(true)}>
            {p.aircraft.whereabouts ? 'Change where it is' : 'Say where it is'}
          </Button>
        )}
        {canEdit && editing && (
          <form onSubmit={(e) => void save(e)} noValidate className="mt-2 space-y-2" aria-busy={busy}>
            <FormField id={`where-${a.id}`} label="Where the aircraft is (hangar, FBO, tie-down)" error={whereError}>
              <Input
                id={`where-${a.id}`}
                maxLength={SCHEDULE.whereabouts}
                {...fieldAria(`where-${a.id}`, whereError)}
                aria-describedby={[`where-${a.id}-count`, whereError ? `where-${a.id}-error` : '']
                  .filter(Boolean)
                  .join(' ')}
                {...register('aircraftWhereabouts')}
              />
              <CharacterCount id={`where-${a.id}-count`} value={text} max={SCHEDULE.whereabouts} />
            </FormField>
            <div className="flex gap-2">
              <Button size="sm" type="submit" pending={busy}>
                Save
              </Button>
              <Button size="sm" type="button" variant="outline" disabled={busy} onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
