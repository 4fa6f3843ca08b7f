import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import type { Bid } from '../../contract/bids.ts';
import type { BidBody } from '../../contract/bid-lines.ts';
import { insertLines, lineRows, priceBid } from './lines.server.ts';
import { labelOf } from '../../contract/options.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict, forbidden, notFound } from '../../server/http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import { fullName } from '../../server/db/full-name.ts';
import { notify } from './notifications.server.ts';
import { bidsWithMechanic, quoteCards } from './quote-cards.server.ts';
import { REQUEST_MACHINE } from '../../contract/machines.ts';
import { transition } from '../../server/http/transition.ts';
import { recordThreadEvent } from '../conversations/events.server.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * A matched mechanic's quote. The request row is locked so a quote never lands on a request that
 * is being accepted or cancelled at the same moment; one quote per mechanic (409 on a second).
 * The total is labor plus parts, computed here whatever the client sent: from the bid's lines, or
 * from the spec's fields, which then become its one line (docs/decisions/0110-itemized-bids.md).
 */
export async function submitBid(
  db: Db,
  mechanic: UserRow,
  requestId: string,
  body: BidBody & { depositPercent?: number | undefined },
): Promise<Bid> {
  if (!isUuid(requestId)) throw notFound('Service request not found');
  const { bidId, quoted } = await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('serviceRequests')
      .selectAll()
      .where('id', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw notFound('Service request not found');
    const match = await trx
      .selectFrom('serviceRequestMatches')
      .select('mechanicId')
      .where('serviceRequestId', '=', requestId)
      .where('mechanicId', '=', mechanic.id)
      .executeTakeFirst();
    if (!match) throw forbidden('You can only quote on service requests matched to your profile');
    const next = transition(REQUEST_MACHINE, request.status, 'bid');
    const data = { ...body, ...priceBid(body, request.serviceType) };
    const total = data.totalCost;
    const row = await trx
      .insertInto('bids')
      .values({
        serviceRequestId: requestId,
        mechanicId: mechanic.id,
        laborCost: data.laborCost,
        partsCost: data.partsCost,
        totalCost: total,
        estimatedHours: data.estimatedHours,
        availableStartDate: data.availableStartDate,
        estimatedCompletionDate: data.estimatedCompletionDate,
        warrantyPeriod: data.warrantyPeriod,
        notes: data.notes,
        depositPercent: body.depositPercent ?? 0,
        // Only an annual is approved by an IA (14 CFR 65.95); on other work the name means nothing.
        ...(request.serviceType === 'annual_inspection' && data.inspectionSigner
          ? {
              inspectionSignerName: data.inspectionSigner.fullName,
              inspectionSignerCertificate: data.inspectionSigner.certificateNumber,
            }
          : {}),
      })
      .onConflict((oc) => oc.constraint('bids_one_per_mechanic').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw conflict('You have already submitted a quote for this service request');
    await insertLines(trx, row.id, request.aircraftId, data.lines);
    await recordThreadEvent(
      trx,
      { serviceRequestId: requestId, mechanicId: mechanic.id },
      'bid_sent',
      usd.format(total),
    );
    if (next !== request.status) {
      await trx
        .updateTable('serviceRequests')
        .set({ status: next, updatedAt: new Date() })
        .where('id', '=', requestId)
        .execute();
    }
    await notify(trx, [request.customerId], {
      type: 'bid.received',
      title: 'New quote received',
      message: `${fullName(mechanic)} quoted ${usd.format(total)} for the ${labelOf(MARKETPLACE_SERVICE_TYPES, request.serviceType)} on ${request.aircraftTailNumber}.`,
      link: 'requests',
      validWhile: { rule: 'quote_open', aboutId: requestId },
    });
    // The card's request as this write left it (an annual without IA names its signer, 0140).
    return { bidId: row.id, quoted: { serviceType: request.serviceType, status: next } };
  });
  const [bid, lines] = await Promise.all([
    bidsWithMechanic(db).where('b.id', '=', bidId).executeTakeFirstOrThrow(),
    lineRows(db, [bidId]),
  ]);
  const [card] = quoteCards([bid], lines, new Map([[requestId, quoted]]));
  return card!;
}
