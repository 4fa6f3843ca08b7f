import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { CharacterCount, FieldError, Input, Label, Textarea } from '../../../components/ui/field.tsx';
import {
  ProposalSchema,
  RescheduleSchema,
  SCHEDULE,
  zoneName,
  type ProposedTime,
} from '../../../contract/appointment-schedule.ts';
import type { Appointment } from '../../../contract/appointments.ts';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { isStale } from '../../../lib/refusal.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';

/** The next day of a 'YYYY-MM-DD' date. */
const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

interface Values {
  times: ProposedTime[];
  reason: string;
}

/**
 * Proposing times (or rescheduling with a reason): up to five date-and-time rows, checked with the
 * server's own schema as typed. The first row starts on the appointment's date, which is the
 * accepted quote's start date until a time is agreed.
 */
export function ProposeTimesDialog({
  appointment: a,
  reschedule,
  onClose,
  onProposed,
  onStale,
}: {
  appointment: Appointment;
  reschedule: boolean;
  onClose: () => void;
  onProposed: (a: Appointment) => void;
  onStale: () => void;
}) {
  const {
    control,
    register,
    handleSubmit,
    placeErrors,
    watch,
    formState: { errors },
  } = useContractForm<Values>(reschedule ? RescheduleSchema : ProposalSchema, {
    times: [{ date: a.scheduledDate, time: a.scheduledTime }],
    reason: '',
  });
  const times = useFieldArray({ control, name: 'times' });
  const propose = useWrite(ROUTES.appointmentPropose, {
    fallback: 'Failed to send the times',
    onSuccess: (next) => {
      toast.success(reschedule ? 'Reschedule sent' : 'Times sent');
      onProposed(next);
    },
    onError: (_message, err) => {
      placeErrors(err);
      if (isStale(err)) onStale();
    },
  });
  const refusal = propose.error;
  const busy = propose.pending;
  const zone = a.schedule?.timeZone ?? '';
  const reason = watch('reason');
  const first = watch('times.0.date');
  const timesError = errors.times?.root?.message ?? errors.times?.message;
  const id = (i: number, part: string) => `pt-${a.id}-${i}-${part}`;

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={reschedule ? 'Reschedule the appointment' : 'Propose times'}
      description={`Times at ${a.serviceLocation}, ${zone} (${zoneName(zone, first ?? a.scheduledDate)}). The other party picks one or proposes others.`}
    >
      <form
        onSubmit={handleSubmit(async (body) => void (await propose.run({ params: { id: a.id }, body })))}
        noValidate
        className="space-y-3"
        aria-busy={busy}
      >
        <ol className="space-y-2" aria-label="Proposed times">
          {times.fields.map((t, i) => {
            const row = errors.times?.[i];
            return (
              <li key={t.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
                <div>
                  <Label htmlFor={id(i, 'date')}>Date {i + 1}</Label>
                  <Input
                    id={id(i, 'date')}
                    type="date"
                    aria-invalid={row?.date ? true : undefined}
                    aria-describedby={id(i, 'error')}
                    {...register(`times.${i}.date`)}
                  />
                </div>
                <div>
                  <Label htmlFor={id(i, 'time')}>Time {i + 1}</Label>
                  <Input
                    id={id(i, 'time')}
                    type="time"
                    step={900}
                    aria-invalid={row?.time ? true : undefined}
                    aria-describedby={id(i, 'error')}
                    {...register(`times.${i}.time`)}
                  />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove time ${i + 1}`}
                  disabled={times.fields.length === 1}
                  onClick={() => times.remove(i)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
                <div className="col-span-3">
                  <FieldError id={id(i, 'error')} message={row?.date?.message ?? row?.time?.message ?? row?.message} />
                </div>
              </li>
            );
          })}
        </ol>
        {timesError && (
          <p className="text-sm text-destructive" role="alert">
            {timesError}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={times.fields.length >= SCHEDULE.maxTimes}
          onClick={() => {
            const last = watch(`times.${times.fields.length - 1}`);
            times.append({
              date: nextDay(last?.date || a.scheduledDate),
              time: last?.time || a.scheduledTime,
            });
          }}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add a time
        </Button>
        <div>
          <Label htmlFor={`pt-${a.id}-reason`}>{reschedule ? 'Reason (required)' : 'Note (optional)'}</Label>
          <Textarea
            id={`pt-${a.id}-reason`}
            rows={2}
            maxLength={SCHEDULE.reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`pt-${a.id}-reason-error pt-${a.id}-reason-count`}
            {...register('reason')}
          />
          <CharacterCount id={`pt-${a.id}-reason-count`} value={reason} max={SCHEDULE.reason} />
          <FieldError id={`pt-${a.id}-reason-error`} message={errors.reason?.message} />
        </div>
        {refusal && <Alert>{refusal}</Alert>}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" pending={busy}>
            {reschedule ? 'Send reschedule' : 'Send times'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
