import type { DeliveryReport } from '../../contract/outbox.ts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../server/db/client.ts';
import type { OutboxTable } from '../../server/db/tables/foundation.ts';
import type { OutboxDelivery } from '../../contract/outbox.ts';
import { credentialsFor, type KeyCredentials } from '../integrations/api-keys.server.ts';
import { ProviderError, providerTimeoutMs } from '../integrations/http.server.ts';
import { afterFailure } from './retry-policy.ts';
import { fromStates, targetOf } from '../../contract/machines.ts';
import { OUTBOX_MACHINE } from '../../contract/status-machines.ts';
import type { OutboxStatus } from '../../contract/outbox.ts';
import { NOTIFICATION_EMAIL_GATHER_SECONDS } from '../../contract/write-caps.ts';
import { stillHolds, supersededSentence } from './validity.server.ts';
import { sendEmailWithMailchimp, sendSmsWithTwilio } from './senders.server.ts';
import { sendEmailWithSmtp } from './smtp.server.ts';
import { providerLabel, recordAttempts } from './attempts.server.ts';
import { mintResetLink, RESET_EMAIL_KIND } from '../../server/auth/reset-link.server.ts';

type OutboxRow = Selectable<OutboxTable>;

/** How long a run may hold a claimed message before it is considered interrupted. */
export const DELIVERY_LEASE_SECONDS = 300;
export const DELIVERY_BATCH_SIZE = 25;
/**
 * How long one run may spend. Netlify stops a scheduled function after 30 s (a synchronous one,
 * the admin's "deliver now", after 60 s); a send starts only when the budget still holds a whole
 * provider call (its timeout), so the run ends in time and never leaves a message `sending` for
 * the reaper to declare dead.
 */
export const DELIVERY_BUDGET_MS = 20_000;

export interface DeliveryOptions {
  batchSize?: number;
  budgetMs?: number;
}

/**
 * Messages a run claimed but never finished (the run crashed or timed out) may or may not have
 * reached the provider. Sending them again could deliver twice, so they are marked dead with an
 * explanation; an administrator checks the provider's log and retries by hand if needed.
 */
async function reapInterrupted(db: Db): Promise<number> {
  const reason = 'Delivery was interrupted; it may or may not have been sent. Check the provider log before retrying.';
  const rows = await db
    .updateTable('outbox')
    .set({ status: targetOf(OUTBOX_MACHINE, 'interrupted'), lockedUntil: null, lastError: reason })
    .where('status', 'in', fromStates(OUTBOX_MACHINE, 'interrupted'))
    .where('lockedUntil', '<', sql<Date>`now()`)
    .returning('id')
    .execute();
  await recordAttempts(
    db,
    rows.map((r) => r.id),
    { outcome: 'interrupted', provider: null, detail: reason },
  );
  return rows.length;
}

/**
 * Claims due messages for this run only. `FOR UPDATE SKIP LOCKED` lets overlapping runs take
 * disjoint sets, and the `sending` status with a lease keeps a message from being taken twice.
 *
 * One address gets its messages in the order they were written (`seq`, docs/decisions/0451): a
 * message is not claimed while an earlier one to the same address is still on its way, that is
 * being sent, being retried, or waiting to leave within the notices' gather window. A message that
 * failed for good (dead) or was dropped holds nothing; neither does one an admin's template planned
 * for later than the gather window. Whichever run holds the earlier message, the later one stays
 * `pending` in every run's view until the earlier one is done, so two runs at once keep the order.
 *
 * In the same statement, a message whose reason passed (its `valid_while` rule no longer holds,
 * docs/decisions/0452) is dropped as `superseded` instead of claimed: it is answered with the rest
 * and never sent.
 */
async function claim(db: Db, channels: Array<'email' | 'sms'>, limit: number): Promise<OutboxRow[]> {
  if (channels.length === 0) return [];
  const claimed = targetOf(OUTBOX_MACHINE, 'claim');
  const dropped = targetOf(OUTBOX_MACHINE, 'supersede');
  const rows = await db
    .updateTable('outbox')
    .set({
      status: sql<OutboxStatus>`case when ${stillHolds} then ${claimed} else ${dropped} end`,
      attempts: sql`case when ${stillHolds} then attempts + 1 else attempts end`,
      lockedUntil: sql`case when ${stillHolds} then now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS}) end`,
      lastError: sql`case when ${stillHolds} then last_error else ${supersededSentence} end`,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox as o')
        .select('o.id')
        .where('o.status', 'in', fromStates(OUTBOX_MACHINE, 'claim'))
        .where('o.nextAttemptAt', '<=', sql<Date>`now()`)
        .where('o.channel', 'in', channels)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('outbox as e')
                .select('e.id')
                .whereRef('e.channel', '=', 'o.channel')
                .whereRef('e.toAddress', '=', 'o.toAddress')
                .whereRef('e.seq', '<', 'o.seq')
                .where((w) =>
                  w.or([
                    w('e.status', 'in', fromStates(OUTBOX_MACHINE, 'release')),
                    w.and([
                      w('e.status', 'in', fromStates(OUTBOX_MACHINE, 'claim')),
                      w.or([
                        w('e.attempts', '>', 0),
                        w(
                          'e.nextAttemptAt',
                          '<=',
                          sql<Date>`now() + make_interval(secs => ${NOTIFICATION_EMAIL_GATHER_SECONDS})`,
                        ),
                      ]),
                    ]),
                  ]),
                ),
            ),
          ),
        )
        .orderBy('o.nextAttemptAt')
        .orderBy('o.seq')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  // UPDATE ... RETURNING comes in no particular order: send the longest-waiting first.
  return rows.sort(
    (a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || Number(BigInt(a.seq) - BigInt(b.seq)),
  );
}

type EmailProvider = 'smtp' | 'mailchimp';
interface ChannelKey {
  provider: EmailProvider | 'twilio';
  creds: KeyCredentials;
}

/**
 * The key email goes out with: the primary active SMTP key when there is one, else the primary
 * active Mailchimp key (docs/decisions/0072-smtp-email.md). SMS: the primary Twilio key.
 */
export async function emailKey(db: Db): Promise<ChannelKey | null> {
  for (const provider of ['smtp', 'mailchimp'] as const) {
    const creds = await credentialsFor(db, provider);
    if (creds) return { provider, creds };
  }
  const local = localMailCatcher();
  return local ? { provider: 'smtp', creds: local } : null;
}

/**
 * `npm start`'s local mail catcher (docs/decisions/0076-local-mail-catcher.md), used only while no
 * email key is configured: LOCAL_MAIL_CATCHER_SMTP is host:port of its SMTP inbox. Never set on Netlify.
 */
export function localMailCatcher(): KeyCredentials | null {
  const at = /^([A-Za-z0-9.-]+):(\d{1,5})$/.exec(process.env['LOCAL_MAIL_CATCHER_SMTP'] ?? '');
  if (!at) return null;
  return {
    id: 'local-mail-catcher',
    keyName: 'Local mail catcher',
    apiKey: 'local',
    apiSecret: 'local',
    additionalConfig: {
      host: at[1],
      port: Number(at[2]),
      tls_mode: 'none',
      from_email: 'no-reply@skywardmobileaviation.com',
      from_name: 'Skyward Mobile Aviation',
    },
  };
}

/** Whether messages can leave, and how: what the Outbox tab tells administrators. */
export async function deliveryStatus(db: Db): Promise<OutboxDelivery> {
  let email: OutboxDelivery['email'] = 'none';
  for (const provider of ['smtp', 'mailchimp'] as const) {
    if (await credentialsFor(db, provider)) {
      email = provider;
      break;
    }
  }
  if (email === 'none' && localMailCatcher()) email = 'local-catcher';
  const sms = (await credentialsFor(db, 'twilio')) ? 'twilio' : 'none';
  return {
    email,
    sms,
    ...(email === 'local-catcher' && process.env['LOCAL_MAIL_CATCHER_URL']
      ? { catcherUrl: process.env['LOCAL_MAIL_CATCHER_URL'] }
      : {}),
  };
}

/**
 * The texts an email leaves with. A password-reset email's link is made now, never stored readable
 * (docs/decisions/0340-reset-links-made-when-sent.md); the row keeps the masked text.
 */
async function textsToSend(db: Db, row: OutboxRow): Promise<{ text: string; html: string | null }> {
  const stored = { text: row.bodyText, html: row.bodyHtml };
  if (row.kind !== RESET_EMAIL_KIND) return stored;
  const live = await mintResetLink(db, row.id, stored);
  if (!live)
    throw new ProviderError(
      'rejected',
      'The reset link expired or another link of the account was used before this email could be sent; nothing was sent (the person asks again)',
    );
  return live;
}

async function send(db: Db, row: OutboxRow, key: ChannelKey): Promise<string> {
  if (row.channel === 'email') {
    const { text, html } = await textsToSend(db, row);
    const email = {
      to: row.toAddress,
      subject: row.subject ?? '',
      text,
      html,
      replyTo: row.replyTo,
      attachments: row.attachments,
    };
    return key.provider === 'smtp' ? sendEmailWithSmtp(key.creds, email) : sendEmailWithMailchimp(key.creds, email);
  }
  return sendSmsWithTwilio(key.creds, { to: row.toAddress, body: row.bodyText });
}

/**
 * Hands claimed messages back untried: pending again, due as before, and the attempt the claim
 * counted is taken back, so running out of time never brings a message closer to `dead`.
 */
async function release(db: Db, rows: OutboxRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const released = await db
    .updateTable('outbox')
    .set({ status: targetOf(OUTBOX_MACHINE, 'release'), attempts: sql`greatest(attempts - 1, 0)`, lockedUntil: null })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .where('status', 'in', fromStates(OUTBOX_MACHINE, 'release'))
    .returning('id')
    .execute();
  return released.length;
}

async function markSent(db: Db, row: OutboxRow, providerMessageId: string, via: string): Promise<void> {
  const sent = await db
    .updateTable('outbox')
    .set({
      status: targetOf(OUTBOX_MACHINE, 'sent'),
      sentAt: sql<Date>`now()`,
      providerMessageId,
      lockedUntil: null,
      lastError: null,
    })
    .where('id', '=', row.id)
    .where('status', 'in', fromStates(OUTBOX_MACHINE, 'sent'))
    .returning('id')
    .execute();
  await recordAttempts(
    db,
    sent.map((r) => r.id),
    { outcome: 'sent', provider: via, detail: providerMessageId ? `Provider message id ${providerMessageId}` : null },
  );
  // The template's "sends" counter in the admin console counts deliveries, not queued drafts.
  if (row.templateId) {
    await db
      .updateTable('emailTemplates')
      .set({ sends: sql`sends + 1` })
      .where('id', '=', row.templateId)
      .execute();
  }
}

async function markFailed(db: Db, row: OutboxRow, error: unknown, via: string): Promise<'pending' | 'dead'> {
  const providerError = error instanceof ProviderError ? error : undefined;
  // A refusal of the message itself (bad address, invalid number) will not heal by waiting.
  const permanent = providerError?.kind === 'rejected';
  const outcome = afterFailure(row.attempts, permanent, providerError?.retryAfterSeconds);
  const reason = providerError
    ? `${providerError.message}${providerError.providerMessage ? ` (${providerError.providerMessage})` : ''}`
    : 'Unexpected error while sending';
  if (!providerError) console.error(`[outbox ${row.id}] send failed:`, error);
  // Another attempt later, or none: the same move from `sending` either way.
  const action = outcome.status === 'pending' ? 'retryLater' : 'giveUp';
  const failed = await db
    .updateTable('outbox')
    .set({
      status: targetOf(OUTBOX_MACHINE, action),
      lockedUntil: null,
      lastError: `Attempt ${row.attempts}: ${reason}`,
      ...(outcome.status === 'pending'
        ? { nextAttemptAt: sql<Date>`now() + make_interval(secs => ${outcome.retryInSeconds})` }
        : {}),
    })
    .where('id', '=', row.id)
    .where('status', 'in', fromStates(OUTBOX_MACHINE, action))
    .returning('id')
    .execute();
  await recordAttempts(
    db,
    failed.map((r) => r.id),
    {
      outcome: 'failed',
      provider: via,
      detail: `${reason}${outcome.status === 'dead' ? ' (no further attempt)' : ''}`,
    },
  );
  return outcome.status;
}

/**
 * One delivery run: what the scheduled function does every minute. It claims due messages in
 * batches while its time budget lasts, starts a send only when a whole provider call still fits
 * in the budget, and releases what it claimed but did not try.
 */
export type { DeliveryReport };

export async function deliverDueMessages(db: Db, options: DeliveryOptions | number = {}): Promise<DeliveryReport> {
  const { batchSize = DELIVERY_BATCH_SIZE, budgetMs = DELIVERY_BUDGET_MS } =
    typeof options === 'number' ? { batchSize: options } : options;
  const deadline = performance.now() + budgetMs;
  // A provider timeout longer than the whole budget still lets one send start per run.
  const callMs = Math.min(providerTimeoutMs(), budgetMs);
  const fits = () => deadline - performance.now() >= callMs;
  const report: DeliveryReport = {
    sent: 0,
    retrying: 0,
    dead: 0,
    interrupted: await reapInterrupted(db),
    superseded: 0,
    released: 0,
    waitingForProvider: [],
  };
  const keys = { email: await emailKey(db), sms: await smsKey(db) };
  const ready = (['email', 'sms'] as const).filter((channel) => {
    if (keys[channel]) return true;
    report.waitingForProvider.push(channel);
    return false;
  });
  while (fits()) {
    const taken = await claim(db, [...ready], batchSize);
    const claimed = taken.filter((row) => row.status === targetOf(OUTBOX_MACHINE, 'claim'));
    report.superseded += taken.length - claimed.length;
    for (const [i, row] of claimed.entries()) {
      if (!fits()) {
        report.released += await release(db, claimed.slice(i));
        return report;
      }
      const key = keys[row.channel]!;
      const via = providerLabel(key.provider, key.creds.keyName);
      try {
        await markSent(db, row, await send(db, row, key), via);
        report.sent += 1;
      } catch (error) {
        if ((await markFailed(db, row, error, via)) === 'dead') report.dead += 1;
        else report.retrying += 1;
      }
    }
    // Nothing more is due. A full batch, or a message just sent that held a later one to the same
    // address, means another claim may find more.
    if (taken.length === 0) break;
  }
  return report;
}

async function smsKey(db: Db): Promise<ChannelKey | null> {
  const creds = await credentialsFor(db, 'twilio');
  return creds ? { provider: 'twilio', creds } : null;
}

/** An administrator's retry of a dead message: a fresh cycle of attempts, due now. */
export async function retryDeadMessage(db: Db, id: string): Promise<OutboxRow | undefined> {
  return db
    .updateTable('outbox')
    .set({ status: targetOf(OUTBOX_MACHINE, 'retry'), attempts: 0, nextAttemptAt: sql<Date>`now()`, lockedUntil: null })
    .where('id', '=', id)
    .where('status', 'in', fromStates(OUTBOX_MACHINE, 'retry'))
    .returningAll()
    .executeTakeFirst();
}
