import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { toast } from 'sonner';
import { BUSINESS, SITE_TIMING } from '../../contract/business.ts';
import {
  AIRCRAFT_TYPES,
  HONEYPOT_FIELD,
  PREFERRED_TIMEFRAMES,
  QUOTE_FORM_DEFAULTS as D,
  SERVICE_TYPES,
} from '../../contract/quote-fields.ts';
import type { Option } from '../../contract/options.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox, FieldError, Input, Label, NativeSelect, Textarea } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ToasterOnce } from '../../components/ui/toaster-once.tsx';
import { postPublic } from '../../lib/post-public.ts';
import { tryAgain } from '../../lib/unavailable.ts';
import { QUOTE_TOASTS, interpretQuoteResponse, quotePayload, type QuoteField, type QuoteOutcome } from './quote-form.ts';

type Errors = Partial<Record<string, string>>;

const idOf = (name: QuoteField) => `quote-${name}`;
const errorIdOf = (name: QuoteField) => `quote-${name}-error`;

async function sendQuote(form: HTMLFormElement): Promise<QuoteOutcome> {
  try {
    const res = await postPublic('/quotes', quotePayload(new FormData(form)));
    return interpretQuoteResponse(res.status, res.data);
  } catch {
    return { kind: 'network' };
  }
}

/**
 * The public quote and message form (spec sections 2, 3, 5, 8). Inputs are uncontrolled: what a
 * visitor types before the island hydrates is kept, and a success resets the form to its default
 * values (QUOTE_FORM_DEFAULTS) with the browser's own reset. Browser-level validation only, as the
 * spec says; the server validates everything and its per-field messages are shown beside the fields.
 */
export default function QuoteForm() {
  const [hydrated, setHydrated] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const savingsTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    setHydrated(true);
    return () => clearTimeout(savingsTimer.current);
  }, []);

  /** A control's attributes tying it to its label and error line, and the server's message for it. */
  const field = (name: QuoteField, hint?: string): { control: ControlProps; error: string | undefined } => {
    const error = errors[name];
    const describedBy = [error ? errorIdOf(name) : '', hint ?? ''].filter(Boolean).join(' ');
    return {
      control: {
        id: idOf(name),
        name,
        'aria-invalid': error ? true : undefined,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
      error,
    };
  };

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name && errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    setSubmitting(true);
    const outcome = await sendQuote(form);
    setSubmitting(false);

    switch (outcome.kind) {
      case 'success': {
        toast.success(outcome.message);
        form.reset();
        setErrors({});
        const percent = outcome.estimatedSavings;
        if (percent !== undefined) {
          clearTimeout(savingsTimer.current);
          savingsTimer.current = setTimeout(() => toast.info(QUOTE_TOASTS.savings(percent)), SITE_TIMING.savingsToastDelayMs);
        }
        return;
      }
      case 'failed':
        toast.error(QUOTE_TOASTS.failed);
        return;
      case 'rejected': {
        toast.error(QUOTE_TOASTS.error(outcome.detail));
        setErrors(outcome.fieldErrors);
        // Take keyboard and screen-reader users to the first field the server refused.
        const first = Array.from(form.elements).find(
          (el): el is HTMLElement => el instanceof HTMLElement && 'name' in el && outcome.fieldErrors[(el as HTMLInputElement).name] !== undefined,
        );
        requestAnimationFrame(() => first?.focus());
        return;
      }
      // Nothing is cleared: the visitor's answers stay in the form and "Try again" sends them again.
      case 'unavailable':
        toast.error(QUOTE_TOASTS.unavailable, tryAgain(() => form.requestSubmit()));
        return;
      case 'network':
        toast.error(QUOTE_TOASTS.network, tryAgain(() => form.requestSubmit(), ''));
        return;
    }
  };

  return (
    <form onSubmit={onSubmit} onInput={onInput} aria-busy={submitting} className="space-y-8">
      <ToasterOnce />

      <Section legend="Contact Information">
        <TextField {...field('firstName')} label="First Name *" required autoComplete="given-name" defaultValue={D.firstName} />
        <TextField {...field('lastName')} label="Last Name *" required autoComplete="family-name" defaultValue={D.lastName} />
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
        <TextField {...field('aircraftMake')} label="Aircraft Make *" required placeholder="e.g. Cessna" defaultValue={D.aircraftMake} />
        <TextField {...field('aircraftModel')} label="Aircraft Model *" required placeholder="e.g. 182 Skylane" defaultValue={D.aircraftModel} />
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
        <SelectField {...field('aircraftType')} label="Aircraft Type *" options={AIRCRAFT_TYPES} placeholder="Select aircraft type" defaultValue={D.aircraftType} />
      </Section>

      <Section legend="Service Requirements">
        <SelectField {...field('serviceType')} label="Service Type *" options={SERVICE_TYPES} placeholder="Select service type" defaultValue={D.serviceType} />
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

      <Section legend="Current Service Costs (Optional)" intro="Share what you paid last time and we will estimate your savings.">
        <TextField
          {...field('lastInvoiceAmount')}
          label="Last Invoice Amount ($)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          placeholder="e.g. 2500"
          defaultValue={D.lastInvoiceAmount}
        />
        <TextField {...field('currentProvider')} label="Current Provider" placeholder="Shop or mechanic name" defaultValue={D.currentProvider} />
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
          <FieldError id={errorIdOf('message')} message={errors['message']} />
        </div>
      </Section>

      <Section legend="Preferences">
        <div className="space-y-3 sm:col-span-2">
          <Checkbox
            {...field('scheduleConsultation').control}
            label="Schedule a free consultation call to discuss my aircraft's needs"
            defaultChecked={D.scheduleConsultation}
          />
          <Checkbox {...field('emailUpdates').control} label="Email me a copy of my request and updates about my quote" defaultChecked={D.emailUpdates} />
        </div>
      </Section>

      {/* Honeypot: invisible to people and to assistive technology; bots that fill it are refused. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="quote-website">Website</label>
        <input id="quote-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <div className="space-y-3">
        <p className="rounded-md bg-success-muted px-4 py-3 text-sm text-success">
          Save {BUSINESS.savingsClaim} compared to your current provider. We reply with a competitive quote within 24 hours.
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
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  control: ControlProps;
  error: string | undefined;
  label: string;
  hint?: { id: string; text: string };
  wide?: boolean;
};

function TextField({ control, error, label, hint, wide, ...input }: TextFieldProps) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <Label htmlFor={control.id}>{label}</Label>
      <Input {...control} {...input} />
      <FieldError id={`${control.id}-error`} message={error} />
      {hint && (
        <p id={hint.id} className="mt-1 text-sm text-muted-foreground">
          {hint.text}
        </p>
      )}
    </div>
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
  label: string;
  options: readonly Option[];
  placeholder: string;
  defaultValue: string;
}) {
  // No `required`: the spec marks these in the label only and leaves enforcement to the server.
  return (
    <div>
      <Label htmlFor={control.id}>{label}</Label>
      <NativeSelect {...control} options={options} placeholder={placeholder} defaultValue={defaultValue} />
      <FieldError id={`${control.id}-error`} message={error} />
    </div>
  );
}
