import { sql } from 'kysely';
import { BUSINESS } from '../../contract/business.ts';
import { type Lead } from '../../contract/lead.ts';
import {
  POPUP_CONDITIONS,
  POPUP_LEAD_SOURCE,
  POPUP_OFFER,
  discountCodeFor,
  popupCodeBlock,
} from '../../contract/popup.ts';
import type { Db } from '../../server/db/client.ts';
import { enqueueEmail } from '../messaging/outbox.server.ts';
import { allowEmailTo, safeFirstName } from '../messaging/recipient-limit.server.ts';

/**
 * Saves a captured lead with status `New`. The same email and source a second time updates the
 * name and phone instead of adding a row, and does not send the offer again.
 */
export async function captureLead(db: Db, lead: Lead): Promise<{ created: boolean; code: string; emailed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('leads')
      .values({ firstName: lead.firstName, email: lead.email, phone: lead.phone, source: lead.source })
      .onConflict((oc) =>
        oc.expression(sql`lower(email), source`).doUpdateSet((eb) => ({
          firstName: eb.ref('excluded.firstName'),
          phone: sql`coalesce(excluded.phone, leads.phone)`,
        })),
      )
      // xmax = 0 only for a freshly inserted row: tells an insert from an update in one statement.
      .returning(['id', sql<boolean>`(xmax = 0)`.as('created')])
      .executeTakeFirstOrThrow();
    // Unverified address: at most 3 emails a day, and no visitor text but a plausible first name
    // (docs/decisions/0097-unverified-recipients.md).
    const code = discountCodeFor(row.id);
    let emailed = false;
    if (row.created && lead.source === POPUP_LEAD_SOURCE && (await allowEmailTo(trx, lead.email))) {
      emailed = true;
      const firstName = safeFirstName(lead.firstName);
      await enqueueEmail(
        trx,
        {
          kind: 'lead.popup_offer',
          to: lead.email,
          subject: `Your ${POPUP_OFFER.discountPercent}% discount from ${BUSINESS.name}`,
          text: [
            `Hi ${firstName},`,
            '',
            `Your ${POPUP_OFFER.discountPercent}% discount on your next aircraft service is secured, together with a free consultation worth $${POPUP_OFFER.consultationValueUsd}.`,
            '',
            `Your discount code: ${code}`,
            '',
            `Give this code when you request your quote within the next ${POPUP_OFFER.expiresHours} hours.`,
            POPUP_CONDITIONS,
            '',
            `${BUSINESS.name} - ${BUSINESS.phoneDisplay}`,
          ].join('\n'),
          // An admin's welcome template may word the email: the code and its conditions stay in it.
          keep: popupCodeBlock(code),
        },
        { firstName, lastName: '', userId: row.id },
      );
    }
    return { created: row.created, code, emailed };
  });
}
