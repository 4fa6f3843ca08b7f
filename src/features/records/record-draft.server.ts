import { sql } from 'kysely';
import { RECORD_MESSAGES } from '../../contract/records.ts';
import { labelOf } from '../../contract/options.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import type { Db } from '../../server/db/client.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import { conflict } from '../../server/http/errors.ts';
import { fullName } from '../../server/db/full-name.ts';
import { formatDay } from '../../lib/format.ts';
import { dayInZone } from '../marketplace/geo/airport-day.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { jobLines, openLinks } from '../maintenance/work-done.server.ts';
import { tachFloor } from '../maintenance/tach-rule.server.ts';
import { lineNamesItem, lineNamesSquawk, type CoverageLine } from '../../contract/line-coverage.ts';
import { refusedLeaveAirworthy } from './draft-verdict.server.ts';
import { INSPECTION_LABEL, type RecordRow } from './entry-text.server.ts';
import { fromStates } from '../../contract/machines.ts';
import { RECORD_MACHINE } from '../../contract/status-machines.ts';
import { inspectionOf, jobFor, signerProfile, type Job } from './record-job.server.ts';

// The draft entry of a completed job: written once from its approved lines and what the owner
// deferred, and found (locked when it is about to change) by the edit and the signature.

/** What the completion knows that the request does not: the tach reading the mechanic entered. */
export interface DraftInput {
  totalTimeHours?: number | null | undefined;
}

/** The total time a draft starts from: the aircraft's hours today, else those given on the request. */
async function currentTach(db: Db, r: Job['request'], today: string): Promise<number | string | null> {
  const now = r.aircraftId ? await tachFloor(db, r.aircraftId, today) : null;
  const asked = r.aircraftTotalHours === null ? null : Number(r.aircraftTotalHours);
  if (now === null) return asked;
  return asked === null || now > asked ? now : asked;
}

/** The draft of a completed job: its approved lines and notes, and what the owner deferred or declined, with the date. */
async function draftValues(db: Db, job: Job, mechanic: { firstName: string; lastName: string }, input: DraftInput) {
  const [lines, links] = await Promise.all([
    jobLines(db, job.appointment.bidId),
    openLinks(db, job.appointment.serviceRequestId),
  ]);
  const category = (l: CoverageLine) => l.category;
  // Work performed is the work: travel is a charge, not maintenance (43.9(a)(1)).
  const approved = lines
    .filter((l) => l.decision === 'approve' && category(l) !== 'travel')
    .map((l) => `- ${l.description}`);
  const answersLink = (l: CoverageLine) =>
    links.items.some((i) => lineNamesItem(l, i)) || links.squawks.some((q) => lineNamesSquawk(l, q));
  // Every deferred or declined line, from the quote and from change orders, is on the owner's
  // record of what was not done (for an inspection, the dated list 43.11(b) requires); only the
  // airworthiness items and the lines answering a due item or squawk weigh on the verdict.
  const notDone = lines.filter((l) => (l.decision === 'defer' || l.decision === 'decline') && category(l) !== 'travel');
  const refused = notDone.filter((l) => category(l) === 'airworthy' || answersLink(l));
  const discrepancies = notDone.map(
    (l) =>
      `${l.description}: ${l.decision === 'defer' ? 'deferred' : 'declined'} by the owner${l.decidedAt ? ` on ${formatDay(dayInZone(job.timeZone, l.decidedAt))}` : ''}`,
  );
  const unairworthy = !(await refusedLeaveAirworthy(db, job.request.aircraftId, refused));
  const notes = job.appointment.mechanicNotes?.trim();
  const description =
    [...approved, ...(notes ? [notes] : [])].join('\n') ||
    labelOf(MARKETPLACE_SERVICE_TYPES, job.request.serviceType as never);
  const inspection = inspectionOf(job.request.serviceType);
  const r = job.request;
  return {
    appointmentId: job.appointment.id,
    aircraftId: r.aircraftId,
    ownerId: job.appointment.customerId,
    mechanicId: job.appointment.mechanicId,
    aircraftLabel: `${r.aircraftTailNumber}, ${r.aircraftYear ? `${r.aircraftYear} ` : ''}${r.aircraftMake} ${r.aircraftModel}`,
    inspection,
    inspectionExtent: inspection
      ? `${INSPECTION_LABEL[inspection]} of the aircraft per 14 CFR part 43, appendix D`
      : null,
    description,
    completedOn: dayInZone(job.timeZone, job.appointment.completedAt ?? new Date()),
    performedBy: fullName(mechanic),
    totalTimeHours: input.totalTimeHours ?? (await currentTach(db, r, dayInZone(job.timeZone))),
    airworthy: !unairworthy,
    discrepancies: JSON.stringify(discrepancies),
  };
}

/** Drafts the entry of a completed job once (the completion calls it; a GET drafts older jobs). */
export async function ensureDraft(db: Db, job: Job, input: DraftInput = {}): Promise<void> {
  if (job.appointment.status !== 'completed') return;
  const exists = await db
    .selectFrom('maintenanceRecords')
    .select('id')
    .where('appointmentId', '=', job.appointment.id)
    .executeTakeFirst();
  if (exists) return;
  const mechanic = await db
    .selectFrom('users')
    .select(['firstName', 'lastName'])
    .where('id', '=', job.appointment.mechanicId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('maintenanceRecords')
    .values(await draftValues(db, job, mechanic, input))
    // The index predicate as a literal: a bound parameter cannot name the partial unique index under a generic plan (42P10).
    .onConflict((oc) =>
      oc
        .column('appointmentId')
        .where(sql<boolean>`status = 'draft'`)
        .doNothing(),
    )
    .execute();
}

/** Drafts the record of a just-completed appointment (called after the completion commits). */
export async function draftAfterCompletion(
  db: Db,
  mechanic: UserRow,
  appointmentId: string,
  input: DraftInput = {},
): Promise<void> {
  const job = await jobFor(db, mechanic, appointmentId);
  await ensureDraft(db, job, input);
  // The IA the quote named signs the annual: tell them it is waiting (docs/decisions/0140).
  if (job.inspector?.userId && job.inspector.userId !== mechanic.id) {
    const { ia } = await signerProfile(db, mechanic.id);
    if (!ia) {
      await notify(db, [job.inspector.userId], {
        type: 'record.to_sign',
        title: 'An annual waits for your signature',
        message: `${fullName(mechanic)} completed the annual inspection of ${job.request.aircraftTailNumber} and named you to approve it for return to service. The entry is under Appointments, Annuals to sign.`,
        link: 'appointments',
      });
    }
  }
}

export async function draftOf(db: Db, job: Job, lock = false): Promise<RecordRow> {
  let q = db
    .selectFrom('maintenanceRecords')
    .selectAll()
    .where('appointmentId', '=', job.appointment.id)
    .where('status', 'in', fromStates(RECORD_MACHINE, 'edit'));
  if (lock) q = q.forUpdate();
  const draft = await q.executeTakeFirst();
  if (!draft) throw conflict(RECORD_MESSAGES.signed);
  return draft;
}
