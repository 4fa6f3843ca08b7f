import type { Db } from '../../server/db/client.ts';
import { env } from '../../server/env.ts';
import { notificationEmail } from '../admin/settings.server.ts';
import type { Recipient } from '../admin/template-render.ts';
import { composeEmail } from './templated-email.server.ts';

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
 * With a `recipient`, an admin's email template of the fitting kind replaces the built-in wording.
 */
export async function enqueueEmail(db: Db, builtIn: OutboundEmail, recipient?: Recipient): Promise<void> {
  const email = recipient
    ? await composeEmail(db, builtIn, recipient)
    : { ...builtIn, templateId: null, delayMinutes: 0 };
  await db
    .insertInto('outbox')
    .values({
      channel: 'email',
      toAddress: email.to,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html ?? null,
      kind: email.kind,
      templateId: email.templateId,
      nextAttemptAt: new Date(Date.now() + email.delayMinutes * 60_000),
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
