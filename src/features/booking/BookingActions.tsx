import { CalendarClock, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { Appointment } from '../../contract/appointments.ts';
import { ROUTES } from '../../contract/routes/booking.ts';
import { ROUTES as MARKETPLACE_ROUTES } from '../../contract/routes/marketplace.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useWrite } from '../../lib/use-write.ts';
import { formatDateTimeAt, formatDay } from '../../lib/format.ts';
import { invalidate, keyOf, useRoute } from '../../lib/use-query.ts';

const refusal = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.detail && err.status < 500 ? err.detail : fallback;
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The mechanic's open starts for this booking, read when the dialog opens; picking one moves it. */
function RescheduleDialog({
  appointment: a,
  onClose,
  onMoved,
}: {
  appointment: Appointment;
  onClose: () => void;
  onMoved: (a: Appointment) => void;
}) {
  const options = useRoute(ROUTES.bookingOpenStarts, { params: { id: a.id } });
  // The day being moved to, for its spinner.
  const [target, setTarget] = useState<string | null>(null);
  const move = useWrite(ROUTES.bookingReschedule, {
    fallback: 'Could not reschedule. Please try again.',
    onSuccess: (moved) => {
      toast.success(`Rescheduled: ${a.mechanicName} now starts on ${formatDay(moved.scheduledDate)}`);
      onMoved(moved);
      onClose();
    },
    // Taken meanwhile: the open days are read again beside the refusal.
    onError: () => void options.reload(),
  });
  const busy = move.pending ? target : null;
  const message = move.error;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Reschedule the booking"
      description={`Pick another start with ${a.mechanicName}. The days you leave are freed for others.`}
    >
      <div className="space-y-3">
        {message && <Alert>{message}</Alert>}
        {options.state.status === 'error' ? (
          <Alert>{refusal(options.state.error, 'Could not load the open days. Please try again.')}</Alert>
        ) : !options.data ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Finding {a.mechanicName}’s open days...
          </p>
        ) : options.data.openStarts.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {a.mechanicName} has no other open start in the next 90 days. Message them to find a date.
          </p>
        ) : (
          <>
            <p className="text-sm font-medium">Pick a new start day</p>
            <div className="flex flex-wrap gap-2" role="group" aria-label="Open start days">
              {options.data.openStarts.map((start) => (
                <Button
                  key={start}
                  variant="outline"
                  size="sm"
                  disabled={busy !== null}
                  onClick={() => {
                    setTarget(start);
                    void move.run({ params: { id: a.id }, body: { start } });
                  }}
                  aria-label={`Move the start to ${formatDay(start)}`}
                >
                  {busy === start && <Spinner />}
                  {shortDay(start)}
                </Button>
              ))}
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

/**
 * A booked appointment's terms and the owner's two actions on it (docs/decisions/0241): reschedule
 * to another open start, or cancel, free until the window agreed at booking closes. After that the
 * buttons are gone and the card says to ask the mechanic (the server refuses either way).
 */
export default function BookingActions({
  appointment: a,
  onAppointment,
}: {
  appointment: Appointment;
  onAppointment: (a: Appointment) => void;
}) {
  const [open, setOpen] = useState<'reschedule' | 'cancel' | null>(null);
  const changed = (next: Appointment) => {
    onAppointment(next);
    invalidate(keyOf(MARKETPLACE_ROUTES.appointmentsOwn));
    invalidate(keyOf(MARKETPLACE_ROUTES.requestsOwn));
  };
  const cancel = useWrite(ROUTES.bookingCancel, {
    fallback: 'Could not cancel the booking. Please try again.',
    onSuccess: (cancelled) => {
      toast.success('Booking cancelled: the mechanic’s days are free again');
      setOpen(null);
      changed(cancelled);
    },
  });
  const b = a.booking;
  if (!b || (a.status !== 'scheduled' && a.status !== 'confirmed')) return null;

  return (
    <div className="mt-3 rounded-md border border-border p-3 text-sm">
      <p className="font-medium">Booked at a flat rate · on site {b.days.map(shortDay).join(', ')}</p>
      <p className="text-muted-foreground">
        {b.changeable
          ? `Free to reschedule or cancel until ${formatDateTimeAt(b.freeUntil, a.timeZone)}.`
          : b.freeCancelHours > 0 && b.bookedInsideWindow
            ? `Booked less than ${b.freeCancelHours} hours before the start, so it had no free window to change it. Message ${a.mechanicName} to ask for a change.`
            : b.freeCancelHours > 0
              ? `The free window to change it closed on ${formatDateTimeAt(b.freeUntil, a.timeZone)} (${b.freeCancelHours} hours before the start). Message ${a.mechanicName} to ask for a change.`
              : `Booked without free cancellation. Message ${a.mechanicName} to ask for a change.`}
      </p>
      {b.changeable && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setOpen('reschedule')}>
            <CalendarClock className="h-4 w-4" aria-hidden="true" />
            Reschedule
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              cancel.clearError();
              setOpen('cancel');
            }}
          >
            <XCircle className="h-4 w-4" aria-hidden="true" />
            Cancel booking
          </Button>
        </div>
      )}
      {open === 'reschedule' && <RescheduleDialog appointment={a} onClose={() => setOpen(null)} onMoved={changed} />}
      <ConfirmDialog
        open={open === 'cancel'}
        onOpenChange={(o) => !o && setOpen(null)}
        title="Cancel this booking?"
        description={`${a.mechanicName}’s days (${b.days.map(shortDay).join(', ')}) are freed for others and ${a.mechanicName} is told. You are inside the free window: nothing is owed for it.`}
        confirmLabel="Cancel booking"
        cancelLabel="Keep booking"
        destructive
        busy={cancel.pending}
        error={cancel.error}
        onConfirm={() => void cancel.run({ params: { id: a.id } })}
      />
    </div>
  );
}
