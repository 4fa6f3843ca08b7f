import { sql, type Selectable } from 'kysely';
import type { Db } from '../../server/db/client.ts';
import type { OutboxTable } from '../../server/db/tables/foundation.ts';
import { credentialsFor, type KeyCredentials } from '../admin/api-keys.server.ts';
import { ProviderError } from '../integrations/http.server.ts';
import { afterFailure } from './retry-policy.ts';
import { sendEmailWithMailchimp, sendSmsWithTwilio } from './senders.server.ts';

type OutboxRow = Selectable<OutboxTable>;

/** How long a run may hold a claimed message before it is considered interrupted. */
export const DELIVERY_LEASE_SECONDS = 300;
export const DELIVERY_BATCH_SIZE = 25;

export interface DeliveryReport {
  sent: number;
  retrying: number;
  dead: number;
  interrupted: number;
  /** Channels left waiting because no active primary key is configured for their provider. */
  waitingForProvider: Array<'email' | 'sms'>;
}

/**
 * Messages a run claimed but never finished (the run crashed or timed out) may or may not have
 * reached the provider. Sending them again could deliver twice, so they are marked dead with an
 * explanation; an administrator checks the provider's log and retries by hand if needed.
 */
async function reapInterrupted(db: Db): Promise<number> {
  const rows = await db
    .updateTable('outbox')
    .set({
      status: 'dead',
      lockedUntil: null,
      lastError: 'Delivery was interrupted; it may or may not have been sent. Check the provider log before retrying.',
    })
    .where('status', '=', 'sending')
    .where('lockedUntil', '<', sql<Date>`now()`)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Claims due messages for this run only. `FOR UPDATE SKIP LOCKED` lets overlapping runs take
 * disjoint sets, and the `sending` status with a lease keeps a message from being taken twice.
 */
async function claim(db: Db, channels: Array<'email' | 'sms'>, limit: number): Promise<OutboxRow[]> {
  if (channels.length === 0) return [];
  return db
    .updateTable('outbox')
    .set({
      status: 'sending',
      attempts: sql`attempts + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS})`,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', sql<Date>`now()`)
        .where('channel', 'in', channels)
        .orderBy('nextAttemptAt')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

async function send(row: OutboxRow, creds: KeyCredentials): Promise<string> {
  if (row.channel === 'email') {
    return sendEmailWithMailchimp(creds, {
      to: row.toAddress,
      subject: row.subject ?? '',
      text: row.bodyText,
      html: row.bodyHtml,
    });
  }
  return sendSmsWithTwilio(creds, { to: row.toAddress, body: row.bodyText });
}

async function markSent(db: Db, row: OutboxRow, providerMessageId: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sentAt: sql<Date>`now()`, providerMessageId, lockedUntil: null, lastError: null })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .execute();
  // The template's "sends" counter in the admin console counts deliveries, not queued drafts.
  if (row.templateId) {
    await db
      .updateTable('emailTemplates')
      .set({ sends: sql`sends + 1` })
      .where('id', '=', row.templateId)
      .execute();
  }
}

async function markFailed(db: Db, row: OutboxRow, error: unknown): Promise<'pending' | 'dead'> {
  const providerError = error instanceof ProviderError ? error : undefined;
  // A refusal of the message itself (bad address, invalid number) will not heal by waiting.
  const permanent = providerError?.kind === 'rejected';
  const outcome = afterFailure(row.attempts, permanent, providerError?.retryAfterSeconds);
  const reason = providerError
    ? `${providerError.message}${providerError.providerMessage ? ` (${providerError.providerMessage})` : ''}`
    : 'Unexpected error while sending';
  if (!providerError) console.error(`[outbox ${row.id}] send failed:`, error);
  await db
    .updateTable('outbox')
    .set({
      status: outcome.status,
      lockedUntil: null,
      lastError: `Attempt ${row.attempts}: ${reason}`,
      ...(outcome.status === 'pending'
        ? { nextAttemptAt: sql<Date>`now() + make_interval(secs => ${outcome.retryInSeconds})` }
        : {}),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .execute();
  return outcome.status;
}

/** One delivery run: what the scheduled function does every minute. */
export async function deliverDueMessages(db: Db, batchSize = DELIVERY_BATCH_SIZE): Promise<DeliveryReport> {
  const report: DeliveryReport = {
    sent: 0,
    retrying: 0,
    dead: 0,
    interrupted: await reapInterrupted(db),
    waitingForProvider: [],
  };
  const creds = {
    email: await credentialsFor(db, 'mailchimp'),
    sms: await credentialsFor(db, 'twilio'),
  };
  const ready = (['email', 'sms'] as const).filter((channel) => {
    if (creds[channel]) return true;
    report.waitingForProvider.push(channel);
    return false;
  });
  for (const row of await claim(db, [...ready], batchSize)) {
    const key = creds[row.channel]!;
    try {
      await markSent(db, row, await send(row, key));
      report.sent += 1;
    } catch (error) {
      if ((await markFailed(db, row, error)) === 'dead') report.dead += 1;
      else report.retrying += 1;
    }
  }
  return report;
}

/** An administrator's retry of a dead message: a fresh cycle of attempts, due now. */
export async function retryDeadMessage(db: Db, id: string): Promise<OutboxRow | undefined> {
  return db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql<Date>`now()`, lockedUntil: null })
    .where('id', '=', id)
    .where('status', '=', 'dead')
    .returningAll()
    .executeTakeFirst();
}
