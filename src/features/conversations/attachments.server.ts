import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { HttpError, notFound } from '../../server/http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import { documentsStore } from '../documents/blob-store.server.ts';
import { attachmentDisposition } from '../documents/disposition.ts';
import { threadFor } from './threads.server.ts';
import { sql, type SqlBool } from 'kysely';
import { DOCUMENT_ACCESS_AFTER_COMPLETION_DAYS, visibleTo } from '../documents/access.server.ts';

/**
 * Whether the thread's mechanic still reads what the owner shared in it: not once their job on the
 * request ended more than the document window ago (docs/decisions/0098), nor when no longer approved.
 * The owner's side is always open.
 */
async function threadWindowOpen(db: Db, user: UserRow, thread: { mechanicId: string; serviceRequestId: string }) {
  if (user.id !== thread.mechanicId) return true;
  if (user.mechanicStatus !== 'approved') return false;
  const ended = await db
    .selectFrom('appointments')
    .select('id')
    .where('serviceRequestId', '=', thread.serviceRequestId)
    .where('mechanicId', '=', user.id)
    .where(sql<SqlBool>`completed_at <= now() - make_interval(days => ${DOCUMENT_ACCESS_AFTER_COMPLETION_DAYS})`)
    .executeTakeFirst();
  return !ended;
}

/**
 * GET /api/conversations/:id/attachments/:documentId: a file attached to a message of the thread,
 * for either party (the reader may not see the writer's vault otherwise, e.g. before acceptance),
 * when it is the reader's own, its owner attached it here, or the reader may read it in a job; the
 * mechanic's window after the job applies here as in the vault (docs/decisions/0352).
 * Served as the vault serves downloads: an attachment, the sniffed type, nosniff, sandboxed.
 */
export async function downloadAttachment(db: Db, user: UserRow, id: string, documentId: string): Promise<Response> {
  const thread = await threadFor(db, user, id);
  if (!isUuid(documentId)) throw notFound('Attachment not found');
  const windowOpen = await threadWindowOpen(db, user, thread);
  const doc = await db
    .selectFrom('documents as d')
    .select(['d.id', 'd.blobKey', 'd.contentType', 'd.sizeBytes', 'd.fileName'])
    .where('d.id', '=', documentId)
    .where((eb) => {
      const attachedBy = (sender: 'owner' | 'anyone') =>
        eb.exists(
          eb
            .selectFrom('conversationMessages as m')
            .select('m.id')
            .where('m.conversationId', '=', thread.id)
            .where((w) => w(w.val(documentId), '=', w.fn.any('m.documentIds')))
            .$if(sender === 'owner', (q) =>
              q.whereRef('m.senderId', '=', 'd.ownerId').where('m.senderId', '!=', user.id),
            ),
        );
      return eb.and([
        attachedBy('anyone'),
        eb.or([
          // One's own document.
          eb('d.ownerId', '=', user.id),
          // A document its owner attached here, while the reader's window on this thread is open.
          ...(windowOpen ? [attachedBy('owner')] : []),
          // A job's document the reader may read now (the mechanic's 30-day window included).
          visibleTo(db, { id: user.id, role: user.role === 'mechanic' ? 'mechanic' : 'pilot' }),
        ]),
      ]);
    })
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
