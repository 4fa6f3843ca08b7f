import type { Db } from '../../server/db/client.ts';
import { depositInHandCents } from '../../contract/payments.ts';
import { documentsStore } from '../documents/blob-store.server.ts';
import { storeDocument } from '../documents/store-document.server.ts';
import { checkContent } from '../documents/file-type.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { invoicePdf } from './invoice-pdf.server.ts';
import { jobOf } from './money.server.ts';
import { aircraftZone, dayInZone } from '../marketplace/geo/airport-day.ts';

/**
 * Files the invoice PDF of a paid job in the owner's Documents (beside the signed logbook entry),
 * once: two callers at once keep the first PDF and remove the second, as signed entries do.
 */
export async function fileInvoice(db: Db, appointmentId: string): Promise<void> {
  const p = await db.selectFrom('payments').selectAll().where('appointmentId', '=', appointmentId).executeTakeFirst();
  if (!p?.paidAt || p.receiptDocumentId) return;
  const job = await jobOf(db, appointmentId);
  const [owner, lines] = await Promise.all([
    db.selectFrom('users').select(['firstName', 'lastName']).where('id', '=', p.ownerId).executeTakeFirstOrThrow(),
    db
      .selectFrom('bidLines')
      .select(['description', 'laborCents', 'partsCents', 'changeOrderId'])
      .where('bidId', '=', job.bidId)
      .where('decision', '=', 'approve')
      .orderBy('position')
      .execute(),
  ]);
  // The invoice is dated on the local day at the aircraft's airport, as its logbook entry is.
  const place = await db
    .selectFrom('serviceRequests as r')
    .leftJoin('aircraft as p', 'p.id', 'r.aircraftId')
    .select(['r.aircraftLocation', 'p.homeAirport'])
    .where('r.id', '=', job.serviceRequestId)
    .executeTakeFirstOrThrow();
  const timeZone = aircraftZone(place.homeAirport, place.aircraftLocation);
  const paidOn = dayInZone(timeZone, p.paidAt);
  const deposit = depositInHandCents(p);
  const bytes = await invoicePdf({
    title: `Invoice ${job.aircraftTailNumber} ${paidOn}`,
    job: `${job.serviceType.replace(/_/g, ' ')} on ${job.aircraftTailNumber}`,
    owner: `${owner.firstName} ${owner.lastName}`,
    mechanic: `${job.mechanicFirstName} ${job.mechanicLastName}`,
    lines: lines.map((l) => ({
      description: l.description,
      cents: Number(l.laborCents) + Number(l.partsCents),
      changeOrder: l.changeOrderId !== null,
    })),
    totalCents: Number(p.totalCents),
    depositCents: deposit,
    chargedCents: Number(p.chargeCents),
    feeCents: Number(p.feeCents),
    paidAt: p.paidAt,
    timeZone,
  });
  const fileName = `invoice-${job.aircraftTailNumber}-${paidOn}.pdf`;
  const check = checkContent(fileName, bytes);
  if (!check.ok) throw new Error(`The invoice PDF did not pass the file check: ${check.detail}`);
  const store = documentsStore();
  const stored = await storeDocument(db, store, {
    viewer: { id: p.mechanicId, role: 'mechanic' },
    target: { ownerId: p.ownerId, aircraftId: job.aircraftId, serviceRequestId: job.serviceRequestId },
    metadata: {
      title: `Invoice ${job.aircraftTailNumber} ${paidOn}`,
      documentType: 'invoice',
      description: 'Paid through Skyward',
    },
    fileName,
    bytes,
    check,
  });
  const linked = await db
    .updateTable('payments')
    .set({ receiptDocumentId: stored.id })
    .where('id', '=', p.id)
    .where('receiptDocumentId', 'is', null)
    .executeTakeFirst();
  if (Number(linked.numUpdatedRows) === 0) {
    await db.deleteFrom('documents').where('id', '=', stored.id).execute();
    await store
      .delete(stored.blobKey)
      .catch((e: unknown) => console.warn(`Could not remove the second invoice ${stored.blobKey}`, e));
    return;
  }
  await notify(db, [p.ownerId], {
    type: 'payment.receipt',
    title: 'Invoice filed',
    message: `The invoice for ${job.aircraftTailNumber} is in your Documents.`,
    link: 'documents',
  });
}
