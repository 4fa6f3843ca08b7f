import type { Store } from '@netlify/blobs';
import { isUuid } from '../../contract/ids.ts';
import type { Db } from '../../server/db/client.ts';
import { deleteParts, uploadIdsWithParts } from './blob-store.server.ts';

// Leftovers of chunked uploads: expired sessions (row and chunks), and chunks whose session is
// gone (a crash between deleting the row and its chunks, or a chunk landing after an abort).

/** Removes the row and chunks of up to `limit` expired uploads (anyone's); returns how many. */
export async function cleanupExpiredUploads(db: Db, store: Store, limit = 20): Promise<number> {
  const rows = await db
    .deleteFrom('uploadSessions')
    .where('id', 'in', db.selectFrom('uploadSessions').select('id').where('expiresAt', '<', new Date()).limit(limit))
    .returning('id')
    .execute();
  for (const { id } of rows) {
    await deleteParts(store, id).catch((e: unknown) =>
      console.warn(`Could not delete the chunks of expired upload ${id}`, e),
    );
  }
  return rows.length;
}

/** Deletes chunks that belong to no upload session any more; returns how many uploads they were. */
export async function sweepOrphanChunks(db: Db, store: Store): Promise<number> {
  const ids = await uploadIdsWithParts(store);
  if (ids.length === 0) return 0;
  // A session row exists before its first chunk is stored, so chunks without a row are leftovers.
  const candidates = ids.filter(isUuid);
  const live = new Set(
    candidates.length === 0
      ? []
      : (await db.selectFrom('uploadSessions').select('id').where('id', 'in', candidates).execute()).map((r) => r.id),
  );
  const orphans = ids.filter((id) => !live.has(id));
  for (const id of orphans) await deleteParts(store, id);
  return orphans.length;
}

/** The hourly job: expired sessions first (in batches), then stray chunks. */
export async function cleanupUploads(db: Db, store: Store): Promise<{ expired: number; orphans: number }> {
  let expired = 0;
  for (;;) {
    const n = await cleanupExpiredUploads(db, store, 100);
    expired += n;
    if (n < 100) break;
  }
  return { expired, orphans: await sweepOrphanChunks(db, store) };
}
