import { MapPin, Phone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input, Label } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  AOG,
  AOG_JOB_STATUSES,
  aogStatusLabel,
  aogSymptomLabel,
  type AogJobStatus,
  type AogOpenCall,
  type AogSummary,
} from '../../contract/aog.ts';
import { timeZoneOfLabel } from '../../contract/appointment-schedule.ts';
import { ROUTES } from '../../contract/routes/aog.ts';
import { call } from '../../lib/api-client.ts';
import { refusalOf } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { useRoute } from '../../lib/use-query.ts';
import { Timeline } from './AogLive.tsx';
import { ageText, arrivalText, feeText, nextOccurrence, onSiteLabel } from './format.ts';
import { usePoll } from './use-poll.ts';

function dollarsToCents(text: string): number | null {
  const n = Number(text.replace(/[$,\s]/g, ''));
  return text.trim() !== '' && Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** One open call and the mechanic's answer: arrival time and call-out fee, sent in two taps. */
function OpenCall({ item, onOffered }: { item: AogOpenCall; onOffered: () => void }) {
  const zone = timeZoneOfLabel(item.airportLabel);
  const [time, setTime] = useState('');
  const [fee, setFee] = useState(item.myOffer ? String(item.myOffer.calloutFeeCents / 100) : '');
  const [message, setMessage] = useState<string | null>(null);
  const offer = useWrite(ROUTES.aogOffer, {
    fallback: 'Could not send the offer. Please try again.',
    onSuccess: (sent) => {
      toast.success(`Offer sent: on site by ${arrivalText(sent.arriveBy, zone)}`);
      onOffered();
    },
    onError: setMessage,
  });
  const send = () => {
    setMessage(null);
    const arriveBy = nextOccurrence(time, zone);
    const cents = dollarsToCents(fee);
    if (!arriveBy) return setMessage('Say when you can be on site');
    if (cents === null) return setMessage('Say your call-out fee (0 for none)');
    void offer.run({ params: { id: item.id }, body: { arriveBy, calloutFeeCents: cents } });
  };
  return (
    <li id={`item-${item.id}`} className="rounded-md border border-destructive/40 p-3">
      <p className="font-semibold">
        {item.aircraft.tailNumber} · {item.aircraft.make} {item.aircraft.model}
      </p>
      <p className="flex items-center gap-1 text-sm">
        <MapPin className="h-4 w-4" aria-hidden="true" />
        {item.airportLabel}, {item.locationOnField} · {item.distanceMiles} mi · {ageText(item.createdAt)} ago
      </p>
      <p className="mt-1 text-sm">{item.symptoms.map(aogSymptomLabel).join(', ')}</p>
      {item.description && <p className="text-sm text-muted-foreground">{item.description}</p>}
      <p className="text-sm text-muted-foreground">
        {item.canFlyOut ? 'Can fly out' : 'Cannot fly out'}
        {item.escortRequired ? ' · escort needed on the ramp' : ''} · {item.offers}{' '}
        {item.offers === 1 ? 'offer' : 'offers'} so far
      </p>
      {item.myOffer && (
        <p className="mt-1 text-sm font-medium">
          Your offer: on site by {arrivalText(item.myOffer.arriveBy, zone)}, {feeText(item.myOffer.calloutFeeCents)}
        </p>
      )}
      <div className="mt-2 grid grid-cols-2 gap-2">
        <div>
          <Label htmlFor={`aog-time-${item.id}`}>{onSiteLabel(zone)}</Label>
          <Input
            id={`aog-time-${item.id}`}
            type="time"
            className="h-12"
            value={time}
            onChange={(e) => setTime(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`aog-fee-${item.id}`}>Call-out fee ($)</Label>
          <Input
            id={`aog-fee-${item.id}`}
            inputMode="decimal"
            className="h-12"
            value={fee}
            onChange={(e) => setFee(e.target.value)}
          />
        </div>
      </div>
      {message && <Alert className="mt-2">{message}</Alert>}
      <Button size="lg" className="mt-2 w-full" pending={offer.pending} onClick={send}>
        {item.myOffer ? 'Update my offer' : 'Send offer'}
      </Button>
    </li>
  );
}

/** A dispatch the mechanic holds: the owner's details, and the status buttons that tell the owner. */
function Dispatch({ summary }: { summary: AogSummary }) {
  const live = usePoll(() => call(ROUTES.aogOne, { params: { id: summary.id } }), AOG.livePollMs * 5, summary.id);
  const [status, setStatus] = useState<AogJobStatus | null>(null);
  const [time, setTime] = useState('');
  const [part, setPart] = useState('');
  const [note, setNote] = useState('');
  const report = useWrite(ROUTES.aogStatus, {
    fallback: 'Could not update the status. Please try again.',
    onSuccess: (updated) => {
      live.setData(updated);
      setStatus(null);
      setTime('');
      setPart('');
      setNote('');
      toast.success(`Status: ${aogStatusLabel(updated.status)}. The owner is told.`);
    },
  });
  const view = live.data;
  if (!view)
    return (
      <li className="text-sm text-muted-foreground">
        {live.error ? refusalOf(live.error, 'Could not load this call.') : 'Loading...'}
      </li>
    );
  const zone = timeZoneOfLabel(view.airportLabel);
  const closed = view.status === 'fixed' || view.status === 'cancelled';

  const send = () => {
    if (!status) return;
    const arriveBy = time ? nextOccurrence(time, zone) : null;
    void report.run({
      params: { id: view.id },
      body: { status, ...(arriveBy ? { arriveBy } : {}), ...(part ? { part } : {}), note },
    });
  };

  return (
    <li id={`item-${view.id}`} className="space-y-2 rounded-md border border-border p-3">
      <p className="font-semibold">
        {view.aircraft.tailNumber} at {view.airportLabel} · {aogStatusLabel(view.status)}
      </p>
      <p className="text-sm">
        {view.locationOnField}. {view.symptoms.map(aogSymptomLabel).join(', ')}
        {view.arriveBy && !closed ? `. On site by ${arrivalText(view.arriveBy, zone)}` : ''}
      </p>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <a
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-accent underline"
          href={`tel:${view.callbackPhone.replace(/[^\d+]/g, '')}`}
        >
          <Phone className="h-4 w-4" aria-hidden="true" />
          {view.callbackPhone}
        </a>
        {view.access.escortRequired && <span>Escort needed</span>}
        {view.access.gateCode && <span>Gate code {view.access.gateCode}</span>}
        {view.access.afterHoursContact && <span>After hours: {view.access.afterHoursContact}</span>}
      </p>
      {!closed && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Tell the owner</legend>
          <div className="grid grid-cols-2 gap-2 min-[480px]:grid-cols-3">
            {AOG_JOB_STATUSES.map((s) => (
              <Button
                key={s.value}
                variant={status === s.value ? 'default' : 'outline'}
                className="min-h-12 whitespace-normal"
                aria-pressed={status === s.value}
                onClick={() => setStatus(s.value)}
              >
                {s.label}
              </Button>
            ))}
          </div>
          {status && (
            <div className="mt-2 space-y-2">
              {status === 'en_route' && (
                <div>
                  <Label htmlFor={`aog-eta-${view.id}`}>New arrival time (optional)</Label>
                  <Input
                    id={`aog-eta-${view.id}`}
                    type="time"
                    className="h-12"
                    value={time}
                    onChange={(e) => setTime(e.target.value)}
                  />
                </div>
              )}
              {status === 'parts_needed' && (
                <div>
                  <Label htmlFor={`aog-part-${view.id}`}>Part and when it arrives</Label>
                  <Input
                    id={`aog-part-${view.id}`}
                    className="h-12"
                    value={part}
                    onChange={(e) => setPart(e.target.value)}
                    maxLength={AOG.text.part}
                    placeholder="Starter solenoid, tomorrow 10:00"
                  />
                </div>
              )}
              <div>
                <Label htmlFor={`aog-note-${view.id}`}>Note (optional)</Label>
                <Input
                  id={`aog-note-${view.id}`}
                  className="h-12"
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  maxLength={AOG.text.note}
                />
              </div>
              <Button size="lg" className="w-full" pending={report.pending} onClick={send}>
                Send: {aogStatusLabel(status)}
              </Button>
            </div>
          )}
        </fieldset>
      )}
      {report.error && <Alert>{report.error}</Alert>}
      <details>
        <summary className="cursor-pointer text-sm font-medium">Timeline</summary>
        <div className="mt-2">
          <Timeline view={view} />
        </div>
      </details>
    </li>
  );
}

/**
 * The mechanic's "AOG calls" tab: the open calls that reach them (nearest first, read again every
 * AOG.openPollMs), each answered with an arrival time and a call-out fee; then the calls they were
 * dispatched to, with the status buttons that tell the owner.
 */
export default function MechanicAogPanel() {
  const open = usePoll(() => call(ROUTES.aogOpen), AOG.openPollMs, 'open');
  const mine = usePoll(() => call(ROUTES.aogMine, { query: {} }), AOG.openPollMs, 'mine');
  // The empty list says what the mechanic's own setting does, not to turn on what is already on.
  const availability = useRoute(ROUTES.aogAvailability);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Aircraft on ground near you</CardTitle>
        </CardHeader>
        <CardContent>
          {open.error && !open.data ? (
            <Alert>{refusalOf(open.error, 'Could not load the open calls.')}</Alert>
          ) : !open.data ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> Loading...
            </p>
          ) : open.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No aircraft on ground in your area right now.{' '}
              {availability.data?.available
                ? `You are available for AOG calls: a new one reaches you at once, at any hour, by email${availability.data.hasPhone ? ' and text' : ' (add a phone number to your account to get texts too)'}.`
                : availability.data
                  ? 'Turn on “Available for AOG calls” in your Profile to get them by text at any hour.'
                  : ''}
            </p>
          ) : (
            <ul className="space-y-3" aria-label="Open calls">
              {open.data.map((item) => (
                <OpenCall key={item.id} item={item} onOffered={() => void open.reload()} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your dispatches</CardTitle>
        </CardHeader>
        <CardContent>
          {!mine.data ? (
            mine.error ? (
              <Alert>{refusalOf(mine.error, 'Could not load your dispatches.')}</Alert>
            ) : (
              <Spinner />
            )
          ) : mine.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              When an owner accepts your offer, the call shows here with their phone number and your status buttons.
            </p>
          ) : (
            <ul className="space-y-3" aria-label="Your dispatches">
              {mine.data.map((s) => (
                <Dispatch key={s.id} summary={s} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
