import { ACTIVE_JOB_STATUSES, BID_MACHINE, REQUEST_MACHINE, fromStates, targetOf } from '../../contract/machines.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { ExpressionBuilder } from 'kysely';
import type { Tx } from '../../server/db/client.ts';
import type { Database } from '../../server/db/schema.ts';
import type { ServiceRequestsTable } from '../../server/db/tables/marketplace.ts';
import { fullName } from '../../server/db/full-name.ts';
import { notify } from './notifications.server.ts';

/**
 * A mechanic was rejected or suspended. From now on the server refuses them
 * every job route and every job document (requireJobUser, documents' access); here, in the same
 * transaction as the decision: their quotes still waiting are declined (an owner cannot accept a
 * mechanic who cannot work), and the owner of each job not finished is told and offered to
 * re-list it (POST /api/enhanced/quotes/:id/relist), which reopens it to other mechanics.
 */
export async function stopJobsOf(trx: Tx, mechanic: UserRow): Promise<void> {
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

/**
 * Whether the request `r` (a list's row) is a job the owner may re-list: in progress or agreed
 * (the states a relist leaves) while its mechanic is no longer approved. A column of the list's
 * own statement, one probe per row of the page.
 */
export function stoppedJob(eb: ExpressionBuilder<Database & { r: ServiceRequestsTable }, 'r'>) {
  return eb.and([
    eb('r.status', 'in', fromStates(REQUEST_MACHINE, 'relist')),
    // The mechanic's status read by key for the page's one appointment: joined instead, a small
    // table of users was read whole to build a hash (the plan test caught it).
    eb.exists(
      eb
        .selectFrom('appointments as a')
        .select('a.id')
        .whereRef('a.serviceRequestId', '=', 'r.id')
        .where(
          (inner) => inner.selectFrom('users as m').select('m.mechanicStatus').whereRef('m.id', '=', 'a.mechanicId'),
          '<>',
          'approved',
        ),
    ),
  ]);
}
