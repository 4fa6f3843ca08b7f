import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './foundation.ts';
import type { ReportResolution } from '../../../contract/conversations.ts';

// The conversation tables (migration 0025_conversations), as Kysely sees them.

type Instant = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableInstant = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** Postgres bigint comes back from pg as a string. */
type BigintColumn = ColumnType<string, number | string | bigint | undefined, number | string | bigint>;

export type ClosedReason = 'job_went_elsewhere' | 'admin' | 'request_cancelled';

export interface ConversationsTable {
  id: Generated<string>;
  serviceRequestId: string;
  mechanicId: string;
  customerId: string;
  lastMessageAt: Instant;
  closedAt: NullableInstant;
  closedReason: ClosedReason | null;
  createdAt: CreatedAt;
}

export interface ConversationMembersTable {
  conversationId: string;
  userId: string;
  lastReadSeq: BigintColumn;
  lastDigestAt: NullableInstant;
  digestSeq: BigintColumn;
}

export interface ConversationMessagesTable {
  id: Generated<string>;
  seq: ColumnType<string, never, never>;
  conversationId: string;
  senderId: string | null;
  kind: 'message' | 'event';
  eventType: string | null;
  body: string;
  shownBody: string | null;
  documentIds: ColumnType<string[], string[] | undefined, string[]>;
  createdAt: CreatedAt;
}

export interface ConversationReportsTable {
  id: Generated<string>;
  conversationId: string;
  messageId: string;
  reporterId: string;
  reason: string;
  resolvedAt: NullableInstant;
  /** The administrator who handled it, and how (null for reports handled before this was kept). */
  resolvedBy: string | null;
  resolution: ReportResolution | null;
  createdAt: CreatedAt;
}

export interface MessageSettingsTable {
  userId: string;
  smsDigest: Generated<boolean>;
  timeZone: string | null;
  suspendedAt: NullableInstant;
  updatedAt: Instant;
}

export interface ConversationTables {
  conversations: ConversationsTable;
  conversationMembers: ConversationMembersTable;
  conversationMessages: ConversationMessagesTable;
  conversationReports: ConversationReportsTable;
  messageSettings: MessageSettingsTable;
}
