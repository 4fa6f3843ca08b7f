import type { Config } from '@netlify/functions';
import { CHUNK_BYTES } from '../../src/contract/documents.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import type { Viewer } from '../../src/features/documents/access.server.ts';
import { documentsStore } from '../../src/features/documents/blob-store.server.ts';
import { deleteDocument, downloadDocument } from '../../src/features/documents/document-actions.server.ts';
import { DOCUMENT_KEYS, getDocument, listDocuments } from '../../src/features/documents/documents.server.ts';
import { uploadSingle } from '../../src/features/documents/upload-single.server.ts';
import { abortUpload, completeUpload, createUpload, putChunk } from '../../src/features/documents/uploads.server.ts';
import type { UserRow } from '../../src/server/auth/guards.server.ts';
import { readBodyBytes } from '../../src/server/http/body.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { pageHeaders, readPage } from '../../src/server/http/paging.ts';
import { reply, replyWith } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

/** Room above a chunk for nothing but slack: a chunk body is the raw bytes alone. */
const CHUNK_BODY_LIMIT = CHUNK_BYTES + 64 * 1024;

function viewerOf({ user }: { user: UserRow }): Viewer {
  return { id: user.id, role: user.role };
}

async function readChunk(req: Request): Promise<Uint8Array> {
  try {
    return await readBodyBytes(req, CHUNK_BODY_LIMIT);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413)
      throw new HttpError(413, `A chunk can be at most ${CHUNK_BYTES} bytes`);
    throw error;
  }
}

// The documents vault (docs/product.md §2, §3, §5 and §7): list, one-request upload, chunked upload for
// files above 4 MB, download, delete. Every /api/enhanced/documents call, one handler per route: one
// function serves them all so '/documents/upload' and '/documents/:id' never depend on which of two
// functions a router picks (see docs/decisions/0060 for the protocol). Rules: src/features/documents/.
export default withApi(
  serve(ROUTES.documents, async (ctx) => {
    const viewer = viewerOf(ctx);
    const q = ctx.query(ROUTES.documents.query);
    const filters = {
      aircraftId: q.aircraft_id,
      documentType: q.document_type,
      serviceRequestId: q.service_request_id,
    };
    const page = await listDocuments(ctx.db, viewer, filters, readPage(ctx.url, DOCUMENT_KEYS));
    return reply(ROUTES.documents, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
  }),
  serve(ROUTES.document, async (ctx) => {
    const viewer = viewerOf(ctx);
    return reply(ROUTES.document, await getDocument(ctx.db, viewer, ctx.params.id));
  }),
  serve(ROUTES.documentDownload, async (ctx) => {
    const viewer = viewerOf(ctx);
    return replyWith(ROUTES.documentDownload, await downloadDocument(ctx.db, documentsStore(), viewer, ctx.params.id));
  }),
  serve(ROUTES.documentUpload, async (ctx) => {
    const viewer = viewerOf(ctx);
    return reply(ROUTES.documentUpload, await uploadSingle(ctx, viewer), { status: 201 });
  }),
  serve(ROUTES.uploadStart, async (ctx) => {
    const viewer = viewerOf(ctx);
    const data = await ctx.input(ROUTES.uploadStart);
    return reply(ROUTES.uploadStart, await createUpload(ctx.db, documentsStore(), viewer, data), { status: 201 });
  }),
  serve(ROUTES.uploadComplete, async (ctx) => {
    const viewer = viewerOf(ctx);
    const done = await completeUpload(ctx.db, documentsStore(), viewer, ctx.params.uploadId);
    return reply(ROUTES.uploadComplete, done, { status: 201 });
  }),
  serve(ROUTES.uploadChunk, async (ctx) => {
    const viewer = viewerOf(ctx);
    const { uploadId, index } = ctx.params;
    return reply(
      ROUTES.uploadChunk,
      await putChunk(ctx.db, documentsStore(), viewer, uploadId, index, await readChunk(ctx.req)),
    );
  }),
  serve(ROUTES.uploadAbort, async (ctx) => {
    const viewer = viewerOf(ctx);
    return reply(ROUTES.uploadAbort, await abortUpload(ctx.db, documentsStore(), viewer, ctx.params.uploadId));
  }),
  serve(ROUTES.documentDelete, async (ctx) => {
    const viewer = viewerOf(ctx);
    return reply(ROUTES.documentDelete, await deleteDocument(ctx.db, documentsStore(), viewer, ctx.params.id));
  }),
);

export const config: Config = {
  path: [
    '/api/enhanced/documents',
    '/api/enhanced/documents/upload',
    '/api/enhanced/documents/uploads',
    '/api/enhanced/documents/uploads/:uploadId',
    '/api/enhanced/documents/uploads/:uploadId/chunks/:index',
    '/api/enhanced/documents/uploads/:uploadId/complete',
    '/api/enhanced/documents/:id',
    '/api/enhanced/documents/:id/download',
  ],
};
