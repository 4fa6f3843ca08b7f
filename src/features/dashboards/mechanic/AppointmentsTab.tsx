import { CalendarCheck, CalendarClock, CheckCircle2, Play } from 'lucide-react';
import { Suspense, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CharacterCount, Input, Label, Textarea } from '../../../components/ui/field.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { TotalTimeHoursField } from '../../../contract/records.ts';
import { Loading, Spinner } from '../../../components/ui/spinner.tsx';
import { labelOf } from '../../../contract/options.ts';
import { MARKETPLACE, MARKETPLACE_SERVICE_TYPES } from '../../../contract/marketplace.ts';
import type { Appointment } from '../../../contract/appointments.ts';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { isStale } from '../../../lib/refusal.ts';
import { formatCurrency, formatDateTimeAt } from '../../../lib/format.ts';
import { formatDay } from '../../../lib/format.ts';
import { preloadable } from '../../../lib/preloadable.ts';
import { LazyRecordPanel } from '../../records/record-panel-lazy.ts';
import { cardWhen } from '../../marketplace/schedule/card-when.ts';
import type { MechanicAppointmentAction } from '../../../contract/machines.ts';
import { Details } from '../../../components/ui/details.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Stars } from '../../../components/ui/star-rating.tsx';
import { StatusBadge } from '../../marketplace/ui/StatusBadge.tsx';
import { JobDocumentsToggle } from '../../documents/JobDocumentsToggle.tsx';
import { JobLines } from '../../bid-lines/JobLines.tsx';
import { JobFigure } from '../../marketplace/ui/JobFigure.tsx';
import { formatHours } from '../../../contract/job-figures.ts';
import { AppointmentSchedule } from '../../marketplace/schedule/AppointmentSchedule.tsx';
import { AppointmentParties } from '../../marketplace/schedule/AppointmentParties.tsx';
import RequestDueList from '../../maintenance/RequestDueList.tsx';
import { ThreadButton } from '../../conversations/ThreadButton.tsx';
import { CancelAppointment } from '../../marketplace/appointments/CancelAppointment.tsx';
import { CancellationNote } from '../../marketplace/ui/CancellationNote.tsx';

// What an appointment card shows is fetched with this module: the tab, preloaded when the
// dashboard is idle, then opens without React's 300 ms Suspense pause per piece.
const RecordPanel = LazyRecordPanel;
void RecordPanel.preload().catch(() => undefined); // retried by the lazy render if it failed
const PaymentPanel = preloadable(() => import('../../payments/PaymentPanel.tsx'));
void PaymentPanel.preload().catch(() => undefined); // retried by the lazy render if it failed

/** The route of each action the mechanic takes on an appointment. */
const ACTION_ROUTES = {
  confirm: ROUTES.appointmentConfirm,
  start: ROUTES.appointmentStart,
  complete: ROUTES.appointmentComplete,
} as const;

const NEXT: Partial<
  Record<Appointment['status'], { action: MechanicAppointmentAction; label: string; done: string; Icon: typeof Play }>
> = {
  scheduled: { action: 'confirm', label: 'Confirm', done: 'Appointment confirmed', Icon: CalendarCheck },
  confirmed: { action: 'start', label: 'Start Work', done: 'Work started', Icon: Play },
  in_progress: { action: 'complete', label: 'Complete Job', done: 'Job completed', Icon: CheckCircle2 },
};

const key = (a: Appointment) => `${a.scheduledDate} ${a.scheduledTime}`;

/** Whole days from today to the appointment's day (positive when it is still ahead). */
function daysAhead(a: Appointment): number {
  const today = new Date();
  const local = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((Date.parse(`${a.scheduledDate}T00:00:00Z`) - local) / 86_400_000);
}

interface Props {
  appointments: Appointment[];
  /** A write's answer: the appointment as the server now has it (shown at once). */
  onAppointment: (a: Appointment) => void;
  /** Something under the appointment changed (a change order): read the list again. */
  onChanged: () => void;
}

/** Upcoming jobs (soonest first, with the next step as a button) and past ones (latest first). */
export default function AppointmentsTab({ appointments, onAppointment, onChanged }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [completing, setCompleting] = useState<Appointment | null>(null);
  const [startingEarly, setStartingEarly] = useState<Appointment | null>(null);
  const [notes, setNotes] = useState('');
  // The tach reading at completion: the total time in service of the logbook entry drafted then.
  const [tach, setTach] = useState('');
  const [tachError, setTachError] = useState<string | undefined>();
  // The server's reason, per appointment, when it refused a step (another tab or the owner acted first).
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  // A job under way is not "upcoming": it has its own list, first.
  const working = appointments.filter((a) => a.status === 'in_progress').sort((a, b) => key(a).localeCompare(key(b)));
  const upcoming = appointments
    .filter((a) => NEXT[a.status] && a.status !== 'in_progress')
    .sort((a, b) => key(a).localeCompare(key(b)));
  const past = appointments.filter((a) => !NEXT[a.status]).sort((a, b) => key(b).localeCompare(key(a)));

  const writeOptions = {
    fallback: 'Failed to update appointment',
    onError: (_message: string, err: unknown) => {
      if (isStale(err)) onChanged();
    },
  };
  const writes = {
    confirm: useWrite(ACTION_ROUTES.confirm, writeOptions),
    start: useWrite(ACTION_ROUTES.start, writeOptions),
    complete: useWrite(ACTION_ROUTES.complete, writeOptions),
  };

  const advance = async (
    a: Appointment,
    action: MechanicAppointmentAction,
    body: { mechanicNotes?: string; totalTimeHours?: number } = {},
  ) => {
    const step = NEXT[a.status];
    setBusy(a.id);
    setRefusals(({ [a.id]: _, ...rest }) => rest);
    const sent = await writes[action].run({ params: { id: a.id }, body });
    setBusy(null);
    if (!sent.ok) {
      setRefusals((r) => ({ ...r, [a.id]: sent.error }));
      return;
    }
    onAppointment(sent.data);
    toast.success(step?.done ?? 'Appointment updated');
    setCompleting(null);
    setStartingEarly(null);
    setNotes('');
    setTach('');
  };

  /** The button of the next step: completing asks for notes, starting before the day asks first. */
  const act = (a: Appointment, action: MechanicAppointmentAction) => {
    if (action === 'complete') {
      setTachError(undefined);
      setCompleting(a);
    } else if (action === 'start' && daysAhead(a) > 0) setStartingEarly(a);
    else void advance(a, action);
  };

  const card = (a: Appointment) => {
    const step = NEXT[a.status];
    return (
      <Card className="p-5" aria-labelledby={`appt-${a.id}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={`appt-${a.id}`} className="text-lg font-semibold">
              {cardWhen(a)}
            </h3>
            <p className="text-sm text-muted-foreground">
              {labelOf(MARKETPLACE_SERVICE_TYPES, a.serviceType)} · {a.aircraftMake} {a.aircraftModel} (
              {a.aircraftTailNumber})
            </p>
          </div>
          <StatusBadge status={a.status} />
        </div>
        <div className="mt-2">
          <ThreadButton serviceRequestId={a.serviceRequestId} name={a.customerName} />
        </div>
        <div className="mt-3">
          <Details
            items={[
              ['Location', a.serviceLocation],
              ['Customer', a.customerName],
              ['Estimated duration', formatHours(a.estimatedDuration)],
              a.figures ? ['Price', <JobFigure key="f" figures={a.figures} />] : ['Quote', formatCurrency(a.totalCost)],
              a.actualStartTime ? ['Started', formatDateTimeAt(a.actualStartTime, a.timeZone)] : null,
              a.completedAt ? ['Completed', formatDateTimeAt(a.completedAt, a.timeZone)] : null,
            ]}
          />
        </div>
        {a.mechanicNotes && (
          <p className="mt-2 text-sm">
            <span className="text-muted-foreground">Notes:</span> {a.mechanicNotes}
          </p>
        )}
        <AppointmentSchedule appointment={a} role="mechanic" onAppointment={onAppointment} onStale={onChanged} />
        <AppointmentParties appointment={a} role="mechanic" onAppointment={onAppointment} />
        {a.rating !== null && (
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            Customer rating: <Stars value={a.rating} />{' '}
            {a.review && <span className="text-muted-foreground">&ldquo;{a.review}&rdquo;</span>}
          </p>
        )}
        <CancellationNote appointment={a} />
        {step && (
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            {(a.status === 'scheduled' || a.status === 'confirmed') && (
              <CancelAppointment appointment={a} onAppointment={onAppointment} onStale={onChanged} />
            )}
            <Button disabled={busy === a.id} onClick={() => act(a, step.action)}>
              {busy === a.id ? <Spinner /> : <step.Icon className="h-4 w-4" aria-hidden="true" />}
              {step.label}
            </Button>
          </div>
        )}
        {refusals[a.id] && !completing && !startingEarly && <Alert className="mt-3">{refusals[a.id]}</Alert>}
        {a.status !== 'cancelled' && <JobLines appointment={a} role="mechanic" onChanged={onChanged} />}
        <Suspense fallback={null}>
          <PaymentPanel
            appointmentId={a.id}
            role="mechanic"
            cancelled={a.status === 'cancelled'}
            timeZone={a.timeZone}
          />
        </Suspense>
        {a.status === 'completed' && (
          <div className="mt-4 border-t border-border pt-3">
            <Suspense fallback={<Loading label="Loading the maintenance record..." />}>
              <RecordPanel appointmentId={a.id} />
            </Suspense>
          </div>
        )}
        {a.status !== 'cancelled' && <JobDocumentsToggle serviceRequestId={a.serviceRequestId} />}
        {a.status !== 'cancelled' && (
          <RequestDueList
            requestId={a.serviceRequestId}
            canComplete={a.status === 'in_progress' || a.status === 'completed'}
          />
        )}
      </Card>
    );
  };

  return (
    <section aria-labelledby="mech-appts-heading" className="space-y-6">
      <h2 id="mech-appts-heading" className="text-xl font-semibold">
        Appointments
      </h2>
      {working.length > 0 && (
        <div className="space-y-3">
          <h3 className="font-semibold">In progress</h3>
          <ul className="space-y-4">
            {working.map((a) => (
              <li key={a.id} id={`item-${a.id}`} className="scroll-mt-4">
                {card(a)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="space-y-3">
        <h3 className="font-semibold">Upcoming</h3>
        {upcoming.length === 0 ? (
          <EmptyState
            Icon={CalendarClock}
            title="No upcoming appointments"
            hint="When a customer accepts your quote, the job is scheduled here for you to confirm."
          />
        ) : (
          <ul className="space-y-4">
            {upcoming.map((a) => (
              <li key={a.id} id={`item-${a.id}`} className="scroll-mt-4">
                {card(a)}
              </li>
            ))}
          </ul>
        )}
      </div>
      {past.length > 0 && (
        <div className="space-y-3">
          <h3 className="font-semibold">Past</h3>
          <ul className="space-y-4">
            {past.map((a) => (
              <li key={a.id} id={`item-${a.id}`} className="scroll-mt-4">
                {card(a)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ConfirmDialog
        open={completing !== null}
        onOpenChange={(open) => !open && setCompleting(null)}
        title="Mark this job completed?"
        description="The customer is told and asked to rate the work. This cannot be undone."
        confirmLabel="Complete Job"
        busy={busy !== null}
        error={completing ? refusals[completing.id] : null}
        onConfirm={() => {
          if (!completing) return;
          const reading = TotalTimeHoursField.safeParse(tach);
          if (!reading.success) {
            setTachError(reading.error.issues[0]?.message);
            return;
          }
          setTachError(undefined);
          void advance(completing, 'complete', {
            ...(notes.trim() ? { mechanicNotes: notes.trim() } : {}),
            ...(typeof reading.data === 'number' ? { totalTimeHours: reading.data } : {}),
          });
        }}
      >
        <Label htmlFor="complete-notes">Work performed (optional)</Label>
        <Textarea
          id="complete-notes"
          rows={3}
          maxLength={MARKETPLACE.text.notes}
          aria-describedby="complete-notes-count"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          placeholder="Inspection complete, logbook entries made..."
        />
        <CharacterCount id="complete-notes-count" value={notes} max={MARKETPLACE.text.notes} />
        <FormField
          id="complete-tach"
          label="Tach reading (hours, optional)"
          hint="The total time in service of the logbook entry; you review the entry before signing it"
          error={tachError}
          className="mt-3"
        >
          <Input
            id="complete-tach"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.1}
            value={tach}
            onChange={(e) => setTach(e.target.value)}
            {...fieldAria('complete-tach', tachError, true)}
          />
        </FormField>
      </ConfirmDialog>
      <ConfirmDialog
        open={startingEarly !== null}
        onOpenChange={(open) => !open && setStartingEarly(null)}
        title="Start work before the scheduled day?"
        description={
          startingEarly
            ? `This job is scheduled for ${formatDay(startingEarly.scheduledDate)}, ${daysAhead(startingEarly)} ${daysAhead(startingEarly) === 1 ? 'day' : 'days'} from today. The customer is told work has started.`
            : ''
        }
        confirmLabel="Start Work Now"
        cancelLabel="Not Yet"
        busy={busy !== null}
        error={startingEarly ? refusals[startingEarly.id] : null}
        onConfirm={() => startingEarly && advance(startingEarly, 'start')}
      />
    </section>
  );
}
