import { OPEN_REQUEST_STATUSES } from '../../contract/machines.ts';
import { isUuid } from '../../contract/ids.ts';
import type { Db } from '../../server/db/client.ts';
import { notFound } from '../../server/http/errors.ts';
import { jobOn } from '../documents/access.server.ts';

/**
 * Who among mechanics reads a request's due list (GET /api/enhanced/quotes/:id/maintenance):
 * matched mechanics while the request takes quotes (they quote from it); after that only the
 * job's own mechanic, while the job runs and for the documents' window after it (0098). A losing
 * bidder no longer follows the aircraft's items and squawks. 404 otherwise,
 * as for a request one may not see.
 */
export async function assertMechanicReadsDueList(db: Db, mechanicId: string, requestId: string): Promise<void> {
  if (!isUuid(requestId)) return; // the read itself answers 404
  const request = await db
    .selectFrom('serviceRequests')
    .select('status')
    .where('id', '=', requestId)
    .executeTakeFirst();
  if (!request || OPEN_REQUEST_STATUSES.includes(request.status)) return; // matching decides, as before
  if (!(await jobOn(db, mechanicId, requestId))) throw notFound('Service request not found');
}
