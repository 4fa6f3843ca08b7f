import { CHUNK_BYTES } from '../../contract/documents.ts';
import { ROUTES } from '../../contract/routes.ts';
import { requireUser } from '../../server/auth/guards.server.ts';
import { readBodyBytes } from '../../server/http/body.ts';
import { HttpError, notFound } from '../../server/http/errors.ts';
import { reply, replyWith } from '../../server/http/reply.ts';
import type { ApiContext, ApiRoutes } from '../../server/http/with-api.ts';
import { segmentsAfter } from '../../server/http/segments.ts';
import type { Viewer } from './access.server.ts';
import { documentsStore } from './blob-store.server.ts';
import { deleteDocument, downloadDocument } from './document-actions.server.ts';
import { DOCUMENT_KEYS, getDocument, listDocuments } from './documents.server.ts';
import { pageHeaders, readPage } from '../../server/http/paging.ts';
import { uploadSingle } from './upload-single.server.ts';
import { abortUpload, completeUpload, createUpload, putChunk } from './uploads.server.ts';

/**
 * Every /api/enhanced/documents call, dispatched on the path segments: one function serves them
 * all so '/documents/upload' and '/documents/:id' never depend on which of two functions a router
 * picks (see docs/decisions/0060 for the protocol).
 */
const BASE = '/api/enhanced/documents';

/** Room above a chunk for nothing but slack: a chunk body is the raw bytes alone. */
const CHUNK_BODY_LIMIT = CHUNK_BYTES + 64 * 1024;

async function viewerOf(ctx: ApiContext): Promise<Viewer> {
  const user = await requireUser(ctx);
  return { id: user.id, role: user.role };
}

const noRoute = () => notFound('Not found');

async function readChunk(req: Request): Promise<Uint8Array> {
  try {
    return await readBodyBytes(req, CHUNK_BODY_LIMIT);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413)
      throw new HttpError(413, `A chunk can be at most ${CHUNK_BYTES} bytes`);
    throw error;
  }
}

export const documentRoutes: ApiRoutes = {
  GET: async (ctx) => {
    const viewer = await viewerOf(ctx);
    const [id, action, ...rest] = segmentsAfter(ctx, BASE);
    if (id === undefined) {
      const q = ctx.query(ROUTES.documents.query);
      const filters = {
        aircraftId: q.aircraft_id,
        documentType: q.document_type,
        serviceRequestId: q.service_request_id,
      };
      const page = await listDocuments(ctx.db, viewer, filters, readPage(ctx.url, DOCUMENT_KEYS));
      return reply(ROUTES.documents, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
    }
    if (rest.length > 0) throw noRoute();
    if (action === undefined) return reply(ROUTES.document, await getDocument(ctx.db, viewer, id));
    if (action === 'download')
      return replyWith(ROUTES.documentDownload, await downloadDocument(ctx.db, documentsStore(), viewer, id));
    throw noRoute();
  },

  POST: async (ctx) => {
    const viewer = await viewerOf(ctx);
    const segments = segmentsAfter(ctx, BASE);
    const [first, uploadId, action] = segments;
    if (first === 'upload' && segments.length === 1)
      return reply(ROUTES.documentUpload, await uploadSingle(ctx, viewer), { status: 201 });
    if (first === 'uploads' && segments.length === 1) {
      const data = await ctx.input(ROUTES.uploadStart);
      return reply(ROUTES.uploadStart, await createUpload(ctx.db, documentsStore(), viewer, data), { status: 201 });
    }
    if (first === 'uploads' && uploadId && action === 'complete' && segments.length === 3) {
      return reply(ROUTES.uploadComplete, await completeUpload(ctx.db, documentsStore(), viewer, uploadId), {
        status: 201,
      });
    }
    throw noRoute();
  },

  PUT: async (ctx) => {
    const viewer = await viewerOf(ctx);
    const segments = segmentsAfter(ctx, BASE);
    const [first, uploadId, chunks, index] = segments;
    if (first === 'uploads' && uploadId && chunks === 'chunks' && index !== undefined && segments.length === 4) {
      return reply(
        ROUTES.uploadChunk,
        await putChunk(ctx.db, documentsStore(), viewer, uploadId, index, await readChunk(ctx.req)),
      );
    }
    throw noRoute();
  },

  DELETE: async (ctx) => {
    const viewer = await viewerOf(ctx);
    const segments = segmentsAfter(ctx, BASE);
    const [first, uploadId] = segments;
    if (first === 'uploads' && uploadId && segments.length === 2)
      return reply(ROUTES.uploadAbort, await abortUpload(ctx.db, documentsStore(), viewer, uploadId));
    if (first && segments.length === 1)
      return reply(ROUTES.documentDelete, await deleteDocument(ctx.db, documentsStore(), viewer, first));
    throw noRoute();
  },
};
