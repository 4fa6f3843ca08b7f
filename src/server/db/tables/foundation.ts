import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { InboxStatus } from '../../../contract/inbox.ts';
import type { OutboxStatus } from '../../../contract/outbox.ts';
import type { OutboxValidWhile } from '../../../contract/outbox-validity.ts';

/** Columns the database fills in; readable, optional on insert, never updated by hand. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** Postgres `numeric` comes back from pg as a string to keep its precision. */
export type Numeric = ColumnType<string, number | string, number | string>;
export type NullableNumeric = ColumnType<string | null, number | string | null, number | string | null>;

/** The business's inbox (migration 0024): the same columns on quote requests and on leads. */
export interface InboxColumns {
  inboxStatus: Generated<InboxStatus>;
  lostReason: Generated<string | null>;
  lostNote: Generated<string | null>;
  assignedTo: Generated<string | null>;
  version: Generated<number>;
  answeredAt: Generated<Date | null>;
  quotedAt: Generated<Date | null>;
  closedAt: Generated<Date | null>;
  mergedInto: Generated<string | null>;
}

export interface QuotesTable extends InboxColumns {
  id: Generated<string>;
  firstName: string;
  lastName: string;
  returnEmail: string;
  returnPhone: string;
  aircraftMake: string;
  aircraftModel: string;
  registrationNumber: string | null;
  totalHours: NullableNumeric;
  aircraftType: string;
  serviceType: string;
  preferredTimeframe: string;
  location: string | null;
  lastInvoiceAmount: NullableNumeric;
  currentProvider: string | null;
  message: string;
  additionalNotes: string | null;
  scheduleConsultation: boolean;
  emailUpdates: boolean;
  /** Migration 0044: the spec's status, derived by the database from `inbox_status`. */
  status: GeneratedAlways<string>;
  /** Migration 0044: an emergency or an "ASAP" request (URGENT_REQUEST_RULE). */
  urgent: GeneratedAlways<boolean>;
  estimatedSavings: NullableNumeric;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  /** Migration 0022: what the savings estimate compared, and the dollars it said. */
  invoiceIncludesParts: Generated<'yes' | 'no' | 'unsure' | null>;
  estimatedSavingsDollars: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  /** Migration 0022: the popup's discount code given with the request, and the lead it was given to. */
  discountCode: Generated<string | null>;
  discountLeadId: Generated<string | null>;
  source: Generated<string>;
}

export interface LeadsTable extends InboxColumns {
  id: Generated<string>;
  firstName: string;
  email: string;
  phone: string | null;
  source: string;
  /** Migration 0044: the Inbox's label of `inbox_status` ('New' ... 'Lost'). */
  status: GeneratedAlways<string>;
  createdAt: CreatedAt;
}

export interface OutboxTable {
  id: Generated<string>;
  channel: 'email' | 'sms';
  toAddress: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
  /** What produced the message, e.g. `quote.notify_business`; for the admin's outbox view. */
  kind: string;
  /** The admin email template it was rendered from (migration 0007), if any. */
  templateId: Generated<string | null>;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  nextAttemptAt: Generated<Date>;
  lockedUntil: Date | null;
  lastError: string | null;
  providerMessageId: string | null;
  sentAt: Date | null;
  createdAt: CreatedAt;
  /** Migration 0022: the Reply-To of an email (null: none). */
  replyTo: Generated<string | null>;
  /** Migration 0032: files the email carries (null: none). */
  attachments: ColumnType<OutboxAttachment[] | null, string | null | undefined, string | null>;
  /** Migration 0057: the order messages were written in; one address gets them in this order. */
  seq: ColumnType<string, never, never>;
  /** Migration 0057: the rule under which the message still holds (null: always), and the row it reads. */
  validWhile: Generated<OutboxValidWhile | null>;
  aboutId: Generated<string | null>;
}

/** A file an email carries, its bytes in base64 (small files only: an .ics of a few kB). */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface RateLimitHitsTable {
  bucket: string;
  windowStart: Date;
  hits: number;
}

export interface FoundationTables {
  quotes: QuotesTable;
  leads: LeadsTable;
  outbox: OutboxTable;
  rateLimitHits: RateLimitHitsTable;
}
