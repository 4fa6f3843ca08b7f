import type { AogAvailability } from '../../contract/aog.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { toE164 } from '../messaging/outbox.server.ts';

/** The mechanic's "available for AOG calls" (Profile tab): urgent calls reach them at any hour, by every channel. */
export async function aogAvailability(db: Db, mechanic: UserRow): Promise<AogAvailability> {
  const row = await db
    .selectFrom('aogMechanicSettings')
    .select('available')
    .where('mechanicId', '=', mechanic.id)
    .executeTakeFirst();
  return { available: row?.available ?? false, hasPhone: toE164(mechanic.phone) !== null };
}

export async function saveAogAvailability(db: Db, mechanic: UserRow, available: boolean): Promise<AogAvailability> {
  await db
    .insertInto('aogMechanicSettings')
    .values({ mechanicId: mechanic.id, available })
    .onConflict((oc) => oc.column('mechanicId').doUpdateSet({ available, updatedAt: new Date() }))
    .execute();
  return aogAvailability(db, mechanic);
}
