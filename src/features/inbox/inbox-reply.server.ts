import { sql } from 'kysely';
import type { InboxKind, InboxReply } from '../../contract/inbox.ts';
import { INBOX_MACHINE } from '../../contract/status-machines.ts';
import { transition } from '../../server/http/transition.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import { badRequest } from '../../server/http/errors.ts';
import { escapeHtml } from '../../server/email/template-render.ts';
import { bumpVersion, checkVersion, lockItem, moveStatus, recordEvent, type Actor } from './inbox-item.server.ts';
import { businessReplyAddress } from '../../server/settings.server.ts';

/** The plain text as simple HTML paragraphs, every character escaped. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** Queues an email in the outbox and answers its id (the delivery job sends it from the business). */
export async function queueEmail(
  trx: Tx,
  email: { to: string; subject: string; text: string; kind: string; templateId: string | null },
): Promise<string> {
  const row = await trx
    .insertInto('outbox')
    .values({
      channel: 'email',
      toAddress: email.to,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: textToHtml(email.text),
      kind: email.kind,
      templateId: email.templateId,
      // A customer's answer reaches the business (docs/decisions/0193-reply-addresses.md).
      replyTo: await businessReplyAddress(trx),
      lockedUntil: null,
      lastError: null,
      providerMessageId: null,
      sentAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A reply written in the console: queued in the outbox to the customer's address (the business is
 * the sender, as for every email the product sends), recorded on the request's history with its
 * message id; a new request becomes contacted, by the one who replied.
 */
export async function replyTo(
  db: Db,
  kind: InboxKind,
  id: string | undefined,
  reply: InboxReply,
  by: Actor,
): Promise<{ messageId: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await lockItem(trx, kind, id);
    checkVersion(row, reply.ifVersion);
    if (row.mergedInto) throw badRequest('This request was merged into another one: reply from that one');
    const templateId = reply.templateId ?? null;
    if (templateId) {
      const template = await trx
        .selectFrom('emailTemplates')
        .select('id')
        .where('id', '=', templateId)
        .executeTakeFirst();
      if (!template)
        throw badRequest('Email template not found', [{ path: 'templateId', message: 'No such template' }]);
    }
    const messageId = await queueEmail(trx, {
      to: row.email,
      subject: reply.subject,
      text: reply.body,
      kind: 'inbox.reply',
      templateId,
    });
    await recordEvent(trx, kind, row.id, by, {
      kind: 'reply',
      subject: reply.subject,
      text: reply.body,
      outboxId: messageId,
      templateId,
    });
    // The funnel's "answered within 24 h" counts the first reply, never a status change alone.
    await trx
      .updateTable(kind)
      .set((eb) => ({ answeredAt: eb.fn.coalesce('answeredAt', sql<Date>`now()`) }))
      .where('id', '=', row.id)
      .execute();
    if (row.inboxStatus === 'new')
      await moveStatus(trx, kind, row, transition(INBOX_MACHINE, row.inboxStatus, 'reply'), by, null);
    await bumpVersion(trx, kind, row.id);
    return { messageId };
  });
}
