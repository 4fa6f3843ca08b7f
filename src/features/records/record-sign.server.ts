import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { RECORD_MESSAGES, type RecordView, type SignRecordData } from '../../contract/records.ts';
import type { Db } from '../../server/db/client.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import { badRequest, conflict, forbidden } from '../../server/http/errors.ts';
import {
  completeMaintenance,
  fixedByJobNote,
  redateCompletedWork,
  redateSquawkNotes,
} from '../maintenance/request-maintenance.server.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { formatDay } from '../../lib/format.ts';
import { dayInZone } from '../marketplace/geo/airport-day.ts';
import { jobWorkDone } from '../maintenance/work-done.server.ts';
import { assertTach } from '../maintenance/tach-rule.server.ts';
import { recordJobTach } from '../maintenance/hours.server.ts';
import { signatureOf } from './signature.server.ts';
import { entryText } from './entry-text.server.ts';
import { recordThreadEvent } from '../conversations/events.server.ts';
import { fromStates, targetOf } from '../../contract/machines.ts';
import { RECORD_MACHINE } from '../../contract/status-machines.ts';
import { transition } from '../../server/http/transition.ts';
import { assertMechanic, iaBlockedReason, jobFor, signerProfile } from './record-job.server.ts';
import { draftOf, ensureDraft } from './record-draft.server.ts';
import { assertPrintable, fileSignedEntry, SUPERSEDED_MARK } from './record-filing.server.ts';
import { view } from './record-view.server.ts';

/**
 * Signs the draft: the signer's typed name and certificate number, the statement confirmed. The
 * text with its signature line is hashed and kept; the entry becomes read-only and supersedes the
 * one it corrects. The due items the job covered recompute from the entry's date and total time;
 * the PDF is filed in the aircraft's Documents; the owner is told.
 */
export async function signRecord(
  db: Db,
  user: UserRow,
  appointmentId: string | undefined,
  data: SignRecordData,
): Promise<RecordView> {
  const job = await jobFor(db, user, appointmentId);
  assertMechanic(job);
  if (job.appointment.status !== 'completed') throw conflict(RECORD_MESSAGES.notCompleted);
  await ensureDraft(db, job);
  const draft = await draftOf(db, job);
  const { ia } = await signerProfile(db, user.id);
  if (draft.inspection === 'annual' && !ia) throw forbidden(iaBlockedReason(job));
  if (draft.inspection && !draft.airworthy && draft.discrepancies.length === 0) {
    throw badRequest('List the discrepancies given to the owner, or state that the aircraft is airworthy');
  }
  // A total time below the aircraft's readings (logged since the draft was made) is not signed;
  // a correction's is checked without the reading of the entry it replaces.
  await assertTach(
    db,
    draft.aircraftId,
    draft.totalTimeHours === null ? null : Number(draft.totalTimeHours),
    dateOnly(draft.completedOn),
    'totalTimeHours',
    draft.supersedesId,
  );

  const signature = await signatureOf(db, user, data);

  const signedAt = new Date();
  const kind = signature.ia ? 'A&P mechanic with inspection authorization' : 'A&P mechanic';
  const signedBy = { name: signature.name, kind, number: signature.number, at: signedAt, timeZone: job.timeZone };
  assertPrintable(entryText(draft, signedBy));
  // One transaction: the signature and the due items it completes commit together or not at all,
  // so a record row held elsewhere (a stuck transaction, a second click) leaves every item as it
  // was and the entry a draft.
  const signed = await db.transaction().execute(async (trx) => {
    const current = await draftOf(trx, job, true); // a second click finds it signed: 409
    // The job before its aircraft, the order marking items done locks them in (completeMaintenance).
    await trx.selectFrom('appointments').select('id').where('id', '=', job.appointment.id).forUpdate().execute();

    const hours = current.totalTimeHours === null ? null : Number(current.totalTimeHours);
    const day = dateOnly(current.completedOn);
    // Every signed job moves its aircraft's hours, linked to a due item or not (an AOG repair); the
    // reading names the entry, and a correction's replaces the one its superseded entry recorded.
    // Recorded first, so the items marked done below find the aircraft at the entry's tach.
    await recordJobTach(trx, current.aircraftId, hours, day, current);

    // A correction moves the due items its superseded entry completed to its own date and total
    // time (docs/decisions/0395-a-correction-moves-what-the-entry-moved.md).
    if (current.supersedesId) {
      const replaced = await trx
        .selectFrom('maintenanceRecords')
        .select(['completedOn', 'totalTimeHours', 'signerName'])
        .where('id', '=', current.supersedesId)
        .executeTakeFirst();
      if (replaced?.signerName)
        await redateSquawkNotes(
          trx,
          job.appointment.serviceRequestId,
          { signerName: replaced.signerName, date: dateOnly(replaced.completedOn) },
          { signerName: signature.name, date: day },
        );
      if (replaced)
        await redateCompletedWork(
          trx,
          {
            aircraftId: current.aircraftId,
            serviceRequestId: job.appointment.serviceRequestId,
            annual: current.inspection === 'annual',
          },
          {
            date: dateOnly(replaced.completedOn),
            hours: replaced.totalTimeHours === null ? null : Number(replaced.totalTimeHours),
          },
          { date: day, hours },
        );
    }

    // What the job did of what it was requested for recomputes from the entry (its total time when
    // due by hours): only what an approved line answered; deferred and declined work stays due
    // (docs/decisions/0160-what-a-job-completes.md).
    const { itemIds, squawkIds } = await jobWorkDone(trx, job.appointment, job.timeZone);
    if (itemIds.length + squawkIds.length > 0) {
      // Marked done on the job's behalf: an IA named on the quote signs for the job's mechanic.
      const jobMechanic =
        job.role === 'mechanic'
          ? user
          : await trx
              .selectFrom('users')
              .selectAll()
              .where('id', '=', job.appointment.mechanicId)
              .executeTakeFirstOrThrow();
      await completeMaintenance(trx, jobMechanic, job.appointment.serviceRequestId, {
        itemIds,
        squawkIds,
        date: day,
        hours,
        note: fixedByJobNote(signature.name, day),
      });
    }

    // The entry a correction replaces is superseded first: a job has one current entry at every
    // moment (migration 0047's unique index), its signed one or its draft.
    let superseded: { documentId: string | null } | undefined;
    if (current.supersedesId) {
      superseded = await trx
        .updateTable('maintenanceRecords')
        .set({ status: targetOf(RECORD_MACHINE, 'supersede'), updatedAt: signedAt })
        .where('id', '=', current.supersedesId)
        .where('status', 'in', fromStates(RECORD_MACHINE, 'supersede'))
        .returning('documentId')
        .executeTakeFirst();
    }
    const text = entryText(current, signedBy);
    const sha256 = createHash('sha256').update(text, 'utf8').digest('hex');
    const row = await trx
      .updateTable('maintenanceRecords')
      .set({
        status: transition(RECORD_MACHINE, current.status, 'sign'),
        signerName: signature.name,
        certificateNumber: signature.number,
        certificateKind: kind,
        signedBy: user.id,
        signedAt,
        entryText: text,
        sha256,
        updatedAt: signedAt,
      })
      .where('id', '=', current.id)
      .where('status', 'in', fromStates(RECORD_MACHINE, 'sign'))
      .returningAll()
      .executeTakeFirstOrThrow();
    // Its PDF stays in Documents, marked: an owner printing it sees it is no longer the entry.
    if (superseded?.documentId) {
      await trx
        .updateTable('documents')
        .set((eb) => ({
          title: sql<string>`left(${eb.ref('title')}, 180) || ${SUPERSEDED_MARK}`,
          description: sql<string>`${`Superseded by the correction signed on ${formatDay(dayInZone(job.timeZone, signedAt))}. `} || coalesce(${eb.ref('description')}, '')`,
        }))
        .where('id', '=', superseded.documentId)
        .execute();
    }
    await recordThreadEvent(trx, job.appointment, 'record_signed');
    return row;
  });

  // The entry is signed whatever happens next: a PDF that cannot be filed now (Blobs unavailable)
  // is filed on the entry's next read, and the owner is told then.
  await fileSignedEntry(db, job, signed).catch((e: unknown) =>
    console.error(`Filing the PDF of signed record ${signed.id} failed; it is filed on its next read`, e),
  );
  return view(db, job);
}
