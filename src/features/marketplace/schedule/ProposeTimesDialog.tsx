import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../../components/ui/dialog.tsx';
import { CharacterCount, FieldError, Input, Label, Textarea } from '../../../components/ui/field.tsx';
import { ProposalSchema, SCHEDULE, zoneName, type ProposedTime } from '../../../contract/appointment-schedule.ts';
import type { Appointment } from '../../../contract/appointments.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isStale } from '../../../lib/refusal.ts';
import { useWrite } from '../../../lib/use-write.ts';

/** The next day of a 'YYYY-MM-DD' date. */
const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

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
  const [times, setTimes] = useState<ProposedTime[]>(() => [{ date: a.scheduledDate, time: a.scheduledTime }]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const propose = useWrite(ROUTES.appointmentPropose, {
    fallback: 'Failed to send the times',
    onSuccess: (next) => {
      toast.success(reschedule ? 'Reschedule sent' : 'Times sent');
      onProposed(next);
    },
    onError: (_message, err) => {
      if (err instanceof ApiError && err.status === 400 && err.errors?.length)
        setErrors(Object.fromEntries(err.errors.map((x) => [x.path, x.message])));
      if (isStale(err)) onStale();
    },
  });
  const refusal = propose.error;
  const busy = propose.pending;
  const zone = a.schedule?.timeZone ?? '';
  const set = (i: number, patch: Partial<ProposedTime>) =>
    setTimes((ts) => ts.map((t, j) => (j === i ? { ...t, ...patch } : t)));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ProposalSchema.safeParse({ times, reason });
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    if (reschedule && !reason.trim()) found.reason = 'Give a reason for rescheduling';
    setErrors(found);
    if (Object.keys(found).length) return;
    await propose.run({ params: { id: a.id }, body: { times, reason } });
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={reschedule ? 'Reschedule the appointment' : 'Propose times'}
      description={`Times at ${a.serviceLocation}, ${zone} (${zoneName(zone, times[0]?.date ?? a.scheduledDate)}). The other party picks one or proposes others.`}
    >
      <form onSubmit={submit} noValidate className="space-y-3" aria-busy={busy}>
        <ol className="space-y-2" aria-label="Proposed times">
          {times.map((t, i) => (
            <li key={i} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
              <div>
                <Label htmlFor={`pt-${a.id}-${i}-date`}>Date {i + 1}</Label>
                <Input
                  id={`pt-${a.id}-${i}-date`}
                  type="date"
                  value={t.date}
                  onChange={(e) => set(i, { date: e.target.value })}
                  aria-invalid={errors[`times.${i}.date`] ? true : undefined}
                  aria-describedby={`pt-${a.id}-${i}-error`}
                />
              </div>
              <div>
                <Label htmlFor={`pt-${a.id}-${i}-time`}>Time {i + 1}</Label>
                <Input
                  id={`pt-${a.id}-${i}-time`}
                  type="time"
                  step={900}
                  value={t.time}
                  onChange={(e) => set(i, { time: e.target.value })}
                  aria-invalid={errors[`times.${i}.time`] ? true : undefined}
                  aria-describedby={`pt-${a.id}-${i}-error`}
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove time ${i + 1}`}
                disabled={times.length === 1}
                onClick={() => setTimes((ts) => ts.filter((_, j) => j !== i))}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
              <div className="col-span-3">
                <FieldError
                  id={`pt-${a.id}-${i}-error`}
                  message={errors[`times.${i}.date`] ?? errors[`times.${i}.time`] ?? errors[`times.${i}`]}
                />
              </div>
            </li>
          ))}
        </ol>
        {errors.times && (
          <p className="text-sm text-destructive" role="alert">
            {errors.times}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={times.length >= SCHEDULE.maxTimes}
          onClick={() =>
            setTimes((ts) => [
              ...ts,
              {
                date: nextDay(ts[ts.length - 1]?.date || a.scheduledDate),
                time: ts[ts.length - 1]?.time || a.scheduledTime,
              },
            ])
          }
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
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`pt-${a.id}-reason-error pt-${a.id}-reason-count`}
          />
          <CharacterCount id={`pt-${a.id}-reason-count`} value={reason} max={SCHEDULE.reason} />
          <FieldError id={`pt-${a.id}-reason-error`} message={errors.reason} />
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
