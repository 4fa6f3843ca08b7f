import { sql } from 'kysely';
import { MAX_OPEN_UPLOADS_PER_USER, MAX_STORAGE_BYTES_PER_USER } from '../../contract/documents.ts';
import { inTransaction, type Db, type Tx } from '../../server/db/client.ts';
import { HttpError, tooManyRequests } from '../../server/http/errors.ts';

/**
 * Runs `work` in a transaction holding a per-user advisory lock, so the open-uploads cap and the
 * storage quota are checked and used in one step: parallel requests of one user queue here instead
 * of all passing a count made before any of them inserted (docs/decisions/0098).
 */
export async function withUserUploadLock<T>(db: Db, userId: string, work: (trx: Tx) => Promise<T>): Promise<T> {
  const run = async (trx: Tx) => {
    await lockUserUploads(trx, userId);
    return work(trx);
  };
  return inTransaction(db, run);
}

/** Takes the user's upload lock until the surrounding transaction ends. */
export async function lockUserUploads(trx: Tx, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`.execute(trx);
}

/** Bytes the user's documents take plus the bytes their open uploads have reserved. */
export async function bytesInUse(db: Db, userId: string, exceptUploadId?: string): Promise<number> {
  const docs = await db
    .selectFrom('documents')
    .select(sql<string>`coalesce(sum(size_bytes), 0)`.as('n'))
    .where('uploadedBy', '=', userId)
    .executeTakeFirstOrThrow();
  let open = db
    .selectFrom('uploadSessions')
    .select(sql<string>`coalesce(sum(expected_size), 0)`.as('n'))
    .where('userId', '=', userId)
    .where('expiresAt', '>', new Date());
  if (exceptUploadId) open = open.where('id', '!=', exceptUploadId);
  const reserved = await open.executeTakeFirstOrThrow();
  return Number(docs.n) + Number(reserved.n);
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** 413 when `adding` more bytes would take the user past the quota. Call under the lock. */
export async function assertQuota(db: Db, userId: string, adding: number, exceptUploadId?: string): Promise<void> {
  const used = await bytesInUse(db, userId, exceptUploadId);
  if (used + adding > MAX_STORAGE_BYTES_PER_USER) {
    throw new HttpError(
      413,
      `Your document storage is full: ${mb(used)} MB of ${mb(MAX_STORAGE_BYTES_PER_USER)} MB used. Delete documents you no longer need to upload more.`,
    );
  }
}

/** 429 when the user already has the maximum of uploads in progress. Call under the lock. */
export async function assertOpenUploadSlot(db: Db, userId: string): Promise<void> {
  const open = await db
    .selectFrom('uploadSessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(open.n) >= MAX_OPEN_UPLOADS_PER_USER) {
    throw tooManyRequests(
      'You have too many uploads in progress. Finish or cancel one, or try again within the hour.',
      60,
    );
  }
}
