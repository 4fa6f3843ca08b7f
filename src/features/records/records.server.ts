import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  RECORD_MESSAGES,
  type MaintenanceRecord,
  type RecordInspection,
  type RecordPatch,
  type RecordToSign,
  type RecordView,
  type SignRecordData,
} from '../../contract/records.ts';
import { labelOf } from '../../contract/options.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import { certificateKey } from '../../contract/bids.ts';
import type { Db } from '../../server/db/client.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import { badRequest, conflict, forbidden, notFound } from '../../server/http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import { documentsStore } from '../documents/blob-store.server.ts';
import { storeDocument } from '../documents/store-document.server.ts';
import { checkContent } from '../documents/file-type.ts';
import {
  completeMaintenance,
  fixedByJobNote,
  redateCompletedWork,
  redateSquawkNotes,
} from '../maintenance/request-maintenance.server.ts';
import { dateOnly, fullName } from '../marketplace/mappers.server.ts';
import { formatDay } from '../../lib/format.ts';
import { aircraftZone, dayInZone } from '../marketplace/geo/airport-day.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { logbookPdf } from './record-pdf.server.ts';
import { shopsOf } from './shops.server.ts';
import { unprintable } from './pdf-fonts.server.ts';
import { linkRequestAircraft } from '../marketplace/request-aircraft.server.ts';
import { jobLines, jobWorkDone, openLinks } from '../maintenance/work-done.server.ts';
import { assertTach, tachFloor } from '../maintenance/tach-rule.server.ts';
import { recordJobTach } from '../maintenance/hours.server.ts';
import { lineNamesItem, lineNamesSquawk, type CoverageLine } from '../../contract/line-coverage.ts';
import { verifiedCredentials } from '../marketplace/credentials.server.ts';
import { signatureOf } from './signature.server.ts';
import { refusedLeaveAirworthy } from './draft-verdict.server.ts';
import { signedCertificate } from '../../contract/credentials.ts';
import { airmenBadgesOf } from '../marketplace/airmen-verdicts.server.ts';
import { entryText, INSPECTION_LABEL, statementOf, type RecordRow } from './entry-text.server.ts';
import { recordThreadEvent } from '../conversations/events.server.ts';
import { fromStates, targetOf } from '../../contract/machines.ts';
import { RECORD_MACHINE } from '../../contract/status-machines.ts';
import { transition } from '../../server/http/transition.ts';

/**
 * The job a record belongs to, and who is looking at it: its owner, its mechanic, or the IA the
 * quote named to sign the annual (docs/decisions/0140-who-signs-the-annual.md).
 */
interface Job {
  appointment: {
    id: string;
    status: string;
    bidId: string;
    serviceRequestId: string;
    customerId: string;
    mechanicId: string;
    completedAt: Date | null;
    mechanicNotes: string | null;
    /** When the owner accepted the quote (the appointment is made then). */
    createdAt: Date;
  };
  request: {
    serviceType: string;
    aircraftId: string | null;
    aircraftTailNumber: string;
    aircraftMake: string;
    aircraftModel: string;
    aircraftYear: number | null;
    aircraftTotalHours: string | null;
    aircraftLocation: string;
  };
  role: 'owner' | 'mechanic' | 'inspector';
  viewerId: string;
  inspector: NamedInspector | null;
  /** The aircraft's airport's zone: the entry's dates are local days there (docs/decisions/0360). */
  timeZone: string;
}

const recordNotFound = () => notFound('Appointment not found');

/** Appended to the title of a superseded entry's PDF in Documents. */
const SUPERSEDED_MARK = ' (superseded)';

async function jobFor(db: Db, user: UserRow, appointmentId: string | undefined): Promise<Job> {
  if (!isUuid(appointmentId)) throw recordNotFound();
  const appointment = await db
    .selectFrom('appointments')
    .select([
      'id',
      'status',
      'bidId',
      'serviceRequestId',
      'customerId',
      'mechanicId',
      'completedAt',
      'mechanicNotes',
      'createdAt',
    ])
    .where('id', '=', appointmentId)
    .executeTakeFirst();
  if (!appointment) throw recordNotFound();
  const request = await db
    .selectFrom('serviceRequests')
    .select([
      'serviceType',
      'aircraftId',
      'aircraftTailNumber',
      'aircraftMake',
      'aircraftModel',
      'aircraftYear',
      'aircraftTotalHours',
      'aircraftLocation',
    ])
    .where('id', '=', appointment.serviceRequestId)
    .executeTakeFirstOrThrow();
  const inspector = request.serviceType === 'annual_inspection' ? await namedInspector(db, appointment.bidId) : null;
  const role =
    appointment.mechanicId === user.id
      ? 'mechanic'
      : appointment.customerId === user.id
        ? 'owner'
        : inspector?.userId === user.id
          ? 'inspector'
          : null;
  if (!role) throw recordNotFound();
  // A job of a request made before every request had an aircraft: its entry gets one now.
  if (!request.aircraftId) request.aircraftId = await linkRequestAircraft(db, appointment.serviceRequestId);
  const home = request.aircraftId
    ? await db.selectFrom('aircraft').select('homeAirport').where('id', '=', request.aircraftId).executeTakeFirst()
    : undefined;
  const timeZone = aircraftZone(home?.homeAirport, request.aircraftLocation);
  return { appointment, request: request as Job['request'], role, viewerId: user.id, inspector, timeZone };
}

/** The IA a quote named to sign its annual, and their account here when exactly one fits. */
interface NamedInspector {
  fullName: string;
  certificateNumber: string;
  /** An approved mechanic here with an IA and that certificate number; null when none (or several) is. */
  userId: string | null;
}

/** Approved mechanics holding an IA whose certificate number reads as `certificate` (letters and digits). */
function inspectorsByCertificate(db: Db, certificate: string) {
  return (
    db
      .selectFrom('mechanicProfiles as p')
      .innerJoin('users as u', 'u.id', 'p.userId')
      .select('p.userId')
      .where('u.role', '=', 'mechanic')
      .where('u.mechanicStatus', '=', 'approved')
      // The verified values only: what a profile asks for counts for nothing until approved (0180).
      .where('p.verifiedIa', '=', true)
      .where(
        sql<string>`upper(regexp_replace(p.verified_ap_number, '[^0-9A-Za-z]', '', 'g'))`,
        '=',
        certificateKey(certificate),
      )
  );
}

async function namedInspector(db: Db, bidId: string): Promise<NamedInspector | null> {
  const bid = await db
    .selectFrom('bids')
    .select(['inspectionSignerName', 'inspectionSignerCertificate'])
    .where('id', '=', bidId)
    .executeTakeFirst();
  if (!bid?.inspectionSignerName || !bid.inspectionSignerCertificate) return null;
  const accounts = await inspectorsByCertificate(db, bid.inspectionSignerCertificate).limit(2).execute();
  // Two accounts claiming one number: neither is trusted with somebody else's record.
  const userId = accounts.length === 1 ? accounts[0]!.userId : null;
  return { fullName: bid.inspectionSignerName, certificateNumber: bid.inspectionSignerCertificate, userId };
}

/** Why the job's own mechanic cannot sign this annual, naming the IA the quote chose when it did. */
function iaBlockedReason(job: Job): string {
  const named = job.inspector;
  if (!named) return RECORD_MESSAGES.iaRequired;
  const who = `${named.fullName} (certificate ${named.certificateNumber})`;
  return named.userId
    ? `${RECORD_MESSAGES.iaRequired}. ${who}, named on the quote, signs it from their own account.`
    : `${RECORD_MESSAGES.iaRequired}. ${who}, named on the quote, signs it once they have a mechanic account here with that certificate number and an IA.`;
}

/** Which inspection (43.11) a job's service type is, if any. */
export function inspectionOf(serviceType: string): RecordInspection | null {
  if (serviceType === 'annual_inspection') return 'annual';
  if (serviceType === 'hundred_hour') return '100_hour';
  return null;
}

/** The signer's verified credentials (docs/decisions/0180): never what the profile form asks for. */
async function signerProfile(db: Db, mechanicId: string): Promise<{ ia: boolean; apNumber: string | null }> {
  return verifiedCredentials(db, mechanicId);
}

function toRecord(r: RecordRow, job: Job, supersededById: string | null, ia: boolean): MaintenanceRecord {
  const mechanic = job.role === 'mechanic' || job.role === 'inspector';
  const blocked = r.inspection === 'annual' && !ia ? iaBlockedReason(job) : null;
  return {
    id: r.id,
    appointmentId: r.appointmentId,
    aircraftId: r.aircraftId,
    status: r.status,
    supersedesId: r.supersedesId,
    supersededById,
    aircraft: r.aircraftLabel,
    inspection: r.inspection,
    inspectionExtent: r.inspectionExtent,
    description: r.description,
    completedOn: dateOnly(r.completedOn),
    performedBy: r.performedBy,
    totalTimeHours: r.totalTimeHours === null ? null : Number(r.totalTimeHours),
    airworthy: r.airworthy,
    discrepancies: r.discrepancies,
    statement: statementOf(r),
    signerName: r.signerName,
    certificateNumber: r.certificateNumber,
    certificateKind: r.certificateKind,
    signedAt: r.signedAt ? r.signedAt.toISOString() : null,
    sha256: r.sha256,
    text: r.entryText ?? entryText(r),
    documentId: r.documentId,
    timeZone: job.timeZone,
    canEdit: mechanic && r.status === 'draft',
    canSign: mechanic && r.status === 'draft' && blocked === null,
    canCorrect: mechanic && r.status === 'signed',
    signBlockedReason: mechanic && r.status === 'draft' ? blocked : null,
  };
}

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

/**
 * The annuals this IA was named to sign and that wait for a signature: drafts of completed jobs
 * whose quote gave this mechanic's certificate number. Only when that number is theirs alone.
 */
export async function recordsToSign(db: Db, user: UserRow): Promise<RecordToSign[]> {
  const me = await verifiedCredentials(db, user.id);
  if (!me.ia || !me.apNumber || certificateKey(me.apNumber) === '') return [];
  const holders = await inspectorsByCertificate(db, me.apNumber).limit(2).execute();
  if (holders.length !== 1 || holders[0]!.userId !== user.id) return [];
  const rows = await db
    .selectFrom('maintenanceRecords as r')
    .innerJoin('appointments as a', 'a.id', 'r.appointmentId')
    .innerJoin('bids as b', 'b.id', 'a.bidId')
    .innerJoin('users as m', 'm.id', 'a.mechanicId')
    .select(['r.appointmentId', 'r.aircraftLabel', 'r.completedOn', 'm.firstName', 'm.lastName'])
    .where('r.status', '=', 'draft')
    .where('r.inspection', '=', 'annual')
    .where('a.mechanicId', '<>', user.id)
    .where(
      sql<string>`upper(regexp_replace(b.inspection_signer_certificate, '[^0-9A-Za-z]', '', 'g'))`,
      '=',
      certificateKey(me.apNumber),
    )
    .orderBy('r.completedOn', 'asc')
    .execute();
  return rows.map((r) => ({
    appointmentId: r.appointmentId,
    aircraft: r.aircraftLabel,
    completedOn: dateOnly(r.completedOn),
    performedBy: fullName(r),
  }));
}

async function rowsOf(db: Db, appointmentId: string): Promise<RecordRow[]> {
  return db
    .selectFrom('maintenanceRecords')
    .selectAll()
    .where('appointmentId', '=', appointmentId)
    .orderBy('createdAt', 'desc')
    .execute();
}

async function view(db: Db, job: Job): Promise<RecordView> {
  const rows = await rowsOf(db, job.appointment.id);
  if (rows.length === 0) throw conflict(RECORD_MESSAGES.notCompleted);
  // Whether the one looking can sign: the job's mechanic, or the IA the quote named.
  const { ia } = await signerProfile(db, job.role === 'owner' ? job.appointment.mechanicId : job.viewerId);
  const replacedBy = (id: string) => rows.find((r) => r.supersedesId === id && r.status !== 'draft')?.id ?? null;
  const current = rows.find((r) => r.status === 'draft') ?? rows.find((r) => r.status === 'signed') ?? rows[0]!;
  return {
    ...toRecord(current, job, replacedBy(current.id), ia),
    history: rows.filter((r) => r.id !== current.id).map((r) => toRecord(r, job, replacedBy(r.id), ia)),
    namedInspector: job.inspector
      ? { fullName: job.inspector.fullName, certificateNumber: job.inspector.certificateNumber }
      : null,
    signer: job.role === 'owner' ? null : await signerView(db, job.viewerId),
  };
}

/** The viewer's own signature as the sign dialog shows it: verified values and the FAA file's word. */
async function signerView(db: Db, viewerId: string): Promise<NonNullable<RecordView['signer']>> {
  const [user, creds, airmen] = await Promise.all([
    db.selectFrom('users').select(['firstName', 'lastName']).where('id', '=', viewerId).executeTakeFirstOrThrow(),
    verifiedCredentials(db, viewerId),
    airmenBadgesOf(db, [viewerId]),
  ]);
  return {
    name: fullName(user),
    certificateNumber: creds.apNumber === null ? null : signedCertificate(creds.apNumber),
    ia: creds.ia,
    airmen: airmen.get(viewerId) ?? null,
  };
}

export async function getRecord(db: Db, user: UserRow, appointmentId: string | undefined): Promise<RecordView> {
  const job = await jobFor(db, user, appointmentId);
  if (job.appointment.status !== 'completed') throw conflict(RECORD_MESSAGES.notCompleted);
  await ensureDraft(db, job);
  await fileUnfiledEntries(db, job);
  return view(db, job);
}

/** Signed entries of the job whose PDF could not be filed when they were signed. */
async function fileUnfiledEntries(db: Db, job: Job): Promise<void> {
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

async function draftOf(db: Db, job: Job, lock = false): Promise<RecordRow> {
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

function assertMechanic(job: Job): void {
  if (job.role === 'owner') throw forbidden('Only the mechanic of this job can edit or sign its maintenance record');
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

/**
 * Files the PDF of a signed entry in the aircraft's Documents (owner and the job's mechanic see it
 * there) and tells the owner. Once per entry: two readers healing the same entry at once keep the
 * first PDF and remove the second.
 */
async function fileSignedEntry(db: Db, job: Job, signed: RecordRow): Promise<void> {
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

/** The owner's logbook of one aircraft: every signed (and superseded) entry, newest first, in tach order within a day. */
export async function logbookRows(db: Db, owner: UserRow, aircraftId: string | undefined): Promise<RecordRow[]> {
  if (!isUuid(aircraftId)) throw notFound('Aircraft not found');
  const aircraft = await db
    .selectFrom('aircraft')
    .select('id')
    .where('id', '=', aircraftId)
    .where('ownerId', '=', owner.id)
    .executeTakeFirst();
  if (!aircraft) throw notFound('Aircraft not found');
  return db
    .selectFrom('maintenanceRecords')
    .selectAll()
    .where('aircraftId', '=', aircraftId)
    .where('status', 'in', ['signed', 'superseded'])
    .orderBy('completedOn', 'desc')
    .orderBy(sql`coalesce(total_time_hours, -1)`, 'desc')
    .orderBy('signedAt', 'desc')
    .execute();
}

/** A signed entry as its aircraft's owner reads it in the logbook (logbook-page.server.ts pages them). */
export function ownerEntry(
  owner: UserRow,
  r: RecordRow,
  supersededById: string | null,
  timeZone: string,
): MaintenanceRecord {
  const ownerJob = { role: 'owner', viewerId: owner.id, inspector: null, timeZone } as unknown as Job;
  return toRecord(r, ownerJob, supersededById, true);
}

/**
 * The completion's tach reading follows the one tach rule (tach-rule.server.ts): checked before
 * the job is completed, so a refused reading completes nothing. Only the job's mechanic completes;
 * anyone else is answered by the completion itself.
 */
export async function assertCompletionTach(
  db: Db,
  user: UserRow,
  appointmentId: string,
  hours: number | null | undefined,
): Promise<void> {
  if (hours === null || hours === undefined || !isUuid(appointmentId)) return;
  const row = await db
    .selectFrom('appointments as a')
    .innerJoin('serviceRequests as r', 'r.id', 'a.serviceRequestId')
    .leftJoin('aircraft as p', 'p.id', 'r.aircraftId')
    .select(['a.mechanicId', 'r.aircraftId', 'r.aircraftLocation', 'p.homeAirport'])
    .where('a.id', '=', appointmentId)
    .executeTakeFirst();
  if (!row || row.mechanicId !== user.id) return;
  const today = dayInZone(aircraftZone(row.homeAirport, row.aircraftLocation));
  await assertTach(db, row.aircraftId, hours, today, 'totalTimeHours');
}

/** 400 naming the characters the PDF's font cannot print: the printout must read as the signed text. */
function assertPrintable(text: string): void {
  const missing = unprintable(text);
  if (missing.length > 0) {
    throw badRequest(`${RECORD_MESSAGES.unprintable}: ${missing.slice(0, 10).join(' ')}`);
  }
}
