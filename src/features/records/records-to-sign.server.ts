import { sql } from 'kysely';
import { type RecordToSign } from '../../contract/records.ts';
import { certificateKey } from '../../contract/bids.ts';
import type { Db } from '../../server/db/client.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import { fullName } from '../../server/db/full-name.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { verifiedCredentials } from '../marketplace/credentials.server.ts';
import { inspectorsByCertificate, jobFor } from './record-job.server.ts';
import { view } from './record-view.server.ts';

// The IA's own list: annuals another mechanic completed that name this IA's certificate to sign.

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
  // Each entry as the record read gives it (the rows above are drafts: nothing to draft or file):
  // the screen shows every entry with the list, not after a second read per entry.
  return Promise.all(
    rows.map(async (r) => ({
      appointmentId: r.appointmentId,
      aircraft: r.aircraftLabel,
      completedOn: dateOnly(r.completedOn),
      performedBy: fullName(r),
      record: await view(db, await jobFor(db, user, r.appointmentId)),
    })),
  );
}
