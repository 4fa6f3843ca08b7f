import { CalendarPlus, Clock } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { Proposal, ProposedTime } from '../../../contract/appointment-schedule.ts';
import type { Appointment } from '../../../contract/appointments.ts';
import { pathOf } from '../../../contract/routes/route.ts';
import { ROUTES } from '../../../contract/routes/marketplace.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { saveDocument } from '../../documents/download-client.ts';
import { isStale, refusalOf } from '../../../lib/refusal.ts';
import { ProposeTimesDialog } from './ProposeTimesDialog.tsx';
import { whenText } from './zoned-time.ts';
import { TIME_STILL_OPEN } from './card-when.ts';

const MOVABLE = TIME_STILL_OPEN;
const STATE_LABEL = { unconfirmed: 'Time not agreed yet', proposed: 'Times proposed', agreed: 'Time agreed' } as const;

/**
 * The appointment's time on its card, for both parties (docs/decisions/0171): the agreed time or
 * the times proposed, the pick, a counter-proposal, a reschedule with its reason, and the calendar
 * file. Which buttons show follows the same rules the server enforces.
 */
export function AppointmentSchedule({
  appointment: a,
  role,
  onAppointment,
  onStale,
}: {
  appointment: Appointment;
  role: 'owner' | 'mechanic';
  onAppointment: (a: Appointment) => void;
  onStale: () => void;
}) {
  const s = a.schedule;
  const [dialog, setDialog] = useState<'propose' | 'reschedule' | null>(null);
  const [pick, setPick] = useState<string>('');
  // A refusal stays beside the buttons; a stale one has the card read again.
  const pickTime = useWrite(ROUTES.appointmentProposalAccept, {
    fallback: 'Failed to pick the time',
    onSuccess: onAppointment,
    onError: (_message, err) => {
      if (isStale(err)) onStale();
    },
  });
  const busy = pickTime.pending;
  const [unpicked, setUnpicked] = useState(false);
  const refusal = unpicked ? 'Pick one of the times first' : pickTime.error;
  // Once work starts the time is history: the card says when it started and was completed.
  if (!s || !TIME_STILL_OPEN.includes(a.status)) return null;
  const other = role === 'owner' ? a.mechanicName : a.customerName;
  // A booking moves by its own Reschedule, inside the window agreed at booking (BookingActions).
  const movable = MOVABLE.includes(a.status) && !a.booking;
  const open = s.open;
  const theirs = open && open.proposerRole !== role ? open : null;
  const ours = open && open.proposerRole === role ? open : null;
  const when = (t: ProposedTime) => whenText(t, s.timeZone);
  const keyOf = (t: ProposedTime) => `${t.date} ${t.time}`;

  const accept = async (p: Proposal) => {
    const time = p.times.find((t) => keyOf(t) === pick) ?? (p.times.length === 1 ? p.times[0] : undefined);
    setUnpicked(!time);
    if (!time) {
      pickTime.clearError();
      return;
    }
    if ((await pickTime.run({ params: { id: a.id, proposalId: p.id }, body: { time } })).ok)
      toast.success(`Agreed: ${when(time)}`);
  };

  const saveIcs = async () => {
    try {
      await saveDocument({
        downloadUrl: pathOf(ROUTES.appointmentCalendar, { params: { id: a.id } }),
        fileName: `appointment-${a.aircraftTailNumber}-${a.scheduledDate}.ics`,
      });
    } catch (err) {
      toast.error(refusalOf(err, 'Failed to download the calendar file'));
    }
  };

  return (
    <div className="mt-3 rounded-md border border-border p-3 text-sm" aria-label="Appointment time" role="group">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-1.5">
          <Clock className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
          <span>
            {s.state === 'agreed' ? '' : 'Placeholder: '}
            <strong>{when({ date: a.scheduledDate, time: a.scheduledTime })}</strong>
          </span>
        </p>
        <Badge tone={s.state === 'agreed' ? 'success' : 'warning'}>{STATE_LABEL[s.state]}</Badge>
      </div>

      {movable && s.state === 'unconfirmed' && (
        <p className="mt-2 text-muted-foreground">
          {role === 'mechanic'
            ? 'Propose one or more times to the owner, starting from your quote’s start date.'
            : `${other} proposes times; you pick one or propose others.`}
        </p>
      )}

      {movable && theirs && (
        <fieldset className="mt-2">
          <legend className="font-medium">
            {other} {theirs.reschedule ? 'asks to reschedule' : 'proposes'}:
            {theirs.reason ? <span className="font-normal text-muted-foreground"> “{theirs.reason}”</span> : null}
          </legend>
          <ul className="mt-1 space-y-1">
            {theirs.times.map((t) => (
              <li key={keyOf(t)}>
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`pick-${a.id}`}
                    value={keyOf(t)}
                    checked={pick === keyOf(t) || (theirs.times.length === 1 && pick === '')}
                    onChange={() => setPick(keyOf(t))}
                  />
                  {when(t)}
                </label>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" pending={busy} onClick={() => void accept(theirs)}>
              Accept this time
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => setDialog('propose')}>
              Propose other times
            </Button>
          </div>
        </fieldset>
      )}

      {movable && ours && (
        <p className="mt-2 text-muted-foreground" role="status">
          Waiting for {other} to pick one of: {ours.times.map(when).join('; ')}.
        </p>
      )}

      {refusal && <Alert className="mt-2">{refusal}</Alert>}

      <div className="mt-2 flex flex-wrap gap-2">
        {movable && role === 'mechanic' && s.state === 'unconfirmed' && (
          <Button size="sm" onClick={() => setDialog('propose')}>
            Propose times
          </Button>
        )}
        {movable && s.state === 'agreed' && !open && (
          <Button size="sm" variant="outline" onClick={() => setDialog('reschedule')}>
            Reschedule
          </Button>
        )}
        {a.status !== 'cancelled' && (
          <Button size="sm" variant="outline" onClick={() => void saveIcs()}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            Add to calendar (.ics)
          </Button>
        )}
      </div>
      {dialog && (
        <ProposeTimesDialog
          appointment={a}
          reschedule={dialog === 'reschedule' || s.state === 'agreed'}
          onClose={() => setDialog(null)}
          onProposed={(next) => {
            onAppointment(next);
            setDialog(null);
          }}
          onStale={onStale}
        />
      )}
    </div>
  );
}
