import { sql } from 'kysely';
import { BUSINESS } from '../../contract/business.ts';
import { NOTIFICATION_EMAIL_GATHER_SECONDS } from '../../contract/write-caps.ts';
import type { Db } from '../../server/db/client.ts';
import type { OutboxAttachment } from '../../server/db/tables/foundation.ts';

const FOOTER = ['', 'Open your dashboard to see the details.', '', 'You can turn these emails off in the Notifications tab of your dashboard.'].join('\n');
const COUNT = / \((\d+)\) - [^-]+$/;

/**
 * A notification's email, combined with the ones that arrive together (issue 27, point 7;
 * docs/decisions/0183): each waits NOTIFICATION_EMAIL_GATHER_SECONDS in the outbox, and a
 * notification of the same kind for the same person meanwhile is added to that email instead of
 * making another ("New service request (20)"). Twenty requests in a few seconds reach a mechanic
 * as one email listing twenty. Kinds stay apart, so each email keeps one subject and one kind. The row
 * joined is locked and re-checked as still waiting and never tried, so the delivery run (which
 * takes rows only once they are due, skipping locked ones) never sends half of it.
 */
export async function queueNotificationEmail(
  db: Db,
  to: { email: string; firstName: string },
  n: { type: string; title: string; message: string; attachments?: readonly OutboxAttachment[] | undefined },
): Promise<void> {
  // An email that carries a file (the appointment's .ics) is sent on its own: its file belongs to
  // its one notice, and joining another notice to it would send a file that speaks of only one.
  const attached = n.attachments && n.attachments.length > 0;
  const waiting = attached ? undefined : await db
    .selectFrom('outbox')
    .select(['id', 'subject', 'bodyText'])
    .where('toAddress', '=', to.email)
    .where('channel', '=', 'email')
    .where('kind', '=', `marketplace.${n.type}`)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where('attachments', 'is', null)
    .where('nextAttemptAt', '>', sql<Date>`now() + interval '5 seconds'`)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (waiting && waiting.bodyText.endsWith(FOOTER)) {
    const count = Number(COUNT.exec(waiting.subject ?? '')?.[1] ?? 1) + 1;
    await db
      .updateTable('outbox')
      .set({
        subject: `${n.title} (${count}) - ${BUSINESS.name}`,
        bodyText: `${waiting.bodyText.slice(0, -FOOTER.length)}\n\n${n.message}${FOOTER}`,
      })
      .where('id', '=', waiting.id)
      .execute();
    return;
  }
  await db
    .insertInto('outbox')
    .values({
      channel: 'email',
      toAddress: to.email,
      subject: `${n.title} - ${BUSINESS.name}`,
      bodyText: [`Hi ${to.firstName},`, '', n.message, FOOTER].join('\n'),
      bodyHtml: null,
      kind: `marketplace.${n.type}`,
      templateId: null,
      // Held back for the gather window, so what arrives together leaves together.
      nextAttemptAt: sql<Date>`now() + make_interval(secs => ${NOTIFICATION_EMAIL_GATHER_SECONDS})`,
      lockedUntil: null,
      lastError: null,
      providerMessageId: null,
      sentAt: null,
      attachments: attached ? JSON.stringify(n.attachments) : null,
    })
    .execute();
}
