import { ACTIVE_JOB_STATUSES, BID_MACHINE, REQUEST_MACHINE, fromStates, targetOf } from '../../contract/machines.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { fullName } from './mappers.server.ts';
import { notify } from './notifications.server.ts';

/**
 * A mechanic was rejected or suspended (issue 27, point 4). From now on the server refuses them
 * every job route and every job document (requireJobUser, documents' access); here, in the same
 * transaction as the decision: their quotes still waiting are declined (an owner cannot accept a
 * mechanic who cannot work), and the owner of each job not finished is told and offered to
 * re-list it (POST /api/enhanced/quotes/:id/relist), which reopens it to other mechanics.
 */
export async function stopJobsOf(trx: Db, mechanic: UserRow): Promise<void> {
  const now = new Date();
  await trx
    .updateTable('bids')
    .set({ status: targetOf(BID_MACHINE, 'decline'), updatedAt: now })
    .where('mechanicId', '=', mechanic.id)
    .where('status', 'in', fromStates(BID_MACHINE, 'decline'))
    .execute();
  const jobs = await trx
    .selectFrom('appointments as a')
    .innerJoin('serviceRequests as r', 'r.id', 'a.serviceRequestId')
    .select(['a.customerId', 'r.serviceType', 'r.aircraftTailNumber'])
    .where('a.mechanicId', '=', mechanic.id)
    .where('a.status', 'in', ACTIVE_JOB_STATUSES)
    .execute();
  for (const job of jobs) {
    await notify(trx, [job.customerId], {
      type: 'job.mechanic_stopped',
      title: 'Your mechanic can no longer do this job',
      message: `${fullName(mechanic)} can no longer work through Skyward Mobile Aviation, so the ${labelOf(MARKETPLACE_SERVICE_TYPES, job.serviceType as never)} for ${job.aircraftTailNumber} is stopped and they no longer see its documents. Re-list it from your Requests to get quotes from other mechanics.`,
      link: 'requests',
    });
  }
}

/** The requests the owner may re-list once their job's mechanic is stopped. */
export const RELISTABLE_REQUEST_STATUSES = fromStates(REQUEST_MACHINE, 'relist');

/** Which of `requestIds` (requests in RELISTABLE_REQUEST_STATUSES) have a job whose mechanic is no longer approved. */
export async function stoppedJobs(db: Db, requestIds: readonly string[]): Promise<Set<string>> {
  if (requestIds.length === 0) return new Set();
  const stopped = await db
    .selectFrom('appointments as a')
    .innerJoin('users as m', 'm.id', 'a.mechanicId')
    .select('a.serviceRequestId')
    .where('a.serviceRequestId', 'in', [...requestIds])
    .where('m.mechanicStatus', '<>', 'approved')
    .execute();
  return new Set(stopped.map((s) => s.serviceRequestId));
}
