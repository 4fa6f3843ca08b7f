import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FieldError, Input } from '../../components/ui/field.tsx';
import { fieldAria, FormField } from '../../components/ui/form-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  AOG,
  AogAssignFormSchema,
  aogSymptomLabel,
  feeCentsOfTyped,
  type AogAdminItem,
  type AogAssignData,
  type AogAssignFormValues,
} from '../../contract/aog.ts';
import { timeZoneOfLabel } from '../../contract/appointment-schedule.ts';
import { ROUTES } from '../../contract/routes/aog.ts';
import { ROUTES as INBOX_ROUTES } from '../../contract/routes/inbox.ts';
import { call } from '../../lib/api-client.ts';
import { refusalOf } from '../../lib/refusal.ts';
import { useWrite } from '../../lib/use-write.ts';
import { invalidate, keyOf } from '../../lib/use-query.ts';
import { arrivalText, feeText, nextOccurrence, onSiteLabel } from './format.ts';
import { usePoll } from './use-poll.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';

function Item({ item, onAssigned }: { item: AogAdminItem; onAssigned: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(
    AogAssignFormSchema,
    { mechanicId: item.candidates.find((c) => !c.busy)?.id ?? '', time: '', fee: '' },
    { parsed: true },
  );
  // What the owner will be told, asked before the dispatch goes out.
  const [asking, setAsking] = useState<{ body: AogAssignData; mechanic: string } | null>(null);
  const assignWrite = useWrite(ROUTES.adminAogAssign, {
    fallback: 'Could not assign. Please try again.',
    onSuccess: () => {
      setAsking(null);
      toast.success('Mechanic dispatched; the owner is told');
      invalidate(keyOf(INBOX_ROUTES.adminInboxSummary, {}));
      onAssigned();
    },
  });
  const zone = timeZoneOfLabel(item.airportLabel);
  const ask = (v: AogAssignFormValues) => {
    const arriveBy = nextOccurrence(v.time, zone);
    if (!arriveBy) return;
    const mechanic = item.candidates.find((c) => c.id === v.mechanicId)?.name ?? 'The mechanic';
    assignWrite.clearError();
    setAsking({ body: { mechanicId: v.mechanicId, arriveBy, calloutFeeCents: feeCentsOfTyped(v.fee) }, mechanic });
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
                  <input type="radio" value={c.id} {...register('mechanicId')} />
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
          <FieldError id={`assign-mechanic-${item.id}-error`} message={errors.mechanicId?.message} />
          <div className="mt-2 grid grid-cols-2 gap-2 sm:max-w-md">
            <FormField id={`assign-time-${item.id}`} label={onSiteLabel(zone)} error={errors.time?.message}>
              <Input
                id={`assign-time-${item.id}`}
                type="time"
                {...fieldAria(`assign-time-${item.id}`, errors.time?.message)}
                {...register('time')}
              />
            </FormField>
            <FormField id={`assign-fee-${item.id}`} label="Call-out fee ($)" error={errors.fee?.message}>
              <Input
                id={`assign-fee-${item.id}`}
                inputMode="decimal"
                {...fieldAria(`assign-fee-${item.id}`, errors.fee?.message)}
                {...register('fee')}
              />
            </FormField>
          </div>
          <Button className="mt-2" onClick={handleSubmit(ask)}>
            Assign mechanic
          </Button>
          <p className="mt-1 text-xs text-muted-foreground">
            A mechanic paid through Skyward starts once the owner saves a card: the owner is asked for it in the
            dashboard and by email, as when they accept an offer.
          </p>
        </fieldset>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Dispatch ${asking?.mechanic ?? ''}?`}
        description={
          asking
            ? `${item.owner.name} is told at once: “${asking.mechanic} is dispatched to ${item.aircraftTailNumber} at ${item.airport}: on site by ${arrivalText(asking.body.arriveBy!, zone)}.” Call-out fee: ${asking.body.calloutFeeCents ? feeText(asking.body.calloutFeeCents) : 'none'}. ${asking.mechanic} gets the owner's number and the access details by email and text.`
            : ''
        }
        confirmLabel="Dispatch"
        busy={assignWrite.pending}
        error={assignWrite.error}
        onConfirm={() => {
          if (asking) void assignWrite.run({ params: { id: item.id }, body: asking.body });
        }}
      />
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
