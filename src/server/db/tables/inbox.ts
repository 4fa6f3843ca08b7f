import type { Generated } from 'kysely';
import type { InboxEventKind, InboxKind } from '../../../contract/inbox.ts';
import type { CreatedAt } from './foundation.ts';

/** One change to a quote request or lead: who, when, what (migration 0024). */
export interface InboxEventsTable {
  id: Generated<string>;
  subjectKind: InboxKind;
  subjectId: string;
  at: Generated<Date>;
  byUserId: string | null;
  kind: InboxEventKind;
  fromStatus: string | null;
  toStatus: string | null;
  reopened: Generated<boolean>;
  lostReason: string | null;
  text: string | null;
  subject: string | null;
  outboxId: string | null;
  templateId: string | null;
  assignedTo: string | null;
  otherId: string | null;
  /** A merge: the survivor's columns it filled from the duplicate (migration 0052). */
  filled: string[] | null;
}

/** A quote request turned into a sign-up invitation (migration 0024). */
export interface InboxInvitationsTable {
  id: Generated<string>;
  quoteId: string;
  email: string;
  tokenHash: string;
  createdBy: string | null;
  outboxId: string | null;
  createdAt: CreatedAt;
  claimedBy: string | null;
  claimedAt: Date | null;
  /** JSON text of the drafted service request (ServiceRequestDraft). */
  draft: string;
  aircraftId: string | null;
}

export interface InboxTables {
  inboxEvents: InboxEventsTable;
  inboxInvitations: InboxInvitationsTable;
}
