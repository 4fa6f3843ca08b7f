import type { Store } from '@netlify/blobs';
import { createHash, randomUUID } from 'node:crypto';
import type { DocumentMetadata } from '../../contract/documents.ts';
import type { Db } from '../../server/db/client.ts';
import type { Viewer, UploadTarget } from './access.server.ts';
import { documentKey } from './blob-store.server.ts';
import type { FileCheck } from './file-type.ts';

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface NewDocument {
  viewer: Viewer;
  target: UploadTarget;
  metadata: Pick<DocumentMetadata, 'title' | 'documentType' | 'description'>;
  fileName: string;
  bytes: Uint8Array;
  check: Extract<FileCheck, { ok: true }>;
}

/**
 * Stores a checked file: the bytes under docs/<id> first, then the row. A failed insert removes the
 * blob again, so a document is either listed and downloadable or absent. `db` may be a
 * transaction; the row then appears when it commits.
 */
export async function storeDocument(db: Db, store: Store, doc: NewDocument): Promise<{ id: string; blobKey: string }> {
  const id = randomUUID();
  const blobKey = documentKey(id);
  // A Blob of exactly these bytes: `bytes` may be a view on a larger buffer.
  await store.set(blobKey, new Blob([doc.bytes as Uint8Array<ArrayBuffer>]), {
    metadata: { contentType: doc.check.contentType, fileName: doc.fileName },
  });
  try {
    await db
      .insertInto('documents')
      .values({
        id,
        ownerId: doc.target.ownerId,
        uploadedBy: doc.viewer.id,
        aircraftId: doc.target.aircraftId,
        serviceRequestId: doc.target.serviceRequestId,
        title: doc.metadata.title,
        documentType: doc.metadata.documentType,
        description: doc.metadata.description,
        fileName: doc.fileName,
        contentType: doc.check.contentType,
        sizeBytes: doc.bytes.byteLength,
        sha256: sha256Hex(doc.bytes),
        blobKey,
      })
      .execute();
  } catch (error) {
    await store
      .delete(blobKey)
      .catch((e: unknown) => console.warn(`Could not remove blob ${blobKey} after a failed insert`, e));
    throw error;
  }
  return { id, blobKey };
}
