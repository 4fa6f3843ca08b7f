import { sql } from 'kysely';
import { RECORD_MESSAGES, type RecordPatch, type RecordView } from '../../contract/records.ts';
import type { Db } from '../../server/db/client.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import { badRequest, conflict } from '../../server/http/errors.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { formatDay } from '../../lib/format.ts';
import { dayInZone } from '../marketplace/geo/airport-day.ts';
import { assertTach } from '../maintenance/tach-rule.server.ts';
import { assertMechanic, jobFor, type Job } from './record-job.server.ts';
import { draftOf, ensureDraft } from './record-draft.server.ts';
import { assertPrintable, fileUnfiledEntries } from './record-filing.server.ts';
import { rowsOf, view } from './record-view.server.ts';

// A job's logbook entry as its API serves it: read (drafted and filed on the way), edited while a
// draft, and corrected once signed. Signing is record-sign.server.ts.

export async function getRecord(db: Db, user: UserRow, appointmentId: string | undefined): Promise<RecordView> {
  const job = await jobFor(db, user, appointmentId);
  if (job.appointment.status !== 'completed') throw conflict(RECORD_MESSAGES.notCompleted);
  await ensureDraft(db, job);
  await fileUnfiledEntries(db, job);
  return view(db, job);
}

/**
 * An entry's date is a day of the job: not before the owner accepted it, not after today, both
 * as the calendar reads at the aircraft's airport (a record's date is the local day there).
 */
function assertCompletionDay(job: Job, day: string): void {
  const refuse = (message: string) => badRequest(message, [{ path: 'completedOn', message }]);
  if (day > dayInZone(job.timeZone)) throw refuse(RECORD_MESSAGES.dateInFuture);
  const accepted = dayInZone(job.timeZone, job.appointment.createdAt);
  if (day < accepted) throw refuse(RECORD_MESSAGES.dateBeforeAcceptance(formatDay(accepted)));
}

export async function updateRecord(
  db: Db,
  user: UserRow,
  appointmentId: string | undefined,
  patch: RecordPatch,
): Promise<RecordView> {
  const job = await jobFor(db, user, appointmentId);
  assertMechanic(job);
  if (job.appointment.status !== 'completed') throw conflict(RECORD_MESSAGES.notCompleted);
  await ensureDraft(db, job);
  assertPrintable(
    [patch.description, patch.inspectionExtent, ...(patch.discrepancies ?? [])]
      .filter((t): t is string => typeof t === 'string')
      .join('\n'),
  );
  await db.transaction().execute(async (trx) => {
    const draft = await draftOf(trx, job, true);
    // A date the entry already holds (the draft's own) is no new claim: only a changed one is checked.
    if (patch.completedOn !== undefined && patch.completedOn !== dateOnly(draft.completedOn))
      assertCompletionDay(job, patch.completedOn);
    // The tach rule of "Log hours", on the entry's own date (tach-rule.server.ts).
    const hours =
      patch.totalTimeHours !== undefined
        ? patch.totalTimeHours
        : draft.totalTimeHours === null
          ? null
          : Number(draft.totalTimeHours);
    if (patch.totalTimeHours !== undefined || patch.completedOn !== undefined) {
      await assertTach(
        trx,
        draft.aircraftId,
        hours,
        patch.completedOn ?? dateOnly(draft.completedOn),
        'totalTimeHours',
        draft.supersedesId,
      );
    }
    await trx
      .updateTable('maintenanceRecords')
      .set({
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.completedOn !== undefined ? { completedOn: patch.completedOn } : {}),
        ...(patch.totalTimeHours !== undefined ? { totalTimeHours: patch.totalTimeHours } : {}),
        ...(patch.inspectionExtent !== undefined ? { inspectionExtent: patch.inspectionExtent } : {}),
        ...(patch.airworthy !== undefined ? { airworthy: patch.airworthy } : {}),
        ...(patch.discrepancies !== undefined ? { discrepancies: JSON.stringify(patch.discrepancies) } : {}),
        updatedAt: new Date(),
      })
      .where('id', '=', draft.id)
      .execute();
  });
  return view(db, job);
}

/** A correction: a new draft from the signed entry, which stays signed until the correction is signed. */
export async function correctRecord(db: Db, user: UserRow, appointmentId: string | undefined): Promise<RecordView> {
  const job = await jobFor(db, user, appointmentId);
  assertMechanic(job);
  const rows = await rowsOf(db, job.appointment.id);
  const signed = rows.find((r) => r.status === 'signed');
  if (!signed) throw conflict(RECORD_MESSAGES.noCorrection);
  if (rows.some((r) => r.status === 'draft')) throw conflict('A correction is already being drafted for this entry');
  await db
    .insertInto('maintenanceRecords')
    .values({
      appointmentId: signed.appointmentId,
      aircraftId: signed.aircraftId,
      ownerId: signed.ownerId,
      mechanicId: signed.mechanicId,
      supersedesId: signed.id,
      aircraftLabel: signed.aircraftLabel,
      inspection: signed.inspection,
      inspectionExtent: signed.inspectionExtent,
      description: signed.description,
      completedOn: dateOnly(signed.completedOn),
      performedBy: signed.performedBy,
      totalTimeHours: signed.totalTimeHours,
      airworthy: signed.airworthy,
      discrepancies: JSON.stringify(signed.discrepancies),
    })
    // The index predicate as a literal: a bound parameter cannot name the partial unique index under a generic plan (42P10).
    .onConflict((oc) =>
      oc
        .column('appointmentId')
        .where(sql<boolean>`status = 'draft'`)
        .doNothing(),
    )
    .execute();
  return view(db, job);
}
