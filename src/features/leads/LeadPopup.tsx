import { Clock, Gift } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { HONEYPOT_FIELD } from '../../contract/quote-fields.ts';
import { POPUP_CONDITIONS, POPUP_LEAD_SOURCE, POPUP_OFFER, type PopupClaim } from '../../contract/popup.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FieldError, Input, Label } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { postPublic } from '../../lib/post-public.ts';
import { isTemporarilyUnavailable } from '../../lib/unavailable.ts';
import { UnavailableAlert } from '../../components/ui/unavailable-alert.tsx';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { rememberClaimedCode } from './popup-flags.ts';

export const POPUP_TITLE = `Save ${POPUP_OFFER.discountPercent}% on Your Next Aircraft Service`;
export const POPUP_TOASTS = {
  success: 'Discount secured! Check your email for details.',
  failure: 'Something went wrong. Please try again.',
} as const;

/**
 * Where the code went, said only as far as it is true: while email is not going out the code is
 * saved with the claim and the business replies (docs/decisions/0466).
 */
export function claimSentence(claim: PopupClaim): string {
  if (!claim.emailed) return `This address claimed it before: we sent it to ${claim.sentTo} then.`;
  if (!claim.emailGoing)
    return `Your code is saved with your request; write it down. We will email ${claim.sentTo} as soon as we can.`;
  return `We sent it to ${claim.sentTo}.`;
}

export interface LeadPopupProps {
  open: boolean;
  /** Closing by the X, Escape, a click outside or 'No thanks' calls this with false. */
  onOpenChange: (open: boolean) => void;
  /** Called after the lead was stored (the popup then shows the code until closed). */
  onSubmitted: () => void;
}

const FIELDS = ['firstName', 'email', 'phone'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The lead-capture popup (docs/product.md §2): the 25% offer with a free consultation, and a short form
 * (first name, email, optional phone) posted to POST /api/leads with source 'popup_discount_offer'.
 * Radix Dialog gives the focus trap, Escape and the labelling.
 */
export function LeadPopup({ open, onOpenChange, onSubmitted }: LeadPopupProps) {
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  /** The service answered 503 or not at all: said inside the dialog, whose overlay covers toasts. */
  const [unavailable, setUnavailable] = useState(false);
  const [claim, setClaim] = useState<PopupClaim | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (key: string) => {
      const v = data.get(key);
      return typeof v === 'string' ? v : '';
    };
    setSending(true);
    setErrors({});
    setUnavailable(false);
    try {
      const res = await postPublic('/leads', {
        firstName: text('firstName'),
        email: text('email'),
        phone: text('phone'),
        source: POPUP_LEAD_SOURCE,
        [HONEYPOT_FIELD]: text(HONEYPOT_FIELD),
      });
      if (isTemporarilyUnavailable(res.status)) {
        // What the visitor typed stays in the form; "Try again" sends it again.
        setUnavailable(true);
        toast.error(POPUP_TOASTS.failure);
        return;
      }
      if (!res.ok || (res.data as { success?: unknown } | undefined)?.success !== true) {
        const fields = fieldErrorsOf(res.data);
        setErrors(fields);
        // Fields to fix say so beside each field; the toast is for a refusal with nothing to fix.
        if (!FIELDS.some((f) => fields[f])) toast.error(POPUP_TOASTS.failure);
        return;
      }
      const body = res.data as Partial<PopupClaim>;
      setClaim({
        code: String(body.code ?? ''),
        sentTo: String(body.sentTo ?? text('email')),
        emailed: body.emailed !== false,
        emailGoing: body.emailGoing !== false,
      });
      // The quote form offers it back ("give the code when you request your quote").
      if (body.code) rememberClaimedCode(String(body.code));
      // The spec's toast, beside the code shown in the dialog (which does not fade).
      toast.success(body.emailed !== false && body.emailGoing !== false ? POPUP_TOASTS.success : 'Discount secured!');
      form.reset();
      onSubmitted();
    } catch {
      setUnavailable(true);
      toast.error(POPUP_TOASTS.failure);
    } finally {
      setSending(false);
    }
  };

  const control = (name: Field) => ({
    id: `lead-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    ...(errors[name] ? { 'aria-describedby': `lead-${name}-error` } : {}),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={POPUP_TITLE}
      description={`Claim ${POPUP_OFFER.discountPercent}% off your next inspection, maintenance or repair, plus a free consultation.`}
    >
      <div className="rounded-lg bg-brand p-4 text-brand-foreground">
        <p className="flex items-center gap-3">
          <Gift className="h-8 w-8 shrink-0 text-sky-300" aria-hidden="true" />
          <span>
            <span className="block text-2xl font-extrabold">{POPUP_OFFER.discountPercent}% OFF your next service</span>
            <span className="block text-sm text-slate-200">
              + a free consultation worth ${POPUP_OFFER.consultationValueUsd}
            </span>
          </span>
        </p>
        <p className="mt-3 flex items-center gap-2 text-sm font-medium text-amber-200">
          <Clock className="h-4 w-4" aria-hidden="true" />
          This offer expires in {POPUP_OFFER.expiresHours} hours.
        </p>
      </div>

      <p className="mt-3 text-xs text-muted-foreground" data-popup-conditions>
        {POPUP_CONDITIONS}
      </p>

      {claim ? (
        <div className="mt-5 space-y-3" role="status" data-popup-claimed>
          <p className="text-base font-semibold text-foreground">Discount secured!</p>
          <p className="text-sm text-foreground">
            Your code:{' '}
            <strong
              className="rounded bg-muted px-2 py-1 font-mono text-lg tracking-wider select-all"
              data-discount-code
            >
              {claim.code}
            </strong>
          </p>
          <p className="text-sm text-muted-foreground">
            {claimSentence(claim)} Give it when you request your quote within {POPUP_OFFER.expiresHours} hours.
          </p>
          <Button type="button" size="lg" className="w-full" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4" aria-busy={sending}>
          <div>
            <Label htmlFor="lead-firstName">First Name *</Label>
            <Input {...control('firstName')} required autoComplete="given-name" />
            <FieldError id="lead-firstName-error" message={errors['firstName']} />
          </div>
          <div>
            <Label htmlFor="lead-email">Email Address *</Label>
            <Input {...control('email')} type="email" required autoComplete="email" placeholder="you@example.com" />
            <FieldError id="lead-email-error" message={errors['email']} />
          </div>
          <div>
            <Label htmlFor="lead-phone">Phone Number (optional)</Label>
            <Input {...control('phone')} type="tel" autoComplete="tel" placeholder="(555) 123-4567" />
            <FieldError id="lead-phone-error" message={errors['phone']} />
          </div>

          {/* Honeypot, as on the quote form. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor="lead-website">Website</label>
            <input id="lead-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
          </div>

          {unavailable && <UnavailableAlert busy={sending} />}

          <div className="flex flex-col gap-2 pt-1 sm:flex-row-reverse">
            <Button type="submit" size="lg" className="sm:flex-1" disabled={sending}>
              {sending ? (
                <>
                  <Spinner />
                  Securing Your Discount...
                </>
              ) : (
                `Claim My ${POPUP_OFFER.discountPercent}% Discount`
              )}
            </Button>
            <Button type="button" variant="ghost" size="lg" onClick={() => onOpenChange(false)}>
              No thanks
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            We will show your discount code here and email it to you. No spam; unsubscribe at any time.
          </p>
        </form>
      )}
    </Dialog>
  );
}

export default LeadPopup;
