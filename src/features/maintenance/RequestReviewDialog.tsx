import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { Input, NativeSelect, Textarea } from '../../components/ui/field.tsx';
import { FormField, fieldAria } from '../../components/ui/form-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { MAINTENANCE, SQUAWK_PRIORITIES, type MaintenanceItem, type Squawk } from '../../contract/maintenance.ts';
import { type Aircraft, URGENCY_LEVELS, type UrgencyLevel } from '../../contract/marketplace.ts';
import type { ServiceRequest } from '../../contract/service-requests.ts';
import { labelOf } from '../../contract/options.ts';
import { ROUTES } from '../../contract/routes.ts';
import { useWrite } from '../../lib/use-write.ts';
import { todayIso } from '../../components/ui/form-bits.tsx';
import { urgencyFor } from './rules.ts';
import { dueText, errorText, ItemStatusBadge } from './ui-bits.tsx';

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
  // rather than refused after the owner chose and wrote everything (the walk of issue 26).
  const needsHome = !aircraft.homeAirport;
  const [home, setHome] = useState('');
  const [homeError, setHomeError] = useState<string | undefined>();
  const saveHome = useWrite(ROUTES.aircraftUpdate, { fallback: 'Could not save the home airport', reason: errorText });
  const [note, setNote] = useState('');
  const [start, setStart] = useState('');
  const [budget, setBudget] = useState('');
  const [urgency, setUrgency] = useState<UrgencyLevel>(suggested);
  const create = useWrite(ROUTES.maintenanceRequest, {
    fallback: 'Could not create the service request',
    reason: errorText,
  });
  const busy = create.pending || saveHome.pending;
  const [error, setError] = useState<string | null>(null);
  const why =
    suggested === 'high'
      ? `Suggested: High, because ${items.some((i) => i.status === 'overdue') ? 'an item is overdue' : 'a squawk grounds the aircraft'}.`
      : 'Suggested: Normal, since nothing chosen is overdue or grounding.';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (needsHome && !home.trim()) {
      setHomeError('Say where the aircraft is: an airport code or a city and state');
      return;
    }
    setError(null);
    setHomeError(undefined);
    if (needsHome) {
      const saved = await saveHome.run({ params: { id: aircraft.id }, body: { homeAirport: home.trim() } });
      if (!saved.ok) return setHomeError(saved.error);
      onAircraftChanged?.();
    }
    const sent = await create.run({
      params: { id: aircraft.id },
      body: {
        itemIds: items.map((i) => i.id),
        squawkIds: squawks.map((s) => s.id),
        urgencyLevel: urgency,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(start ? { preferredStartDate: start } : {}),
        ...(budget.trim() ? { estimatedBudget: budget.trim() } : {}),
      },
    });
    if (!sent.ok) return setError(sent.error);
    onSent(sent.data);
    onOpenChange(false);
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title={`Review the request for ${aircraft.tailNumber}`}
      description={`Mechanics near ${aircraft.homeAirport ?? 'the aircraft’s home airport'} receive it and send quotes.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
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
          <FormField
            id="review-home"
            label="Home airport"
            required
            hint="Where the aircraft is: an airport code (KRNO) or a city and state. Saved on the aircraft."
            error={homeError}
          >
            <Input
              id="review-home"
              required
              maxLength={60}
              value={home}
              onChange={(e) => setHome(e.target.value)}
              {...fieldAria('review-home', homeError, true)}
            />
          </FormField>
        )}
        <FormField
          id="review-note"
          label="Note for the mechanics"
          hint="Anything they should know: access, parts on hand, what else you would like looked at."
        >
          <Textarea
            id="review-note"
            aria-describedby="review-note-hint"
            rows={3}
            maxLength={MAINTENANCE.text.note}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="review-start" label="Preferred start date" hint="Leave empty if any date works.">
            <Input
              id="review-start"
              aria-describedby="review-start-hint"
              type="date"
              min={todayIso()}
              value={start}
              onChange={(e) => setStart(e.target.value)}
            />
          </FormField>
          <FormField id="review-budget" label="Estimated budget (USD)" hint="Optional.">
            <Input
              id="review-budget"
              aria-describedby="review-budget-hint"
              type="number"
              inputMode="decimal"
              min={0}
              step={1}
              value={budget}
              onChange={(e) => setBudget(e.target.value)}
            />
          </FormField>
        </div>
        <FormField id="review-urgency" label="Urgency" hint={why}>
          <NativeSelect
            id="review-urgency"
            aria-describedby="review-urgency-hint"
            options={URGENCY_LEVELS}
            value={urgency}
            onChange={(e) => setUrgency(e.target.value as UrgencyLevel)}
          />
        </FormField>
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
