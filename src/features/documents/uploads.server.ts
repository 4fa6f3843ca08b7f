import type { ChunkReceipt, UploadAborted } from '../../contract/documents.ts';
import type { Store } from '@netlify/blobs';
import { sql, type Selectable } from 'kysely';
import {
  CHUNK_BYTES,
  UPLOAD_SESSION_TTL_MS,
  chunkCount,
  chunkLength,
  type UploadSession,
  type UploadSessionData,
  type VaultDocument,
} from '../../contract/documents.ts';
import { isUuid } from '../../contract/ids.ts';
import type { Db } from '../../server/db/client.ts';
import type { UploadSessionMetadata, UploadSessionsTable } from '../../server/db/tables/documents.ts';
import { HttpError, badRequest, conflict, notFound } from '../../server/http/errors.ts';
import { resolveTarget, type Viewer } from './access.server.ts';
import { cleanupExpiredUploads } from './cleanup.server.ts';
import { deleteParts, partKey, readBlobBytes } from './blob-store.server.ts';
import { getDocument } from './documents.server.ts';
import { checkContent, checkFile, checkName, checkSize, cleanFileName, HEAD_BYTES } from './file-type.ts';
import { assertOpenUploadSlot, assertQuota, lockUserUploads, withUserUploadLock } from './quota.server.ts';
import { sha256Hex, storeDocument } from './store-document.server.ts';

/**
 * Chunked uploads (docs/decisions/0060): a file above the one-request size is announced with its
 * size and SHA-256, sent in fixed-size chunks stored as separate blobs, then assembled, verified
 * and stored as one document in a single step. Until then nothing is listed; an aborted or expired
 * upload loses its row and its chunks.
 */

type SessionRow = Selectable<UploadSessionsTable>;

/** A file that can never become a document as sent: its upload is discarded. */
class RejectedFile extends HttpError {}

const fromHttp = (p: { status: number; detail: string }) => new HttpError(p.status, p.detail);
const uploadNotFound = () => notFound('Upload not found');
const expired = () => new HttpError(410, 'This upload has expired. Please upload the file again.');

/** POST /api/enhanced/documents/uploads: checks everything knowable before the bytes arrive. */
export async function createUpload(
  db: Db,
  store: Store,
  viewer: Viewer,
  data: UploadSessionData,
): Promise<UploadSession> {
  const fileName = cleanFileName(data.fileName);
  const problem = checkSize(data.size) ?? checkName(fileName);
  if (problem) throw fromHttp(problem);
  const target = await resolveTarget(db, viewer, data);

  await cleanupExpiredUploads(db, store);

  const metadata: UploadSessionMetadata = {
    ...target,
    title: data.title,
    documentType: data.documentType,
    description: data.description,
    fileName,
  };
  const totalChunks = chunkCount(data.size, CHUNK_BYTES);
  // Cap and quota are checked and the session inserted under one per-user lock: parallel starts
  // cannot all pass the count (docs/decisions/0098). The session reserves its size in the quota.
  const row = await withUserUploadLock(db, viewer.id, async (trx) => {
    await assertOpenUploadSlot(trx, viewer.id);
    await assertQuota(trx, viewer.id, data.size);
    return trx
      .insertInto('uploadSessions')
      .values({
        userId: viewer.id,
        metadata: JSON.stringify(metadata),
        expectedSize: data.size,
        expectedSha256: data.sha256,
        chunkSize: CHUNK_BYTES,
        totalChunks,
        expiresAt: new Date(Date.now() + UPLOAD_SESSION_TTL_MS),
      })
      .returning(['id', 'expiresAt'])
      .executeTakeFirstOrThrow();
  });
  return { uploadId: row.id, chunkSize: CHUNK_BYTES, totalChunks, expiresAt: row.expiresAt.toISOString() };
}

/** The caller's own, unexpired upload (404 for anyone else's: existence is not revealed). */
async function liveSession(db: Db, viewer: Viewer, uploadId: string): Promise<SessionRow> {
  if (!isUuid(uploadId)) throw uploadNotFound();
  const row = await db
    .selectFrom('uploadSessions')
    .selectAll()
    .where('id', '=', uploadId)
    .where('userId', '=', viewer.id)
    .executeTakeFirst();
  if (!row) throw uploadNotFound();
  if (row.expiresAt.getTime() <= Date.now()) throw expired();
  return row;
}

/** Chunk indexes arrive as URL text: digits only, within the upload. */
export function parseChunkIndex(raw: string, totalChunks: number): number {
  const index = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(index) || index >= totalChunks) {
    throw badRequest(`Chunk index must be a whole number from 0 to ${totalChunks - 1}`);
  }
  return index;
}

/** PUT /api/enhanced/documents/uploads/:uploadId/chunks/:index with the raw bytes as body. */
export async function putChunk(
  db: Db,
  store: Store,
  viewer: Viewer,
  uploadId: string,
  rawIndex: string,
  bytes: Uint8Array,
): Promise<ChunkReceipt> {
  const session = await liveSession(db, viewer, uploadId);
  const index = parseChunkIndex(rawIndex, session.totalChunks);
  const expected = chunkLength(session.expectedSize, index, session.chunkSize);
  if (bytes.byteLength !== expected) {
    throw badRequest(`Chunk ${index} must be exactly ${expected} bytes; it was ${bytes.byteLength}`);
  }
  if (index === 0) {
    // Fail fast on a fake file: the first bytes already tell a PDF, PNG or JPEG from anything else.
    const head = checkContent(session.metadata.fileName, bytes.subarray(0, HEAD_BYTES), session.totalChunks === 1);
    if (!head.ok) throw fromHttp(head);
  }
  await store.set(partKey(session.id, index), new Blob([bytes as Uint8Array<ArrayBuffer>]));
  // One statement: concurrent chunks of the same upload each add their index without losing another's.
  const updated = await db
    .updateTable('uploadSessions')
    .set({
      receivedChunks: sql<
        number[]
      >`(select array_agg(distinct i order by i) from unnest(array_append(received_chunks, ${index}::integer)) as t(i))`,
    })
    .where('id', '=', session.id)
    .returning('receivedChunks')
    .executeTakeFirst();
  if (!updated) throw uploadNotFound(); // aborted meanwhile; the sweep removes the stray chunk
  return {
    uploadId: session.id,
    index,
    receivedChunks: updated.receivedChunks.length,
    totalChunks: session.totalChunks,
  };
}

/** Throws the session away: row first (so no chunk is accepted any more), then its chunks. */
async function discard(db: Db, store: Store, uploadId: string): Promise<void> {
  await db.deleteFrom('uploadSessions').where('id', '=', uploadId).execute();
  await deleteParts(store, uploadId).catch((e: unknown) =>
    console.warn(`Could not delete the chunks of upload ${uploadId}`, e),
  );
}

/** DELETE /api/enhanced/documents/uploads/:uploadId: abort; its chunks are deleted. */
export async function abortUpload(db: Db, store: Store, viewer: Viewer, uploadId: string): Promise<UploadAborted> {
  if (!isUuid(uploadId)) throw uploadNotFound();
  const row = await db
    .deleteFrom('uploadSessions')
    .where('id', '=', uploadId)
    .where('userId', '=', viewer.id)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw uploadNotFound();
  const deletedChunks = await deleteParts(store, uploadId);
  return { success: true, uploadId, deletedChunks };
}

async function assemble(store: Store, session: SessionRow): Promise<Uint8Array> {
  const out = new Uint8Array(session.expectedSize);
  let offset = 0;
  for (let index = 0; index < session.totalChunks; index += 1) {
    const part = await readBlobBytes(store, partKey(session.id, index));
    if (!part) throw conflict(`Chunk ${index} is missing; send it again, then complete the upload`);
    if (offset + part.byteLength > out.byteLength)
      throw badRequest('The chunks add up to more than the announced size');
    out.set(part, offset);
    offset += part.byteLength;
  }
  if (offset !== out.byteLength)
    throw badRequest(`The chunks add up to ${offset} bytes, not the announced ${out.byteLength}`);
  return out;
}

/**
 * POST /api/enhanced/documents/uploads/:uploadId/complete: assembles the chunks in index order,
 * verifies size and SHA-256, checks the content, then stores blob and row. The session row is
 * locked meanwhile, so two completes of one upload make one document. A file that fails
 * verification is thrown away with its chunks (the client must send it again anyway).
 */
export async function completeUpload(db: Db, store: Store, viewer: Viewer, uploadId: string): Promise<VaultDocument> {
  await liveSession(db, viewer, uploadId);
  const documentId = await db
    .transaction()
    .execute(async (trx) => {
      await lockUserUploads(trx, viewer.id);
      const session = await trx
        .selectFrom('uploadSessions')
        .selectAll()
        .where('id', '=', uploadId)
        .forUpdate()
        .executeTakeFirst();
      if (!session) throw uploadNotFound(); // completed or aborted by a concurrent call
      const missing = [...Array(session.totalChunks).keys()].filter((i) => !session.receivedChunks.includes(i));
      if (missing.length > 0) {
        throw conflict(
          `The upload is not complete: chunk${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of 0-${session.totalChunks - 1} not received yet`,
        );
      }
      const bytes = await assemble(store, session);
      if (sha256Hex(bytes) !== session.expectedSha256) {
        throw new RejectedFile(400, 'The uploaded file does not match its SHA-256 checksum. Please upload it again.');
      }
      const meta = session.metadata;
      const check = checkFile(meta.fileName, bytes);
      if (!check.ok) throw new RejectedFile(check.status, check.detail);
      // Access is checked again: the job may have been cancelled while the file was on its way.
      const target = await resolveTarget(trx, viewer, {
        aircraftId: meta.aircraftId,
        serviceRequestId: meta.serviceRequestId,
      });
      await assertQuota(trx, viewer.id, bytes.byteLength, session.id);
      const { id } = await storeDocument(trx, store, {
        viewer,
        target,
        metadata: meta,
        fileName: meta.fileName,
        bytes,
        check,
      });
      await trx.deleteFrom('uploadSessions').where('id', '=', session.id).execute();
      return id;
    })
    .catch(async (error: unknown) => {
      if (error instanceof RejectedFile) await discard(db, store, uploadId);
      throw error;
    });
  await deleteParts(store, uploadId).catch((e: unknown) =>
    console.warn(`Could not delete the chunks of completed upload ${uploadId}`, e),
  );
  return getDocument(db, viewer, documentId);
}
