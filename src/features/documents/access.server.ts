import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../server/db/client.ts';
import { badRequest, notFound } from '../../server/http/errors.ts';

/**
 * Who may see and add which documents (docs/decisions/0060):
 * - the owner (the aircraft owner, normally a pilot) sees, downloads and deletes their documents;
 * - the mechanic of an accepted job (the request's accepted bid is theirs and the request is
 *   approved, in progress or completed) sees and adds documents of that request and of its
 *   aircraft; the owner stays the aircraft owner, and the mechanic may delete only their uploads;
 * - anyone else gets 404, so a document's existence is never revealed.
 */

export interface Viewer {
  id: string;
  role: 'pilot' | 'mechanic' | 'admin';
}

/** Request statuses in which the accepted mechanic works on the aircraft. */
export const JOB_STATUSES = ['approved', 'in_progress', 'completed'] as const;

/** How long after completing a job its mechanic still reads the aircraft's documents. */
export const DOCUMENT_ACCESS_AFTER_COMPLETION_DAYS = 30;

/**
 * The service requests `mechanicId` holds the accepted bid of, from acceptance (approved, in
 * progress) until 30 days after the job's completion (docs/decisions/0098).
 */
function jobsOf(db: Db, mechanicId: string) {
  return (
    db
      .selectFrom('serviceRequests as sr')
      .innerJoin('bids as b', (j) =>
        j.onRef('b.serviceRequestId', '=', 'sr.id').on('b.status', '=', 'accepted').on('b.mechanicId', '=', mechanicId),
      )
      .where('sr.status', 'in', JOB_STATUSES)
      // A mechanic who is no longer approved (rejected, suspended) reads no job's documents.
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('users as mu')
            .select('mu.id')
            .where('mu.id', '=', mechanicId)
            .where('mu.mechanicStatus', '=', 'approved'),
        ),
      )
      .where((eb) =>
        eb.or([
          eb('sr.status', '!=', 'completed'),
          eb.exists(
            eb
              .selectFrom('appointments as a')
              .select('a.id')
              .whereRef('a.serviceRequestId', '=', 'sr.id')
              .where('a.mechanicId', '=', mechanicId)
              .where(
                sql<SqlBool>`a.completed_at > now() - make_interval(days => ${DOCUMENT_ACCESS_AFTER_COMPLETION_DAYS})`,
              ),
          ),
        ]),
      )
  );
}

/** A WHERE condition on `documents as d`: the rows `viewer` may see. */
export function visibleTo(db: Db, viewer: Viewer): Expression<SqlBool> {
  if (viewer.role !== 'mechanic') return sql<SqlBool>`d.owner_id = ${viewer.id}`;
  const requestIds = jobsOf(db, viewer.id).select('sr.id');
  const aircraftIds = jobsOf(db, viewer.id).where('sr.aircraftId', 'is not', null).select('sr.aircraftId');
  return sql<SqlBool>`(d.owner_id = ${viewer.id} or d.service_request_id in (${requestIds}) or d.aircraft_id in (${aircraftIds}))`;
}

/** The job (accepted, active or done) `mechanicId` has on `requestId`, if any. */
export async function jobOn(db: Db, mechanicId: string, requestId: string) {
  return jobsOf(db, mechanicId)
    .select(['sr.id', 'sr.customerId', 'sr.aircraftId'])
    .where('sr.id', '=', requestId)
    .executeTakeFirst();
}

export interface UploadTarget {
  ownerId: string;
  aircraftId: string | null;
  serviceRequestId: string | null;
}

const aircraftNotFound = () => notFound('Aircraft not found');
const requestNotFound = () => notFound('Service request not found');

/**
 * Whose vault a new document goes to, and what it is attached to, for `viewer` asking to attach it
 * to `aircraftId` and/or `serviceRequestId`. Anything the viewer may not attach to is 404.
 */
export async function resolveTarget(
  db: Db,
  viewer: Viewer,
  wanted: { aircraftId: string | null; serviceRequestId: string | null },
): Promise<UploadTarget> {
  const { aircraftId, serviceRequestId } = wanted;

  if (serviceRequestId) {
    const request = await db
      .selectFrom('serviceRequests')
      .select(['id', 'customerId', 'aircraftId'])
      .where('id', '=', serviceRequestId)
      .executeTakeFirst();
    if (!request) throw requestNotFound();
    let ownerId: string;
    if (request.customerId === viewer.id) ownerId = viewer.id;
    else if (viewer.role === 'mechanic' && (await jobOn(db, viewer.id, serviceRequestId))) ownerId = request.customerId;
    else throw requestNotFound();
    if (aircraftId && aircraftId !== request.aircraftId) {
      // The owner may file it under another of their aircraft; a mechanic only under the job's.
      if (ownerId !== viewer.id) throw aircraftNotFound();
      await requireOwnAircraft(db, viewer.id, aircraftId);
    }
    return { ownerId, aircraftId: aircraftId ?? request.aircraftId, serviceRequestId };
  }

  if (aircraftId) {
    const aircraft = await db
      .selectFrom('aircraft')
      .select(['id', 'ownerId'])
      .where('id', '=', aircraftId)
      .executeTakeFirst();
    if (!aircraft) throw aircraftNotFound();
    if (aircraft.ownerId === viewer.id) return { ownerId: viewer.id, aircraftId, serviceRequestId: null };
    if (viewer.role === 'mechanic') {
      const job = await jobsOf(db, viewer.id)
        .select('sr.id')
        .where('sr.aircraftId', '=', aircraftId)
        .orderBy('sr.createdAt', 'desc')
        .executeTakeFirst();
      if (job) return { ownerId: aircraft.ownerId, aircraftId, serviceRequestId: job.id };
    }
    throw aircraftNotFound();
  }

  if (viewer.role === 'mechanic') {
    throw badRequest('Choose the service request or aircraft this document is for');
  }
  return { ownerId: viewer.id, aircraftId: null, serviceRequestId: null };
}

async function requireOwnAircraft(db: Db, ownerId: string, aircraftId: string): Promise<void> {
  const own = await db
    .selectFrom('aircraft')
    .select('id')
    .where('id', '=', aircraftId)
    .where('ownerId', '=', ownerId)
    .executeTakeFirst();
  if (!own) throw aircraftNotFound();
}
