import { Send } from 'lucide-react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  HomeAirportNeededSchema,
  MAINTENANCE,
  MaintenanceRequestSchema,
  SQUAWK_PRIORITIES,
  type MaintenanceItem,
  type Squawk,
} from '../../contract/maintenance.ts';
import { type Aircraft, URGENCY_LEVELS, type UrgencyLevel } from '../../contract/marketplace.ts';
import { z } from '../../contract/zod.ts';
import type { ServiceRequest } from '../../contract/service-requests.ts';
import { labelOf } from '../../contract/options.ts';
import { ROUTES } from '../../contract/routes/maintenance.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { useWrite } from '../../lib/use-write.ts';
import { SelectField, TextareaField, TextField, todayIso } from '../../components/ui/form-bits.tsx';
import { urgencyFor } from './rules.ts';
import { errorText, ItemStatusBadge } from './ui-bits.tsx';
import { dueText } from './due-words.ts';

interface Values {
  /** What was chosen on the due list: sent as they are, checked by the request's own schema. */
  itemIds: string[];
  squawkIds: string[];
  homeAirport: string;
  note: string;
  preferredStartDate: string;
  estimatedBudget: string;
  urgencyLevel: UrgencyLevel;
}

const FIELDS = ['homeAirport', 'note', 'preferredStartDate', 'estimatedBudget', 'urgencyLevel'] as const;

/**
 * The review step of "Request service" from the due list: what goes to the mechanics (the chosen
 * items and squawks), the owner's note, when they would like it done, a budget and the urgency,
 * which the owner chooses (the suggestion says why it is suggested). Nothing is sent before
 * "Send request".
 */
export function RequestReviewDialog({
  aircraft,
  items,
  squawks,
  onOpenChange,
  onSent,
  onAircraftChanged,
}: {
  aircraft: Aircraft;
  items: MaintenanceItem[];
  squawks: Squawk[];
  onOpenChange: (open: boolean) => void;
  onSent: (request: ServiceRequest) => void;
  /** The home airport typed here was saved on the aircraft. */
  onAircraftChanged?: () => void;
}) {
  const suggested = urgencyFor(items, squawks);
  // A new aircraft has no home airport, and the request goes to mechanics near it: asked here,
  // rather than refused after the owner chose and wrote everything.
  const needsHome = !aircraft.homeAirport;
  const {
    register,
    handleSubmit,
    setError,
    placeErrors,
    formState: { errors },
  } = useContractForm<Values>(
    // The request's own schema; and, for an aircraft without one, its home airport.
    needsHome ? z.intersection(MaintenanceRequestSchema, HomeAirportNeededSchema) : MaintenanceRequestSchema,
    {
      itemIds: items.map((i) => i.id),
      squawkIds: squawks.map((s) => s.id),
      homeAirport: '',
      note: '',
      preferredStartDate: '',
      estimatedBudget: '',
      urgencyLevel: suggested,
    },
    { fields: FIELDS },
  );
  const saveHome = useWrite(ROUTES.aircraftUpdate, { fallback: 'Could not save the home airport', reason: errorText });
  const create = useWrite(ROUTES.maintenanceRequest, {
    fallback: 'Could not create the service request',
    reason: errorText,
    onError: (_message, error) => placeErrors(error),
  });
  const busy = create.pending || saveHome.pending;
  // A field's problem is under it; the alert says the rest.
  const error = FIELDS.some((f) => errors[f]) ? null : (errors.itemIds?.message ?? create.error);
  const why =
    suggested === 'high'
      ? `Suggested: High, because ${items.some((i) => i.status === 'overdue') ? 'an item is overdue' : 'a squawk grounds the aircraft'}.`
      : 'Suggested: Normal, since nothing chosen is overdue or grounding.';

  const send = async (v: Values) => {
    if (busy) return;
    if (needsHome) {
      const saved = await saveHome.run({ params: { id: aircraft.id }, body: { homeAirport: v.homeAirport.trim() } });
      if (!saved.ok) return setError('homeAirport', { type: 'server', message: saved.error });
      onAircraftChanged?.();
    }
    const sent = await create.run({
      params: { id: aircraft.id },
      body: {
        itemIds: v.itemIds,
        squawkIds: v.squawkIds,
        urgencyLevel: v.urgencyLevel,
        ...(v.note.trim() ? { note: v.note.trim() } : {}),
        ...(v.preferredStartDate ? { preferredStartDate: v.preferredStartDate } : {}),
        ...(v.estimatedBudget.trim() ? { estimatedBudget: v.estimatedBudget.trim() } : {}),
      },
    });
    if (!sent.ok) return;
    onSent(sent.data);
    onOpenChange(false);
  };

  const f = { prefix: 'review', register, errors } as const;
  return (
    <Dialog
      open
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title={`Review the request for ${aircraft.tailNumber}`}
      description={`Mechanics near ${aircraft.homeAirport ?? 'the aircraft’s home airport'} receive it and send quotes.`}
    >
      <form onSubmit={handleSubmit(send)} noValidate className="space-y-4" aria-busy={busy}>
        <section aria-labelledby="review-items">
          <h3 id="review-items" className="mb-1 text-sm font-semibold">
            Service for
          </h3>
          <ul className="space-y-1 text-sm" data-testid="review-list">
            {items.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-2">
                <ItemStatusBadge status={i.status} />
                <span className="font-medium">{i.title}</span>
                <span className="text-muted-foreground">due {dueText(i)}</span>
              </li>
            ))}
            {squawks.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-2">
                <span className="rounded border border-border px-1.5 text-xs">
                  {labelOf(SQUAWK_PRIORITIES, s.priority)}
                </span>
                <span className="font-medium">Squawk: {s.title}</span>
              </li>
            ))}
          </ul>
        </section>
        {needsHome && (
          <TextField
            {...f}
            name="homeAirport"
            id="review-home"
            label="Home airport"
            hint="Where the aircraft is: an airport code (KRNO) or a city and state. Saved on the aircraft."
            marked
            required
            maxLength={MAINTENANCE.text.airport}
          />
        )}
        <TextareaField
          {...f}
          name="note"
          label="Note for the mechanics"
          hint="Anything they should know: access, parts on hand, what else you would like looked at."
          rows={3}
          maxLength={MAINTENANCE.text.note}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...f}
            name="preferredStartDate"
            id="review-start"
            label="Preferred start date"
            hint="Leave empty if any date works."
            type="date"
            min={todayIso()}
          />
          <TextField
            {...f}
            name="estimatedBudget"
            id="review-budget"
            label="Estimated budget (USD)"
            hint="Optional."
            type="number"
            inputMode="decimal"
            min={0}
            step={1}
          />
        </div>
        <SelectField
          {...f}
          name="urgencyLevel"
          id="review-urgency"
          label="Urgency"
          hint={why}
          options={URGENCY_LEVELS}
        />
        {error && <Alert>{error}</Alert>}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Back to the due list
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner /> : <Send className="h-4 w-4" aria-hidden="true" />}
            Send request
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
