import { RECORD_MESSAGES, type MaintenanceRecord, type RecordView } from '../../contract/records.ts';
import type { Db } from '../../server/db/client.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import { conflict } from '../../server/http/errors.ts';
import { fullName } from '../../server/db/full-name.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { verifiedCredentials } from '../marketplace/credentials.server.ts';
import { signedCertificate } from '../../contract/credentials.ts';
import { airmenBadgesOf } from '../marketplace/airmen-verdicts.server.ts';
import { entryText, statementOf, type RecordRow } from './entry-text.server.ts';
import { iaBlockedReason, signerProfile, type Job } from './record-job.server.ts';

// An entry as its reader sees it: the current one with its history, what the viewer may do with
// it, and the signer's own credentials. One mapping for the job's page and the owner's logbook.

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

export async function rowsOf(db: Db, appointmentId: string): Promise<RecordRow[]> {
  return db
    .selectFrom('maintenanceRecords')
    .selectAll()
    .where('appointmentId', '=', appointmentId)
    .orderBy('createdAt', 'desc')
    .execute();
}

export async function view(db: Db, job: Job): Promise<RecordView> {
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
