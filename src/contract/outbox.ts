/** The outbox as the admin console reads it (GET /api/admin/outbox). */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'dead'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutboxView {
  id: string;
  channel: 'email' | 'sms';
  kind: string;
  toAddress: string;
  subject: string | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  sentAt: string | null;
  createdAt: string;
}

export interface OutboxPage {
  data: OutboxView[];
  counts: Record<OutboxStatus, number>;
  pagination: { page: number; pages: number; total: number; perPage: number };
}
