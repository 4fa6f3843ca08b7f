// The lead-capture popup's constants, free of zod so that the home page's popup code stays small
// (lead.ts re-exports them next to the schema the server uses).

export const POPUP_LEAD_SOURCE = 'popup_discount_offer';

/** docs/product.md §9: the lead-capture popup's offer. */
export const POPUP_OFFER = {
  discountPercent: 25,
  consultationValueUsd: 150,
  expiresHours: 48,
} as const;

/** Browser storage flags of the popup (docs/product.md §2). */
export const POPUP_STORAGE = {
  /** sessionStorage: closed in this session. */
  shown: 'leadPopupShown',
  /** localStorage: a lead was submitted from this browser. */
  submitted: 'leadPopupSubmitted',
  /** localStorage: the discount code this browser claimed, to prefill the quote form. */
  code: 'leadPopupCode',
} as const;

/** Sent on window when the popup gave a code, so a quote form already on the page fills it in. */
export const CODE_CLAIMED_EVENT = 'lead-popup:code';

/** What the discount covers, as the Terms of Service say (shown in the popup and in the email). */
export const POPUP_CONDITIONS =
  'Applies to labor on a new service booking requested within 48 hours; parts are not discounted and it cannot be combined with other offers.';

/** What a discount code looks like (discountCodeFor), once normalised. */
export const DISCOUNT_CODE_PATTERN = /^SKY\d{1,3}-[0-9A-F]{6}$/;

/** A code as typed ('sky25 - 1a2b3c') as it is stored ('SKY25-1A2B3C'). */
export const normalizeDiscountCode = (typed: string) => typed.toUpperCase().replace(/\s+/g, '');

/** The discount code of a captured lead: derived from its id, so the same visitor always sees the same one. */
export function discountCodeFor(leadId: string): string {
  return `SKY${POPUP_OFFER.discountPercent}-${leadId.replace(/-/g, '').slice(0, 6).toUpperCase()}`;
}

/**
 * The code and its conditions, as every popup email carries them whatever an admin's template
 * says (placed before the template's sign-off: src/server/email/template-render.ts).
 */
export function popupCodeBlock(code: string): { text: string; html: string } {
  return {
    text: `Your discount code: ${code}\n${POPUP_CONDITIONS}`,
    html: `<p>Your discount code: <strong>${code}</strong></p><p>${POPUP_CONDITIONS.replace(/&/g, '&amp;')}</p>`,
  };
}

/** The code a template preview shows where a real email has the visitor's. */
export const SAMPLE_DISCOUNT_CODE = `SKY${POPUP_OFFER.discountPercent}-1A2B3C`;

/** POST /api/leads answer for the popup: the code on screen, and where the email went. */
export interface PopupClaim {
  code: string;
  /** The address the code was sent to. */
  sentTo: string;
  /** False when this address claimed before (the code was emailed then, not again now). */
  emailed: boolean;
  /**
   * False while email is not going out (no provider, or its last attempt failed: docs/decisions/0466):
   * the popup then says the code is saved, not that it was sent.
   */
  emailGoing: boolean;
}
