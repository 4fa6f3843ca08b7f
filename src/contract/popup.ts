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
} as const;

/** What the discount covers, as the Terms of Service say (shown in the popup and in the email). */
export const POPUP_CONDITIONS =
  'Applies to labor on a new service booking requested within 48 hours; parts are not discounted and it cannot be combined with other offers.';

/** The discount code of a captured lead: derived from its id, so the same visitor always sees the same one. */
export function discountCodeFor(leadId: string): string {
  return `SKY${POPUP_OFFER.discountPercent}-${leadId.replace(/-/g, '').slice(0, 6).toUpperCase()}`;
}

/** POST /api/leads answer for the popup: the code on screen, and where the email went. */
export interface PopupClaim {
  code: string;
  /** The address the code was sent to. */
  sentTo: string;
  /** False when this address claimed before (the code was emailed then, not again now). */
  emailed: boolean;
}
