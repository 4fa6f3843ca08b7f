import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input, Label } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AOG, aogSymptomLabel, type AogAdminItem } from '../../contract/aog.ts';
import { ROUTES } from '../../contract/routes.ts';
import { call } from '../../lib/api-client.ts';
import { refusalOf } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { nextOccurrence } from './format.ts';
import { usePoll } from './use-poll.ts';

function Item({ item, onAssigned }: { item: AogAdminItem; onAssigned: () => void }) {
  const [mechanicId, setMechanicId] = useState(item.candidates.find((c) => !c.busy)?.id ?? '');
  const [time, setTime] = useState('');
  const [fee, setFee] = useState('');
  const assignWrite = useWrite(ROUTES.adminAogAssign, {
    fallback: 'Could not assign. Please try again.',
    onSuccess: () => {
      toast.success('Mechanic dispatched; the owner is told');
      onAssigned();
    },
  });
  const assign = () => {
    const arriveBy = time ? nextOccurrence(time) : null;
    const cents = fee.trim() ? Math.round(Number(fee) * 100) : null;
    void assignWrite.run({
      params: { id: item.id },
      body: {
        mechanicId,
        ...(arriveBy ? { arriveBy } : {}),
        ...(cents !== null && Number.isFinite(cents) ? { calloutFeeCents: cents } : {}),
      },
    });
  };
  const old = item.ageMinutes >= AOG.escalateEveryMinutes * (AOG.radiusStepsMiles.length - 1);
  return (
    <li className="rounded-md border border-border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {item.aircraftTailNumber} at {item.airportLabel}
        </p>
        <p className={old ? 'font-bold text-destructive' : 'font-semibold'}>open {item.ageMinutes} min</p>
      </div>
      <p className="text-sm">{item.symptoms.map(aogSymptomLabel).join(', ')}</p>
      <p className="text-sm text-muted-foreground">
        Owner {item.owner.name},{' '}
        <a className="underline" href={`tel:${item.owner.callbackPhone.replace(/[^\d+]/g, '')}`}>
          {item.owner.callbackPhone}
        </a>{' '}
        · radius {item.radiusMiles} mi (step {item.step}) · {item.notified} asked · {item.offers} offers
      </p>
      {item.candidates.length === 0 ? (
        <p className="mt-2 text-sm">No approved mechanic within 200 mi.</p>
      ) : (
        <fieldset className="mt-2">
          <legend className="text-sm font-medium">Phone a mechanic, then assign</legend>
          <ul className="mt-1 space-y-1">
            {item.candidates.map((c) => (
              <li key={c.id}>
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`assign-${item.id}`}
                    value={c.id}
                    checked={mechanicId === c.id}
                    onChange={() => setMechanicId(c.id)}
                  />
                  <span>
                    {c.name} · {c.distanceMiles} mi (serves {c.serviceRadius}) ·{' '}
                    {c.phone ? (
                      <a className="underline" href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>
                        {c.phone}
                      </a>
                    ) : (
                      'no phone'
                    )}
                    {c.available ? ' · available for AOG' : ''}
                    {c.busy ? ' · on another AOG' : ''}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:max-w-md">
            <div>
              <Label htmlFor={`assign-time-${item.id}`}>On site by</Label>
              <Input id={`assign-time-${item.id}`} type="time" value={time} onChange={(e) => setTime(e.target.value)} />
            </div>
            <div>
              <Label htmlFor={`assign-fee-${item.id}`}>Call-out fee ($)</Label>
              <Input
                id={`assign-fee-${item.id}`}
                inputMode="decimal"
                value={fee}
                onChange={(e) => setFee(e.target.value)}
              />
            </div>
          </div>
          {assignWrite.error && <Alert className="mt-2">{assignWrite.error}</Alert>}
          <Button className="mt-2" pending={assignWrite.pending} disabled={!mechanicId} onClick={assign}>
            Assign mechanic
          </Button>
          <p className="mt-1 text-xs text-muted-foreground">
            A mechanic paid through Skyward starts once the owner saves a card: the owner is asked for it in the
            dashboard and by email, as when they accept an offer.
          </p>
        </fieldset>
      )}
    </li>
  );
}

/** The console's AOG tab: every open call, oldest first, with its age; phone dispatch by assigning. */
export default function AdminAogPanel() {
  const list = usePoll(() => call(ROUTES.adminAog, { query: {} }), AOG.openPollMs, 'admin');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Aircraft on ground: open calls</CardTitle>
      </CardHeader>
      <CardContent>
        {!list.data ? (
          list.error ? (
            <Alert>{refusalOf(list.error, 'Could not load the open calls.')}</Alert>
          ) : (
            <Spinner />
          )
        ) : list.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No aircraft on ground is waiting for a mechanic.</p>
        ) : (
          <ul className="space-y-3" aria-label="Open aircraft-on-ground calls">
            {list.data.map((item) => (
              <Item key={item.id} item={item} onAssigned={() => void list.reload()} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
