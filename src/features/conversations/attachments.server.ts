import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { HttpError, notFound } from '../../server/http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import { documentsStore } from '../documents/blob-store.server.ts';
import { attachmentDisposition } from '../documents/disposition.ts';
import { threadFor } from './threads.server.ts';

/**
 * GET /api/conversations/:id/attachments/:documentId: a file attached to a message of the thread,
 * for either party (the reader may not see the writer's vault otherwise, e.g. before acceptance).
 * Served as the vault serves downloads: an attachment, the sniffed type, nosniff, sandboxed.
 */
export async function downloadAttachment(db: Db, user: UserRow, id: string, documentId: string): Promise<Response> {
  const thread = await threadFor(db, user, id);
  if (!isUuid(documentId)) throw notFound('Attachment not found');
  const doc = await db
    .selectFrom('documents as d')
    .select(['d.id', 'd.blobKey', 'd.contentType', 'd.sizeBytes', 'd.fileName'])
    .where('d.id', '=', documentId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('conversationMessages as m')
          .select('m.id')
          .where('m.conversationId', '=', thread.id)
          .where((w) => w(w.val(documentId), '=', w.fn.any('m.documentIds'))),
      ),
    )
    .executeTakeFirst();
  if (!doc) throw notFound('Attachment not found');
  const stream = (await documentsStore().get(doc.blobKey, { type: 'stream' })) as ReadableStream<Uint8Array> | null;
  if (!stream) throw new HttpError(410, 'The file of this attachment is no longer available');
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
