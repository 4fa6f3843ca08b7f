// The lead-capture popup's constants, free of zod so that the home page's popup code stays small
// (lead.ts re-exports them next to the schema the server uses).

export const POPUP_LEAD_SOURCE = 'popup_discount_offer';

/** Spec section 9: the lead-capture popup's offer. */
export const POPUP_OFFER = {
  discountPercent: 25,
  consultationValueUsd: 150,
  expiresHours: 48,
} as const;

/** Browser storage flags of the popup (spec section 2). */
export const POPUP_STORAGE = {
  /** sessionStorage: closed in this session. */
  shown: 'leadPopupShown',
  /** localStorage: a lead was submitted from this browser. */
  submitted: 'leadPopupSubmitted',
} as const;
