/**
 * What each message the product sends is, in words, for the console's Outbox (it
 * showed internal names such as `lead.popup_offer`). The kind stays the outbox's key; this is
 * its label. A kind not listed here (a new one) is still said in words by `outboxKindLabel`.
 */
export const OUTBOX_KIND_LABELS: Record<string, string> = {
  'quote.notify_business': 'New quote request (to the business)',
  'quote.acknowledge_visitor': 'Copy of a quote request (to the visitor)',
  'lead.popup_offer': 'Popup discount code',
  'auth.welcome': 'Welcome email',
  'auth.password_reset': 'Password reset link',
  'mechanic.approved': 'Mechanic account approved',
  'mechanic.rejected': 'Mechanic application not approved',
  'mechanic.credentials_verified': 'Mechanic credentials verified',
  'inbox.reply': 'Reply from the Inbox',
  'inbox.invitation': 'Invitation to create an account',
  'conversation.digest': 'Unread messages digest',
  'payments.receipt': 'Payment receipt',
  'payments.payout': 'Payout notice',
  'payments.refund': 'Refund receipt (to the owner)',
  'marketplace.request.matched': 'New service request (to a mechanic)',
  'marketplace.request.pending': 'Service request waiting for mechanics',
  'marketplace.request.cancelled': 'Service request cancelled',
  'marketplace.bid.received': 'New quote from a mechanic',
  'marketplace.bid.accepted': 'Quote accepted',
  'marketplace.bid.declined': 'Quote declined',
  'marketplace.appointment.proposed': 'Appointment time proposed',
  'marketplace.appointment.agreed': 'Appointment time agreed',
  'marketplace.appointment.rated': 'Job rated',
  'marketplace.change_order.created': 'Change order to decide',
  'marketplace.change_order.decided': 'Change order decided',
  'marketplace.record.to_sign': 'Maintenance record to sign',
  'marketplace.record.signed': 'Maintenance record signed',
  'marketplace.job.mechanic_stopped': 'Job stopped (mechanic no longer approved)',
  'marketplace.payment.due': 'Payment due',
  'marketplace.payment.receipt': 'Payment received',
  'marketplace.booking.confirmed': 'Booking confirmed',
  'marketplace.maintenance.due_soon': 'Maintenance due soon',
  'marketplace.maintenance.overdue': 'Maintenance overdue',
  'marketplace.payment.card_needed': 'Card needed for a job',
  'marketplace.payment.deposit_refunded': 'Parts deposit refunded',
  'marketplace.payment.paid_outside': 'Job marked paid outside Skyward',
  'marketplace.payment.taken_back': 'Payout taken back after a refund',
  'marketplace.appointment.cancelled_by_mechanic': 'Appointment cancelled by the mechanic',
  'marketplace.booking.cancelled': 'Booking cancelled',
  'marketplace.booking.reminder': 'Booking reminder',
  'marketplace.booking.rescheduled': 'Booking rescheduled',
  'marketplace.aog.call': 'Aircraft on ground call (to a mechanic)',
  'marketplace.aog.offer': 'Aircraft on ground offer (to the owner)',
  'marketplace.aog.unanswered': 'Aircraft on ground unanswered at the widest radius (to the owner)',
  'marketplace.aog.accepted': 'Aircraft on ground offer accepted',
  'marketplace.aog.taken': 'Aircraft on ground call taken by another mechanic',
  'marketplace.aog.dispatched': 'Aircraft on ground mechanic assigned',
  'marketplace.aog.status': 'Aircraft on ground status update',
  'marketplace.aog.cancelled': 'Aircraft on ground call cancelled',
  'aog.call': 'Aircraft on ground call (to a mechanic)',
  'aog.dispatched': 'Aircraft on ground mechanic assigned',
  'aog.escalated': 'Aircraft on ground call with no offer (to the business)',
  'aog.status': 'Aircraft on ground status update',
  'admin.certificate_claimed': 'Certificate number claimed twice (to the business)',
  'mechanic.certificate_claimed': 'Certificate number already in use (to the mechanic)',
};

/** The label of a kind; an unlisted kind in words ("marketplace.new_thing" → "New thing"). */
export function outboxKindLabel(kind: string): string {
  const known = OUTBOX_KIND_LABELS[kind];
  if (known) return known;
  // "marketplace." says only which feature queued it: the rest is what the message is.
  const last = kind
    .replace(/^marketplace\./, '')
    .split('.')
    .filter(Boolean)
    .join(' ')
    .replace(/[_-]+/g, ' ')
    .trim();
  return last ? last.charAt(0).toUpperCase() + last.slice(1) : 'Message';
}
