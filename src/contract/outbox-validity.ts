/**
 * The rules under which a queued message still holds (docs/decisions/0452). A message that asks
 * for something (pay, add a card, decide a change order, answer a proposal or a quote, offer on an
 * aircraft on ground) or reminds of something (a booking) is written with one of these and the row
 * it speaks of; the delivery's claim reads the rule again and drops the message as `superseded`
 * when it no longer holds. Each rule's sentence is what the console's Outbox says of such a drop.
 */
export const OUTBOX_VALID_WHILE = {
  payment_due: 'the payment was made, settled another way or the job cancelled before it was sent',
  card_needed: 'a card was saved, the job paid another way or cancelled before it was sent',
  booking_upcoming: 'the appointment was cancelled or already under way before it was sent',
  proposal_open: 'the proposed times were answered before it was sent',
  change_order_open: 'every change order of the job was decided before it was sent',
  quote_open: 'no quote of the request was still open to accept when it was to be sent',
  aog_call_open: 'the aircraft-on-ground call was taken or cancelled before it was sent',
  aog_offer_open: 'an offer was accepted or the call closed before it was sent',
} as const;
export type OutboxValidWhile = keyof typeof OUTBOX_VALID_WHILE;

/**
 * A message's rule and the row it reads: the job's appointment (payments, change orders, proposed
 * times, reminders), its service request (quotes) or its aircraft-on-ground call (call, offers).
 */
export interface ValidWhile {
  rule: OutboxValidWhile;
  aboutId: string;
}

/** What the console records of a message dropped at its claim. */
export const supersededReason = (rule: OutboxValidWhile) => `Superseded, not sent: ${OUTBOX_VALID_WHILE[rule]}.`;
