import { CalendarX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CharacterCount, Textarea } from '../../../components/ui/field.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { CANCEL_REASON_MAX, MECHANIC_CANCEL_TEXT, MechanicCancelSchema } from '../../../contract/appointment-cancel.ts';
import type { Appointment } from '../../../contract/appointments.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { call } from '../../../lib/api-client.ts';
import { isStale, refusalOf } from '../../../lib/refusal.ts';

/**
 * The mechanic cancels an appointment before work starts (docs/decisions/0167): a reason is
 * required (the owner reads it), and the question says what follows before anything is sent.
 */
export function CancelAppointment({
  appointment,
  onAppointment,
  onStale,
}: {
  appointment: Appointment;
  onAppointment: (a: Appointment) => void;
  onStale: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `cancel-reason-${appointment.id}`;

  const cancel = async () => {
    const parsed = MechanicCancelSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setRefusal(null);
    setBusy(true);
    try {
      const updated = await call(ROUTES.appointmentCancelByMechanic, {
        params: { id: appointment.id },
        body: parsed.data,
      });
      onAppointment(updated);
      toast.success(MECHANIC_CANCEL_TEXT.done);
      setOpen(false);
      setReason('');
    } catch (err) {
      setRefusal(refusalOf(err, 'The appointment could not be cancelled. Try again in a moment.'));
      if (isStale(err)) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CalendarX className="h-4 w-4" aria-hidden="true" />
        {MECHANIC_CANCEL_TEXT.button}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setRefusal(null);
        }}
        title={MECHANIC_CANCEL_TEXT.question}
        description={MECHANIC_CANCEL_TEXT.explain}
        confirmLabel={MECHANIC_CANCEL_TEXT.confirm}
        cancelLabel={MECHANIC_CANCEL_TEXT.keep}
        destructive
        busy={busy}
        error={refusal}
        onConfirm={() => void cancel()}
      >
        <FormField id={id} label="Reason (the owner reads it)" required error={error}>
          <Textarea
            id={id}
            rows={3}
            required
            maxLength={CANCEL_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            {...fieldAria(id, error)}
          />
          <CharacterCount id={`${id}-count`} value={reason} max={CANCEL_REASON_MAX} />
        </FormField>
      </ConfirmDialog>
    </>
  );
}
