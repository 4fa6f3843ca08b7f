import type { Db } from '../../server/db/client.ts';
import type { OutboxAttemptsTable } from '../../server/db/tables/outbox-attempts.ts';

const PROVIDER_NAMES = { smtp: 'SMTP', mailchimp: 'Mailchimp', twilio: 'Twilio' } as const;

/** How an attempt names the way it went out: the provider and the key's name. */
export const providerLabel = (provider: keyof typeof PROVIDER_NAMES, keyName: string) =>
  `${PROVIDER_NAMES[provider]} · ${keyName}`;

/**
 * Keeps one delivery attempt of outbox messages (docs/decisions/0196): the console shows each
 * message's attempts, not only its last error. Written beside the status change it explains.
 */
export async function recordAttempts(
  db: Db,
  ids: readonly string[],
  attempt: { outcome: OutboxAttemptsTable['outcome']; provider: string | null; detail: string | null },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insertInto('outboxAttempts')
    .values(ids.map((outboxId) => ({ outboxId, ...attempt })))
    .execute();
}
