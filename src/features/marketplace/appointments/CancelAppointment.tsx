import { CalendarX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CharacterCount, Textarea } from '../../../components/ui/field.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { CANCEL_REASON_MAX, MECHANIC_CANCEL_TEXT, MechanicCancelSchema } from '../../../contract/appointment-cancel.ts';
import type { Appointment } from '../../../contract/appointments.ts';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { isStale } from '../../../lib/refusal.ts';
import { useWrite } from '../../../lib/use-write.ts';

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
  const id = `cancel-reason-${appointment.id}`;
  const write = useWrite(ROUTES.appointmentCancelByMechanic, {
    fallback: 'The appointment could not be cancelled. Try again in a moment.',
    onSuccess: (updated) => {
      onAppointment(updated);
      toast.success(MECHANIC_CANCEL_TEXT.done);
      setOpen(false);
      setReason('');
    },
    onError: (_message, err) => {
      if (isStale(err)) onStale();
    },
  });

  const cancel = () => {
    const parsed = MechanicCancelSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    void write.run({ params: { id: appointment.id }, body: parsed.data });
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
          if (!next) write.clearError();
        }}
        title={MECHANIC_CANCEL_TEXT.question}
        description={MECHANIC_CANCEL_TEXT.explain}
        confirmLabel={MECHANIC_CANCEL_TEXT.confirm}
        cancelLabel={MECHANIC_CANCEL_TEXT.keep}
        destructive
        busy={write.pending}
        error={write.error}
        onConfirm={cancel}
      >
        <FormField id={id} label="Reason (the owner reads it)" required error={error}>
          <Textarea
            id={id}
            rows={3}
            required
            maxLength={CANCEL_REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              // The sentence asked for a reason; once one is typed it no longer applies.
              setError(undefined);
            }}
            {...fieldAria(id, error)}
          />
          <CharacterCount id={`${id}-count`} value={reason} max={CANCEL_REASON_MAX} />
        </FormField>
      </ConfirmDialog>
    </>
  );
}
