import { z } from './zod.ts';

/** The outbox as the admin console reads it (GET /api/admin/outbox). */
/** `superseded`: dropped unsent because its reason passed before it left (docs/decisions/0452). */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'dead', 'superseded'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutboxView {
  id: string;
  channel: 'email' | 'sms';
  kind: string;
  /** The kind in words, for people (src/contract/outbox-kinds.ts). */
  kindLabel?: string;
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
  /** The next page's `?cursor=` (also in X-Next-Cursor and Link); null on the last page (0201). */
  nextCursor?: string | null;
  counts: Record<OutboxStatus, number>;
  pagination: { page: number; pages: number; total: number; perPage: number };
}

/** The longest search the outbox takes. */
export const OUTBOX_SEARCH_MAX = 200;

/** GET /api/admin/outbox ?q=&status=&page=&per_page= */
export const OutboxListQuerySchema = z.object({
  /** Recipient or subject contains it (case-insensitive; % and _ are characters). */
  q: z
    .string()
    .trim()
    .max(OUTBOX_SEARCH_MAX, `Search must be at most ${OUTBOX_SEARCH_MAX} characters`)
    .optional()
    .transform((v) => v || undefined),
  status: z.enum(OUTBOX_STATUSES, { error: `status must be one of: ${OUTBOX_STATUSES.join(', ')}` }).optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number of at least 1' })
    .int()
    .min(1, 'page must be a whole number of at least 1')
    .default(1),
  per_page: z.coerce
    .number({ error: 'per_page must be between 1 and 100' })
    .int()
    .min(1)
    .max(100, 'per_page must be between 1 and 100')
    .default(25),
});

/** What one delivery run did (the scheduled run's log line, and "Deliver now" in the console). */
export interface DeliveryReport {
  sent: number;
  retrying: number;
  dead: number;
  interrupted: number;
  /** Dropped unsent at the claim: what they asked or announced no longer holds (docs/decisions/0452). */
  superseded: number;
  /** Claimed, then handed back untried because the run's time budget was spent. */
  released: number;
  /** Channels left waiting because no active primary key is configured for their provider. */
  waitingForProvider: Array<'email' | 'sms'>;
}

/** How messages can leave now (GET /api/admin/outbox answers it as `delivery`). */
export interface OutboxDelivery {
  /** The email provider in use; 'none' means email waits in the outbox. */
  email: 'smtp' | 'mailchimp' | 'local-catcher' | 'none';
  sms: 'twilio' | 'none';
  /** The local mail catcher's inbox page, when email goes there (`npm start`). */
  catcherUrl?: string;
}

/** One delivery attempt of a message (docs/decisions/0196). */
export interface OutboxAttemptView {
  at: string;
  outcome: 'sent' | 'failed' | 'interrupted';
  /** The provider and key it went through, e.g. "SMTP · Office mailbox". */
  provider: string | null;
  detail: string | null;
}

/** GET /api/admin/outbox/:id: a message as it was sent, with its delivery attempts. */
export interface OutboxMessage extends OutboxView {
  /** The kind in words ("Popup discount code"). */
  kindLabel: string;
  replyTo: string | null;
  bodyText: string;
  /** The HTML version, when the email has one (shown as text of its own, never run). */
  bodyHtml: string | null;
  providerMessageId: string | null;
  attemptsLog: OutboxAttemptView[];
}
