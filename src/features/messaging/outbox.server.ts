import { sql } from 'kysely';
import { NOTIFICATION_EMAIL_GATHER_SECONDS } from '../../contract/write-caps.ts';
import { fromStates } from '../../contract/machines.ts';
import { OUTBOX_MACHINE } from '../../contract/status-machines.ts';
import type { Db } from '../../server/db/client.ts';
import { env } from '../../server/env.ts';
import { businessReplyAddress, notificationEmail } from '../../server/settings.server.ts';
import type { Recipient } from '../../server/email/template-render.ts';
import { composeEmail, type OutboundEmail } from '../../server/email/compose.server.ts';

export type { OutboundEmail };

/**
 * Queues an email. Nothing is sent inside a request: the row is the promise, and the delivery
 * job sends it through the configured provider, so a provider outage never loses a submission.
 * With a `recipient`, an admin's email template of the fitting kind replaces the built-in wording.
 * Answers the message's id.
 */
export async function enqueueEmail(db: Db, builtIn: OutboundEmail, recipient?: Recipient): Promise<string> {
  const email = recipient
    ? await composeEmail(db, builtIn, recipient)
    : { ...builtIn, templateId: null, delayMinutes: 0 };
  const row = await db
    .insertInto('outbox')
    .values({
      channel: 'email',
      toAddress: email.to,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html ?? null,
      kind: email.kind,
      templateId: email.templateId,
      replyTo: email.replyTo ?? (await businessReplyAddress(db)),
      nextAttemptAt: new Date(Date.now() + email.delayMinutes * 60_000),
      lockedUntil: null,
      lastError: null,
      providerMessageId: null,
      sentAt: null,
      validWhile: builtIn.validWhile?.rule ?? null,
      aboutId: builtIn.validWhile?.aboutId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (email.delayMinutes === 0) await releaseGathering(db, [email.to]);
  return row.id;
}

/**
 * An email due now does not wait behind the same person's notices still gathering: one address
 * gets its messages in the order written (docs/decisions/0451), so those notices, written earlier,
 * leave now, ahead of it. Without this a conversation digest or a receipt waited up to the gather
 * window behind a "Mechanics matched" notice.
 */
export async function releaseGathering(db: Db, addresses: readonly string[]): Promise<void> {
  if (addresses.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ nextAttemptAt: sql<Date>`now()` })
    .where('channel', '=', 'email')
    .where('toAddress', 'in', [...new Set(addresses)])
    .where('status', 'in', fromStates(OUTBOX_MACHINE, 'claim'))
    .where('attempts', '=', 0)
    .where('nextAttemptAt', '>', sql<Date>`now()`)
    .where('nextAttemptAt', '<=', sql<Date>`now() + make_interval(secs => ${NOTIFICATION_EMAIL_GATHER_SECONDS})`)
    .execute();
}

/**
 * A phone number as Twilio takes it (E.164), from what a user typed: `+` and digits kept; ten
 * US digits (or eleven starting with 1) get +1. Null when it cannot be a phone number.
 */
export function toE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

/** Queues a text message (sent by the outbox through the active Twilio key, as emails are). */
export async function enqueueSms(db: Db, sms: { to: string; text: string; kind: string }): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      channel: 'sms',
      toAddress: sms.to,
      subject: null,
      bodyText: sms.text,
      bodyHtml: null,
      kind: sms.kind,
      templateId: null,
      nextAttemptAt: new Date(),
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
