import { RECORD_MESSAGES } from '../../contract/records.ts';
import type { Db } from '../../server/db/client.ts';
import { badRequest } from '../../server/http/errors.ts';
import { documentsStore } from '../documents/blob-store.server.ts';
import { storeDocument } from '../documents/store-document.server.ts';
import { checkContent } from '../documents/file-type.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { formatDay } from '../../lib/format.ts';
import { dayInZone } from '../marketplace/geo/airport-day.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { logbookPdf } from './record-pdf.server.ts';
import { shopsOf } from './shops.server.ts';
import { unprintable } from './pdf-fonts.server.ts';
import { type RecordRow } from './entry-text.server.ts';
import type { Job } from './record-job.server.ts';

// A signed entry's PDF in the aircraft's Documents: filed after the signature commits, filed again
// on a later read when Blobs failed, and a text refused before signing when its font cannot print it.

/** Appended to the title of a superseded entry's PDF in Documents. */
export const SUPERSEDED_MARK = ' (superseded)';

/** Signed entries of the job whose PDF could not be filed when they were signed. */
export async function fileUnfiledEntries(db: Db, job: Job): Promise<void> {
  const unfiled = await db
    .selectFrom('maintenanceRecords')
    .selectAll()
    .where('appointmentId', '=', job.appointment.id)
    .where('status', 'in', ['signed', 'superseded'])
    .where('documentId', 'is', null)
    .execute();
  for (const row of unfiled) {
    await fileSignedEntry(db, job, row).catch((e: unknown) =>
      console.error(`Filing the PDF of signed record ${row.id} failed again`, e),
    );
  }
}

/**
 * Files the PDF of a signed entry in the aircraft's Documents (owner and the job's mechanic see it
 * there) and tells the owner. Once per entry: two readers healing the same entry at once keep the
 * first PDF and remove the second.
 */
export async function fileSignedEntry(db: Db, job: Job, signed: RecordRow): Promise<void> {
  if (!signed.signedAt || !signed.signedBy) return;
  const bytes = await logbookPdf([signed], `Logbook entry, ${job.request.aircraftTailNumber}`, {
    shops: await shopsOf(db, [signed.mechanicId]),
  });
  const fileName = `logbook-${job.request.aircraftTailNumber}-${dateOnly(signed.completedOn)}${signed.supersedesId ? '-correction' : ''}.pdf`;
  const check = checkContent(fileName, bytes);
  if (!check.ok) throw new Error(`The logbook PDF did not pass the file check: ${check.detail}`);
  const store = documentsStore();
  const stored = await storeDocument(db, store, {
    viewer: { id: signed.signedBy, role: 'mechanic' },
    target: {
      ownerId: job.appointment.customerId,
      aircraftId: job.request.aircraftId,
      serviceRequestId: job.appointment.serviceRequestId,
    },
    metadata: {
      title: `Logbook entry ${job.request.aircraftTailNumber} ${formatDay(dateOnly(signed.completedOn))}${signed.supersedesId ? ' (correction)' : ''}${signed.status === 'superseded' ? SUPERSEDED_MARK : ''}`,
      documentType: 'logbook',
      description: `Signed by ${signed.signerName} on ${formatDay(dayInZone(job.timeZone, signed.signedAt))}; SHA-256 ${signed.sha256}`,
    },
    fileName,
    bytes,
    check,
  });
  const linked = await db
    .updateTable('maintenanceRecords')
    .set({ documentId: stored.id })
    .where('id', '=', signed.id)
    .where('documentId', 'is', null)
    .executeTakeFirst();
  if (Number(linked.numUpdatedRows) === 0) {
    await db.deleteFrom('documents').where('id', '=', stored.id).execute();
    await store
      .delete(stored.blobKey)
      .catch((e: unknown) =>
        console.warn(`Could not remove the second PDF ${stored.blobKey} of record ${signed.id}`, e),
      );
    return;
  }
  await notify(db, [job.appointment.customerId], {
    type: 'record.signed',
    title: 'Logbook entry signed',
    // A correction says what it replaces; the email links to the document.
    message: `${signed.signerName} signed the ${signed.supersedesId ? 'corrected ' : ''}logbook entry for ${job.request.aircraftTailNumber} (${formatDay(dateOnly(signed.completedOn))}).${signed.supersedesId ? ' It replaces the entry first signed for this job; use this one in the aircraft’s logbook.' : ''} The PDF is in your Documents.`,
    link: 'documents',
    itemId: stored.id,
  });
}

/** 400 naming the characters the PDF's font cannot print: the printout must read as the signed text. */
export function assertPrintable(text: string): void {
  const missing = unprintable(text);
  if (missing.length > 0) {
    throw badRequest(`${RECORD_MESSAGES.unprintable}: ${missing.slice(0, 10).join(' ')}`);
  }
}
