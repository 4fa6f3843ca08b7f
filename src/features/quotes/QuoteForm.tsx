import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { BUSINESS } from '../../contract/business.ts';
import {
  AIRCRAFT_TYPES,
  HONEYPOT_FIELD,
  PREFERRED_TIMEFRAMES,
  QUOTE_FORM_DEFAULTS as D,
  QUOTE_SERVICE_TYPES,
} from '../../contract/quote-fields.ts';
import type { Option } from '../../contract/options.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  CharacterCount,
  Checkbox,
  FieldError,
  Input,
  Label,
  NativeSelect,
  Textarea,
} from '../../components/ui/field.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToastOnDemand } from '../../components/ui/toast-on-demand.tsx';
import { postPublic } from '../../lib/post-public.ts';
import { tryAgain } from '../../lib/unavailable.ts';
import { CODE_CLAIMED_EVENT } from '../../contract/popup.ts';
import {
  CAPPED_TEXT,
  INVOICE_PARTS_OPTIONS,
  comparedText,
  invoiceBoundsText,
  savingsFigure,
} from '../../contract/savings.ts';
import { claimedCode } from '../leads/popup-flags.ts';
import {
  QUOTE_SAVINGS_TOAST_DELAY_MS,
  TEXT_LIMITS,
  isService,
  QUOTE_TOASTS,
  checkQuoteFields,
  interpretQuoteResponse,
  liveEstimate,
  optionLabel,
  quotePayload,
  usd,
  type LiveEstimate,
  type QuoteField,
  type QuoteOutcome,
  type QuotePayload,
} from './quote-form.ts';

type Errors = Partial<Record<string, string>>;
type Sent = {
  payload: QuotePayload;
  message: string;
  estimate: LiveEstimate;
  savings: number | undefined;
  dollars: number | undefined;
  emailGoing: boolean;
};

const idOf = (name: QuoteField) => `quote-${name}`;
const errorIdOf = (name: QuoteField) => `quote-${name}-error`;

async function sendQuote(payload: QuotePayload): Promise<QuoteOutcome> {
  try {
    const res = await postPublic('/quotes', payload);
    return interpretQuoteResponse(res.status, res.data);
  } catch {
    return { kind: 'network' };
  }
}

/**
 * The public quote and message form (docs/product.md §2, §3, §5 and §8). Inputs are uncontrolled: what a
 * visitor types before the island hydrates is kept, and a success resets the form to its default
 * values (QUOTE_FORM_DEFAULTS) with the browser's own reset. On submit every field's problem shows
 * beside it at once (no browser bubbles: `noValidate`); the server validates everything again and
 * its messages show the same way. The savings estimate follows the invoice as it is typed, from the
 * server's own model (src/contract/savings.ts). After sending, a confirmation replaces the form.
 */
export default function QuoteForm() {
  const [hydrated, setHydrated] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [estimate, setEstimate] = useState<LiveEstimate>({ kind: 'none' });
  const [sent, setSent] = useState<Sent | null>(null);
  /** Lengths of the limited text fields, for their counters (the inputs are uncontrolled). */
  const [lengths, setLengths] = useState<Partial<Record<QuoteField, number>>>({});
  const [service, setService] = useState('');
  const toasts = useToastOnDemand();
  const formRef = useRef<HTMLFormElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setHydrated(true);
    // What was typed or chosen before hydration counts too: the estimate, the chosen service's
    // invoice bounds in the hint, and the typed lengths (no input event comes for them after).
    const form = formRef.current;
    if (form) {
      setEstimate(estimateOf(form));
      const chosen = form.elements.namedItem('serviceType');
      if (chosen instanceof HTMLSelectElement) setService(chosen.value);
      const typed: Partial<Record<QuoteField, number>> = {};
      for (const name of Object.keys(TEXT_LIMITS) as QuoteField[]) {
        const control = form.elements.namedItem(name);
        if ((control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) && control.value)
          typed[name] = control.value.length;
      }
      setLengths(typed);
    }
    // The code this browser claimed in the popup, now or later (docs/decisions/0192).
    const fill = (code: string) => {
      const input = formRef.current?.elements.namedItem('discountCode');
      if (code && input instanceof HTMLInputElement && !input.value) input.value = code;
    };
    fill(claimedCode());
    const onClaim = (e: Event) => fill(String((e as CustomEvent).detail ?? ''));
    window.addEventListener(CODE_CLAIMED_EVENT, onClaim);
    return () => window.removeEventListener(CODE_CLAIMED_EVENT, onClaim);
  }, []);

  useEffect(() => {
    if (sent) confirmationRef.current?.focus();
  }, [sent]);

  /** A control's attributes tying it to its label and error line, and the server's message for it. */
  const field = (
    name: QuoteField,
    hint?: string,
  ): { control: ControlProps; error: string | undefined; counter?: ReactNode } => {
    const error = errors[name];
    const limit = TEXT_LIMITS[name];
    const countId = `quote-${name}-count`;
    const describedBy = [error ? errorIdOf(name) : '', hint ?? '', limit ? countId : ''].filter(Boolean).join(' ');
    return {
      control: {
        id: idOf(name),
        name,
        'aria-invalid': error ? true : undefined,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(limit ? { maxLength: limit.max } : {}),
      },
      error,
      ...(limit
        ? { counter: <CharacterCount id={countId} value={'x'.repeat(lengths[name] ?? 0)} max={limit.max} /> }
        : {}),
    };
  };

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const name = target.name;
    if (name && errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    if (name && TEXT_LIMITS[name as QuoteField])
      setLengths((l) => (l[name as QuoteField] === target.value.length ? l : { ...l, [name]: target.value.length }));
    if (name === 'serviceType') setService(target.value);
    if (
      name === 'lastInvoiceAmount' ||
      name === 'serviceType' ||
      name === 'aircraftType' ||
      name === 'invoiceIncludesParts'
    )
      setEstimate(estimateOf(event.currentTarget));
  };

  /** Takes keyboard and screen-reader users to the first field with a problem. */
  const focusFirst = (form: HTMLFormElement, fieldErrors: Errors) => {
    const first = Array.from(form.elements).find(
      (el): el is HTMLElement =>
        el instanceof HTMLElement && 'name' in el && fieldErrors[(el as HTMLInputElement).name] !== undefined,
    );
    requestAnimationFrame(() => first?.focus());
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const payload = quotePayload(new FormData(form));
    const problems = checkQuoteFields(payload);
    if (Object.keys(problems).length) {
      setErrors(problems);
      focusFirst(form, problems);
      return;
    }
    setSubmitting(true);
    const outcome = await sendQuote(payload);
    setSubmitting(false);

    switch (outcome.kind) {
      case 'success': {
        setSent({
          payload,
          message: outcome.message,
          estimate: estimateOf(form),
          savings: outcome.estimatedSavings,
          dollars: outcome.estimatedSavingsDollars,
          emailGoing: outcome.emailGoing,
        });
        // The spec's toasts (the server's message, then the savings), beside the confirmation that
        // stays in place of the form for a visitor who scrolled away before they faded.
        toasts.show((toast) => toast.success(outcome.message));
        const { estimatedSavings: savings, estimatedSavingsDollars: dollars } = outcome;
        if (savings !== undefined)
          window.setTimeout(
            () => toasts.show((toast) => toast.info(QUOTE_TOASTS.savings(savings, dollars))),
            QUOTE_SAVINGS_TOAST_DELAY_MS,
          );
        form.reset();
        setErrors({});
        setLengths({});
        setService('');
        setEstimate({ kind: 'none' });
        return;
      }
      case 'failed':
        toasts.show((toast) => toast.error(QUOTE_TOASTS.failed));
        return;
      case 'rejected': {
        toasts.show((toast) => toast.error(QUOTE_TOASTS.error(outcome.detail)));
        setErrors(outcome.fieldErrors);
        focusFirst(form, outcome.fieldErrors);
        return;
      }
      // Nothing is cleared: the visitor's answers stay in the form and "Try again" sends them again.
      case 'unavailable':
        toasts.show((toast) =>
          toast.error(
            QUOTE_TOASTS.unavailable,
            tryAgain(() => form.requestSubmit()),
          ),
        );
        return;
      case 'network':
        toasts.show((toast) =>
          toast.error(
            QUOTE_TOASTS.network,
            tryAgain(() => form.requestSubmit(), ''),
          ),
        );
        return;
    }
  };

  return (
    <>
      {toasts.toaster}
      {sent && <Confirmation ref={confirmationRef} sent={sent} onAnother={() => setSent(null)} />}
      <form
        ref={formRef}
        onSubmit={onSubmit}
        onFocus={toasts.prepare}
        onInput={onInput}
        onChange={onInput}
        aria-busy={submitting}
        className="space-y-8"
        noValidate
        hidden={sent !== null}
      >
        <Section legend="Contact Information">
          <TextField
            {...field('firstName')}
            label="First Name *"
            required
            autoComplete="given-name"
            defaultValue={D.firstName}
          />
          <TextField
            {...field('lastName')}
            label="Last Name *"
            required
            autoComplete="family-name"
            defaultValue={D.lastName}
          />
          <TextField
            {...field('returnEmail')}
            label="Your Email Address *"
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            defaultValue={D.returnEmail}
          />
          <TextField
            {...field('returnPhone')}
            label="Your Phone Number *"
            type="tel"
            required
            autoComplete="tel"
            placeholder="(555) 123-4567"
            defaultValue={D.returnPhone}
          />
        </Section>

        <Section legend="Aircraft Information">
          <TextField
            {...field('aircraftMake')}
            label="Aircraft Make *"
            required
            placeholder="e.g. Cessna"
            defaultValue={D.aircraftMake}
          />
          <TextField
            {...field('aircraftModel')}
            label="Aircraft Model *"
            required
            placeholder="e.g. 182 Skylane"
            defaultValue={D.aircraftModel}
          />
          <TextField
            {...field('registrationNumber')}
            label="Registration Number"
            placeholder="e.g. N12345"
            autoCapitalize="characters"
            defaultValue={D.registrationNumber}
          />
          <TextField
            {...field('totalHours')}
            label="Total Hours"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            placeholder="e.g. 2450"
            defaultValue={D.totalHours}
          />
          <SelectField
            {...field('aircraftType')}
            label="Aircraft Type *"
            options={AIRCRAFT_TYPES}
            placeholder="Select aircraft type"
            defaultValue={D.aircraftType}
          />
        </Section>

        <Section legend="Service Requirements">
          <SelectField
            {...field('serviceType')}
            label="Service Type *"
            options={QUOTE_SERVICE_TYPES}
            placeholder="Select service type"
            defaultValue={D.serviceType}
          />
          <SelectField
            {...field('preferredTimeframe')}
            label="Preferred Timeframe *"
            options={PREFERRED_TIMEFRAMES}
            placeholder="Select timeframe"
            defaultValue={D.preferredTimeframe}
          />
          <TextField
            {...field('location', 'quote-location-hint')}
            label="Location"
            placeholder="e.g. KSQL or San Carlos, CA"
            autoComplete="address-level2"
            defaultValue={D.location}
            hint={{ id: 'quote-location-hint', text: 'Airport code or city and state where the aircraft is based.' }}
            wide
          />
        </Section>

        <Section
          legend="Current Service Costs (Optional)"
          intro="Share what you paid last time and we will estimate your savings."
        >
          <TextField
            {...field('lastInvoiceAmount', 'quote-lastInvoiceAmount-hint')}
            label="Last Invoice Amount ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder="e.g. 2500"
            defaultValue={D.lastInvoiceAmount}
            hint={{
              id: 'quote-lastInvoiceAmount-hint',
              text: isService(service)
                ? `For ${optionLabel('service', service).toLowerCase()}: ${invoiceBoundsText(service)}.`
                : 'The total of your last invoice for the same service.',
            }}
          />
          <SelectField
            {...field('invoiceIncludesParts')}
            label="Did That Invoice Include Parts?"
            options={INVOICE_PARTS_OPTIONS}
            defaultValue={D.invoiceIncludesParts}
          />
          <TextField
            {...field('currentProvider')}
            label="Current Provider"
            placeholder="Shop or mechanic name"
            defaultValue={D.currentProvider}
          />
          <EstimateLine estimate={estimate} />
        </Section>

        <Section legend="Your Message or Question">
          <div className="sm:col-span-2">
            <Label htmlFor={idOf('message')}>Message *</Label>
            <Textarea
              {...field('message').control}
              rows={5}
              required
              placeholder="Tell us about the work you need, your aircraft's location and any questions you have."
              defaultValue={D.message}
            />
            {field('message').counter}
            <FieldError id={errorIdOf('message')} message={errors['message']} />
          </div>
        </Section>

        <Section legend="Preferences">
          <TextField
            {...field('discountCode', 'quote-discountCode-hint')}
            label="Discount Code"
            placeholder="e.g. SKY25-1A2B3C"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            defaultValue={D.discountCode}
            hint={{
              id: 'quote-discountCode-hint',
              text: 'From the 25% offer, if you claimed it: it is checked when you send.',
            }}
          />
          <div className="space-y-3 sm:col-span-2">
            <Checkbox
              {...field('scheduleConsultation').control}
              label="Schedule a free consultation call to discuss my aircraft's needs"
              defaultChecked={D.scheduleConsultation}
            />
            <Checkbox
              {...field('emailUpdates').control}
              label="Email me a copy of my request and updates about my quote"
              defaultChecked={D.emailUpdates}
            />
          </div>
        </Section>

        {/* Honeypot: invisible to people and to assistive technology; bots that fill it are refused. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="quote-website">Website</label>
          <input
            id="quote-website"
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>

        <div className="space-y-3">
          <p className="rounded-md bg-success-muted px-4 py-3 text-sm text-success">
            Save {BUSINESS.savingsClaim} compared to your current provider. We reply with a competitive quote within 24
            hours.
          </p>
          <Button type="submit" size="lg" className="w-full" disabled={!hydrated || submitting}>
            {submitting ? (
              <>
                <Spinner />
                Submitting Request...
              </>
            ) : (
              'Send Message & Get Quote'
            )}
          </Button>
        </div>
      </form>
    </>
  );
}

function estimateOf(form: HTMLFormElement): LiveEstimate {
  const value = (name: string) => {
    const el = form.elements.namedItem(name);
    return el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el.value : '';
  };
  return liveEstimate(
    value('lastInvoiceAmount'),
    value('serviceType'),
    value('aircraftType'),
    value('invoiceIncludesParts'),
  );
}

/** The estimate under the invoice, announced politely as it changes. */
function EstimateLine({ estimate }: { estimate: LiveEstimate }) {
  let text: ReactNode = 'Enter your last invoice to see your estimated savings right away.';
  if (estimate.kind === 'needs-choice')
    text = 'Choose the aircraft type and the service above to see your estimated savings.';
  if (estimate.kind === 'out-of-bounds') text = `${estimate.message}: check the amount, or leave it empty.`;
  if (estimate.kind === 'beyond-class') text = `${estimate.message}.`;
  if (estimate.kind === 'estimate')
    text = (
      <>
        Estimated savings:{' '}
        <strong data-estimate>{savingsFigure(estimate.estimate.dollars, estimate.estimate.percent)}</strong>.{' '}
        {comparedText(estimate.estimate, estimate.invoice)}
        {estimate.estimate.capped && <> {CAPPED_TEXT}</>}
      </>
    );
  if (estimate.kind === 'no-saving')
    text = `Our typical labor price for this work is ${usd(estimate.ourPrice)}, about what you paid (${usd(estimate.invoice)}). We will still quote it.`;
  return (
    <p
      role="status"
      aria-live="polite"
      className={`sm:col-span-2 rounded-md px-4 py-3 text-sm ${estimate.kind === 'estimate' ? 'bg-success-muted text-success' : 'bg-muted text-muted-foreground'}`}
      data-savings-estimate
    >
      {text}
    </p>
  );
}

/** Kept in place of the form after sending: what was sent, the estimate, the promise, what comes next. */
function Confirmation({ ref, sent, onAnother }: { ref: Ref<HTMLDivElement>; sent: Sent; onAnother: () => void }) {
  const p = sent.payload;
  const text = (k: string) => String(p[k] ?? '').trim();
  const rows: [string, string][] = [
    ['Name', `${text('firstName')} ${text('lastName')}`],
    ['Email', text('returnEmail')],
    ['Phone', text('returnPhone')],
    [
      'Aircraft',
      [text('aircraftMake'), text('aircraftModel'), text('registrationNumber')].filter(Boolean).join(' ') +
        ` (${optionLabel('aircraft', text('aircraftType'))})`,
    ],
    ['Service', optionLabel('service', text('serviceType'))],
    ['Timeframe', optionLabel('timeframe', text('preferredTimeframe'))],
    ...(text('location') ? ([['Location', text('location')]] as [string, string][]) : []),
    ...(text('discountCode') ? ([['Discount code', text('discountCode').toUpperCase()]] as [string, string][]) : []),
  ];
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-labelledby="quote-sent-heading"
      className="space-y-5 rounded-lg border border-success/40 bg-success-muted/40 p-5 outline-none sm:p-6"
      data-quote-confirmation
    >
      <h3 id="quote-sent-heading" className="text-xl font-semibold text-foreground">
        Request sent. Thank you, {text('firstName')}!
      </h3>
      <p className="text-sm text-foreground">{sent.message}</p>
      {sent.savings !== undefined && sent.dollars !== undefined && (
        // The server's figure: the one the email and the console repeat.
        <p className="rounded-md bg-success-muted px-4 py-3 text-sm text-success" data-confirmed-savings>
          Your estimated savings: <strong>{savingsFigure(sent.dollars, sent.savings)}</strong>.
          {sent.estimate.kind === 'estimate' && <> {comparedText(sent.estimate.estimate, sent.estimate.invoice)}</>}
        </p>
      )}
      <div>
        <h4 className="text-sm font-semibold text-foreground">What you sent</h4>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-words text-foreground">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div>
        <h4 className="text-sm font-semibold text-foreground">What happens next</h4>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-foreground">
          <li>A certified A&amp;P mechanic reviews your aircraft and the work you need.</li>
          <li>
            Within 24 hours we reply to {text('returnEmail')} with a competitive quote
            {p['scheduleConsultation'] ? ' and call you to set up your free consultation' : ''}.
          </li>
          <li>You choose a date; we come to your aircraft.</li>
        </ol>
        {p['emailUpdates'] && sent.emailGoing ? (
          <p className="mt-2 text-sm text-muted-foreground">
            A copy of your request is on its way to {text('returnEmail')}.
          </p>
        ) : null}
        {!sent.emailGoing ? (
          <p className="mt-2 text-sm text-muted-foreground" data-email-held>
            Your request is saved. Our email is delayed right now: if you do not hear from us within 24 hours, call us.
          </p>
        ) : null}
      </div>
      <Button type="button" variant="outline" onClick={onAnother}>
        Send another request
      </Button>
    </div>
  );
}

function Section({ legend, intro, children }: { legend: string; intro?: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-foreground">{legend}</legend>
      {intro && <p className="mt-1 text-sm text-muted-foreground">{intro}</p>}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby'?: string;
  maxLength?: number;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  control: ControlProps;
  error: string | undefined;
  counter?: ReactNode;
  label: string;
  hint?: { id: string; text: string };
  wide?: boolean;
};

function TextField({ control, error, label, hint, wide, counter, ...input }: TextFieldProps) {
  return (
    <FormField
      id={control.id}
      label={label}
      error={error}
      hint={hint?.text}
      {...(hint ? { hintId: hint.id } : {})}
      className={wide ? 'sm:col-span-2' : undefined}
    >
      <Input {...control} {...input} />
      {counter}
    </FormField>
  );
}

function SelectField({
  control,
  error,
  label,
  options,
  placeholder,
  defaultValue,
}: {
  control: ControlProps;
  error: string | undefined;
  counter?: ReactNode;
  label: string;
  options: readonly Option[];
  placeholder?: string;
  defaultValue: string;
}) {
  // No `required`: the spec marks these in the label only and leaves enforcement to the server.
  return (
    <div>
      <Label htmlFor={control.id}>{label}</Label>
      <NativeSelect
        {...control}
        options={options}
        {...(placeholder === undefined ? {} : { placeholder })}
        defaultValue={defaultValue}
      />
      <FieldError id={`${control.id}-error`} message={error} />
    </div>
  );
}
