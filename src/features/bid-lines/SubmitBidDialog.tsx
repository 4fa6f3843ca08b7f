import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { CharacterCount, Checkbox, Textarea } from '../../components/ui/field.tsx';
import { labelOf } from '../../contract/options.ts';
import {
  type Bid,
  type BidData,
  type BidInput,
  BidSchema,
  bidTotal,
  needsInspectionSigner,
} from '../../contract/bids.ts';
import { MARKETPLACE, MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import type { ServiceRequest } from '../../contract/service-requests.ts';
import { ROUTES } from '../../contract/routes/marketplace.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { useWrite } from '../../lib/use-write.ts';
import { failedStatus, isTemporarilyUnavailable } from '../../lib/unavailable.ts';
import { UnavailableAlert } from '../../components/ui/unavailable-alert.tsx';
import { formatCurrency } from '../../lib/format.ts';
import { fieldAria, FormField } from '../../components/ui/form-field.tsx';
import { MoneyField, NumberField, TextField, todayIso } from '../../components/ui/form-bits.tsx';
import { $user } from '../../lib/session.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { LinesEditor, lineErrorsOf, type LineErrors } from './LinesEditor.tsx';
import { draftLine, linesBody, type DraftLine } from './line-drafts.ts';
import { DepositField } from '../payments/DepositField.tsx';
import { useAnswerChoices } from './use-coverage.ts';

const EMPTY: BidInput = {
  laborCost: '',
  partsCost: '',
  estimatedHours: '',
  availableStartDate: '',
  estimatedCompletionDate: '',
  warrantyPeriod: String(MARKETPLACE.warrantyPeriodDays),
  notes: '',
  inspectionSigner: { fullName: '', certificateNumber: '' },
};

const asNumber = (v: unknown) => {
  const n = Number(String(v ?? '').replace(/[$,]/g, ''));
  return Number.isFinite(n) ? n : 0;
};

/**
 * A bid, 'Submit Quote' on screen (docs/product.md §5, §12): labor, parts (0 when empty), hours
 * in steps of 0.5, dates, warranty in days (90 by default) and notes. The total shown is labor plus parts; the server computes its own.
 * After a success the form resets (warranty back to 90) and the dialog closes (docs/product.md §4).
 */
export default function SubmitBidDialog({
  request,
  mechanicIa,
  onClose,
  onSubmitted,
}: {
  request: ServiceRequest | null;
  /** Whether this mechanic holds an inspection authorization (from their profile). */
  mechanicIa: boolean;
  onClose: () => void;
  onSubmitted: (bid: Bid) => void;
}) {
  // Itemized: the lines replace labor, parts and hours, which the server sums from them.
  const [lines, setLines] = useState<DraftLine[] | null>(null);
  const [lineErrors, setLineErrors] = useState<LineErrors>({});
  const itemized = useRef(false);
  itemized.current = lines !== null;
  // Each line says which of the request's due items or squawks it answers (a plain quote answers all).
  const choices = useAnswerChoices(request?.aircraftId ? request.id : null, lines !== null);
  // An annual quoted without IA asks for the IA who signs it (14 CFR 65.95; docs/decisions/0140).
  const askSigner = request !== null && needsInspectionSigner(request.serviceType, mechanicIa);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm(BidSchema, EMPTY, {
    parsed: true,
    wrap: (check) => (values, context, options) =>
      check(
        itemized.current ? { ...values, laborCost: '0', partsCost: '0', estimatedHours: '1' } : values,
        context,
        options,
      ),
  });
  const labor = asNumber(watch('laborCost'));
  const parts = asNumber(watch('partsCost'));
  // While a cost is negative (being typed, or wrong) there is no total to show, never "-$150.00".
  const total = labor < 0 || parts < 0 ? null : bidTotal(labor, parts);
  const notes = watch('notes');

  // The parts deposit: pre-filled with the console's default once it is known.
  const [deposit, setDeposit] = useState<string | null>(null);
  const [depositError, setDepositError] = useState<string | undefined>(undefined);
  const [unavailable, setUnavailable] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    setUnavailable(false);
    setRefusal(null);
    setLines(null);
    setLineErrors({});
    reset(EMPTY);
    onClose();
  };

  const send = useWrite(ROUTES.requestBid, {
    fallback: 'Failed to submit quote',
    // Refused (quoted already from another tab, the request closed): the request is read again so
    // its card shows the truth behind it.
    stale: [ROUTES.requestsMatched],
    onSuccess: (bid) => {
      setLines(null);
      setLineErrors({});
      toast.success('Quote submitted successfully!');
      reset(EMPTY);
      onSubmitted(bid);
      onClose();
    },
    onError: (reason, err) => {
      console.error('Submitting the quote failed', err);
      if (isTemporarilyUnavailable(failedStatus(err))) {
        setUnavailable(true);
        toast.error('Failed to submit quote', { description: 'Nothing was lost: try again from the form.' });
        return;
      }
      const depositProblem =
        err instanceof ApiError ? err.errors?.find((e) => e.path === 'depositPercent')?.message : undefined;
      if (depositProblem) {
        setDepositError(depositProblem);
        toast.error('Failed to submit quote', { description: depositProblem });
        return;
      }
      if (err instanceof ApiError && err.status === 400 && itemized.current) {
        setLineErrors(lineErrorsOf(err.errors));
        toast.error('Failed to submit quote', { description: err.detail });
        return;
      }
      // Refused: the reason stays in the dialog.
      setRefusal(reason);
      toast.error('Failed to submit quote', reason === 'Failed to submit quote' ? {} : { description: reason });
    },
  });

  const onSubmit = async (values: BidData) => {
    if (!request) return;
    setUnavailable(false);
    setRefusal(null);
    const { inspectionSigner, ...spec } = values;
    // The spec's quote, and the IA who signs only when this quote is asked for one.
    const body = {
      ...(askSigner && inspectionSigner ? { ...spec, inspectionSigner } : spec),
      ...(deposit ? { depositPercent: deposit } : {}),
    };
    setDepositError(undefined);
    if (lines) {
      const { laborCost: _l, partsCost: _p, estimatedHours: _h, ...shared } = body;
      await send.run({ params: { id: request.id }, body: { ...shared, lines: linesBody(lines, choices) } });
    } else {
      await send.run({ params: { id: request.id }, body });
    }
  };

  const f = { prefix: 'quote', register, errors } as const;
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && close()}
      title="Submit Quote"
      description="Provide your quote for this service request"
      {...(lines ? { className: 'sm:max-w-2xl' } : {})}
    >
      {request && (
        <p className="mb-4 rounded-md bg-muted px-3 py-2 text-sm">
          {labelOf(MARKETPLACE_SERVICE_TYPES, request.serviceType)} · {request.aircraftMake} {request.aircraftModel} (
          {request.aircraftTailNumber}) · {request.serviceLocation}
        </p>
      )}
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-busy={isSubmitting}>
        <Checkbox
          id="quote-itemized"
          label="Itemize this quote: lines the owner can approve or defer"
          checked={lines !== null}
          onChange={(e) => {
            setLines(
              e.target.checked
                ? [
                    draftLine({
                      category: 'inspection',
                      description: labelOf(MARKETPLACE_SERVICE_TYPES, request?.serviceType ?? 'annual_inspection'),
                    }),
                  ]
                : null,
            );
            setLineErrors({});
          }}
        />
        {lines && (
          <LinesEditor
            lines={lines}
            onChange={setLines}
            errors={lineErrors}
            prefix="quote"
            choices={choices}
            {...($user.get()?.id ? { templateOwner: $user.get()!.id } : {})}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {!lines && (
            <>
              <MoneyField {...f} name="laborCost" label="Labor Cost ($) *" required />
              <MoneyField {...f} name="partsCost" label="Parts Cost ($)" />
              <NumberField
                {...f}
                name="estimatedHours"
                label="Estimated Hours *"
                min={MARKETPLACE.hoursStep}
                step={MARKETPLACE.hoursStep}
                required
              />
            </>
          )}
          <NumberField {...f} name="warrantyPeriod" label="Warranty (days)" min={0} step={1} />
          <TextField
            {...f}
            name="availableStartDate"
            label="Available Start Date *"
            type="date"
            min={todayIso()}
            required
          />
          <TextField
            {...f}
            name="estimatedCompletionDate"
            label="Est. Completion Date *"
            type="date"
            min={todayIso()}
            required
          />
          <DepositField value={deposit} onChange={setDeposit} error={depositError} />
        </div>
        {askSigner && (
          <fieldset className="space-y-3 rounded-md border border-border p-3" aria-describedby="quote-signer-why">
            <legend className="px-1 text-sm font-semibold">Who signs the annual</legend>
            <p id="quote-signer-why" className="text-sm text-muted-foreground">
              Your profile has no inspection authorization (IA), and only an IA can approve an annual for return to
              service (14 CFR 65.95). Name the IA who inspects and signs it: the owner sees this on your quote, and the
              IA signs the logbook entry from their own account. Left empty, the owner is told that nobody is named to
              sign.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...f} name="inspectionSigner.fullName" label="IA's full name" autoComplete="off" />
              <TextField
                {...f}
                name="inspectionSigner.certificateNumber"
                label="IA's certificate number"
                autoComplete="off"
              />
            </div>
          </fieldset>
        )}
        <FormField id="quote-notes" label="Additional Notes" error={errors.notes?.message}>
          <Textarea
            id="quote-notes"
            rows={3}
            maxLength={MARKETPLACE.text.notes}
            {...fieldAria('quote-notes', errors.notes?.message)}
            aria-describedby={errors.notes ? 'quote-notes-error quote-notes-count' : 'quote-notes-count'}
            {...register('notes')}
          />
          <CharacterCount id="quote-notes-count" value={notes} max={MARKETPLACE.text.notes} />
        </FormField>
        <p
          className="flex items-center justify-between rounded-md border border-border px-3 py-2"
          aria-live="polite"
          hidden={lines !== null}
        >
          <span className="text-sm text-muted-foreground">Total (labor + parts)</span>
          <span className="text-lg font-bold tabular-nums">{formatCurrency(total)}</span>
        </p>
        {unavailable && <UnavailableAlert busy={isSubmitting} />}
        {refusal && <Alert>{refusal}</Alert>}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" pending={isSubmitting}>
            Submit Quote
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
