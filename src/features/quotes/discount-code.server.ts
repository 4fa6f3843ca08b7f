import { businessDay } from '../../contract/business-hours.ts';
import { POPUP_LEAD_SOURCE, POPUP_OFFER, discountCodeFor } from '../../contract/popup.ts';
import type { Db } from '../../server/db/client.ts';
import { badRequest } from '../../server/http/errors.ts';

const HOUR_MS = 3_600_000;

/**
 * The lead a popup code was given to (docs/decisions/0192-discount-code-on-quotes.md). A code is
 * the first six hex digits of the lead's id (discountCodeFor), so the lead is found by an id range
 * on the primary key. Refused with the field named: a code the site never gave out, or one past
 * its 48 hours (the popup's promise: "requested within 48 hours").
 */
export async function leadOfDiscountCode(db: Db, code: string, now = new Date()): Promise<{ id: string }> {
  const hex = code.slice(code.indexOf('-') + 1).toLowerCase();
  const lead = await db
    .selectFrom('leads')
    .select(['id', 'createdAt'])
    .where('id', '>=', `${hex}00-0000-0000-0000-000000000000`)
    .where('id', '<=', `${hex}ff-ffff-ffff-ffff-ffffffffffff`)
    .where('source', '=', POPUP_LEAD_SOURCE)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  if (!lead || discountCodeFor(lead.id) !== code) {
    const detail = `Discount code ${code} is not one this site gave out: check it in the email, or leave the field empty`;
    throw badRequest(detail, [{ path: 'discountCode', message: detail }]);
  }
  const expires = new Date(lead.createdAt.getTime() + POPUP_OFFER.expiresHours * HOUR_MS);
  if (now > expires) {
    const detail = `Discount code ${code} expired on ${businessDay(expires)} (codes last ${POPUP_OFFER.expiresHours} hours): leave the field empty to send your request`;
    throw badRequest(detail, [{ path: 'discountCode', message: detail }]);
  }
  return { id: lead.id };
}
