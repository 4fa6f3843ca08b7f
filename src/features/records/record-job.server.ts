import { sql } from 'kysely';
import { RECORD_MESSAGES, type RecordInspection } from '../../contract/records.ts';
import { certificateKey } from '../../contract/bids.ts';
import type { Db } from '../../server/db/client.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import { forbidden, notFound } from '../../server/http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import { aircraftZone } from '../marketplace/geo/airport-day.ts';
import { linkRequestAircraft } from '../marketplace/request-aircraft.server.ts';
import { verifiedCredentials } from '../marketplace/credentials.server.ts';

// The job a logbook entry belongs to and the viewer's part in it: every entry's read, edit and
// signature starts from it, so who may do what is decided in one place.

/**
 * The job a record belongs to, and who is looking at it: its owner, its mechanic, or the IA the
 * quote named to sign the annual (docs/decisions/0140-who-signs-the-annual.md).
 */
export interface Job {
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

export async function jobFor(db: Db, user: UserRow, appointmentId: string | undefined): Promise<Job> {
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
export function inspectorsByCertificate(db: Db, certificate: string) {
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
export function iaBlockedReason(job: Job): string {
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
export async function signerProfile(db: Db, mechanicId: string): Promise<{ ia: boolean; apNumber: string | null }> {
  return verifiedCredentials(db, mechanicId);
}

export function assertMechanic(job: Job): void {
  if (job.role === 'owner') throw forbidden('Only the mechanic of this job can edit or sign its maintenance record');
}
