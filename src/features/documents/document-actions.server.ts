import type { Store } from '@netlify/blobs';
import type { Db } from '../../server/db/client.ts';
import { HttpError } from '../../server/http/errors.ts';
import type { Viewer } from './access.server.ts';
import { attachmentDisposition } from './disposition.ts';
import { findDeletableDocument, findVisibleDocument } from './documents.server.ts';

/**
 * GET /api/enhanced/documents/:id/download: the stored bytes, streamed (a Netlify Function may
 * stream up to 20 MB but buffer only 6 MB), always as an attachment with the type found by content
 * sniffing at upload, and `nosniff` plus a sandboxing CSP so a browser never renders it as a page.
 */
export async function downloadDocument(db: Db, store: Store, viewer: Viewer, id: string): Promise<Response> {
  const doc = await findVisibleDocument(db, viewer, id);
  const stream = (await store.get(doc.blobKey, { type: 'stream' })) as ReadableStream<Uint8Array> | null;
  if (!stream) {
    console.error(`Document ${doc.id} has no blob at ${doc.blobKey}`);
    throw new HttpError(410, 'The file of this document is no longer available');
  }
  return new Response(stream, {
    status: 200,
    headers: {
      'Content-Type': doc.contentType,
      'Content-Length': String(doc.sizeBytes),
      'Content-Disposition': attachmentDisposition(doc.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
}

/** DELETE /api/enhanced/documents/:id: the row first (the document is gone at once), then the blob. */
export async function deleteDocument(
  db: Db,
  store: Store,
  viewer: Viewer,
  id: string,
): Promise<{ success: true; id: string }> {
  const doc = await findDeletableDocument(db, viewer, id);
  await db.deleteFrom('documents').where('id', '=', doc.id).execute();
  await store
    .delete(doc.blobKey)
    .catch((e: unknown) => console.error(`Could not delete blob ${doc.blobKey} of deleted document ${doc.id}`, e));
  return { success: true, id: doc.id };
}
