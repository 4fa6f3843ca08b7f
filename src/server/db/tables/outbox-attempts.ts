import type { Generated } from 'kysely';

/** Migration 0030: one row per delivery attempt of an outbox message (docs/decisions/0196). */
export interface OutboxAttemptsTable {
  id: Generated<string>;
  outboxId: string;
  attemptedAt: Generated<Date>;
  outcome: 'sent' | 'failed' | 'interrupted';
  /** The provider and key used, e.g. "SMTP · Office mailbox" (null for an interrupted run). */
  provider: string | null;
  /** The provider's message id when sent, the reason when not. */
  detail: string | null;
}

export interface OutboxAttemptsTables {
  outboxAttempts: OutboxAttemptsTable;
}
