import type { Db } from '../../server/db/client.ts';
import { env } from '../../server/env.ts';
import { notificationEmail } from '../admin/settings.server.ts';

export interface OutboundEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What produced it, e.g. `quote.notify_business`. */
  kind: string;
}

/**
 * Queues an email. Nothing is sent inside a request: the row is the promise, and the delivery
 * job sends it through the configured provider, so a provider outage never loses a submission.
 */
export async function enqueueEmail(db: Db, email: OutboundEmail): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      channel: 'email',
      toAddress: email.to,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html ?? null,
      kind: email.kind,
      lockedUntil: null,
      lastError: null,
      providerMessageId: null,
      sentAt: null,
    })
    .execute();
}

/**
 * The business inbox for new quote requests: the admin's `notification_email` setting (category
 * general) when set, else NOTIFICATION_EMAIL. A failed settings read must not lose a quote request.
 */
export async function businessNotificationEmail(db: Db): Promise<string> {
  try {
    return await notificationEmail(db);
  } catch (error) {
    console.warn('notification_email setting unreadable, using NOTIFICATION_EMAIL:', error);
    return env().NOTIFICATION_EMAIL;
  }
}
