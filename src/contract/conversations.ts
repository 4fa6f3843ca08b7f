import { z } from './zod.ts';
import { requiredText } from './fields.ts';

/**
 * Conversations between an owner and a mechanic about one service request
 * (docs/decisions/0220-conversations.md): the limits, the event lines, the masking of contact
 * details before a quote is accepted, and the shapes of the calls. Shared by the thread screen and
 * the functions.
 */

export const CONVERSATIONS = {
  /** Characters in one message. */
  maxMessageChars: 4000,
  /** Messages a page of a thread. */
  pageSize: 50,
  /** Threads listed at most (newest first). */
  listLimit: 100,
  /** Attachments on one message. */
  maxAttachments: 5,
  /** How often an open thread asks for new messages (the 3-second promise, with room for the call). */
  pollMs: 2000,
  /** How often the unread counts refresh while a dashboard is open. */
  unreadPollMs: 30_000,
  /** Messages a user may send per minute, and per day to people they have no job with. */
  perMinute: 30,
  perDayWithoutJob: 200,
  /** A message unread this long goes out in a digest; at most one digest per thread per window. */
  digestAfterMinutes: 10,
  digestWindowMinutes: 60,
  /** Quiet hours in the reader's time zone: no digest from 21:00 to 07:00. */
  quietFromHour: 21,
  quietUntilHour: 7,
  /** When the reader's browser never told us its zone: the business's own (San Francisco). */
  defaultTimeZone: 'America/Los_Angeles',
  maxReportChars: 1000,
} as const;

/** The job's story, one line per event (the text each thread shows). */
export const THREAD_EVENTS = {
  bid_sent: 'Quote sent',
  accepted: 'Quote accepted: the appointment is booked. Phone numbers are on the appointment.',
  change_order: 'Change order added',
  started: 'Work started',
  completed: 'Job completed',
  record_signed: 'Logbook entry signed',
  job_went_elsewhere: 'This job went to another mechanic. The conversation is closed.',
  closed_by_admin: 'An administrator closed this conversation.',
  booked: 'Booked at a flat rate',
  aog_dispatched: 'Dispatched to the aircraft on ground: the appointment is confirmed. Phone numbers are on it.',
  booking_rescheduled: 'Booking rescheduled',
  booking_cancelled: 'Booking cancelled by the owner: the days are free again',
  booking_cancelled_by_mechanic: 'Booking cancelled by the mechanic: the days are free again',
} as const;
export type ThreadEvent = keyof typeof THREAD_EVENTS;

export const CONVERSATION_MESSAGES = {
  closed: 'This conversation is closed',
  notFound: 'Conversation not found',
  suspended: 'Your messaging has been suspended by an administrator',
  emptyMessage: 'Write a message or attach a file',
  maskedNotice:
    'Phone numbers, email addresses and "call me" details are hidden until a quote is accepted: keep the conversation here until then. After acceptance both of you see each other\'s phone number on the appointment.',
  tooFast: (seconds: number) =>
    `You are sending messages too fast. Please wait ${seconds} second${seconds === 1 ? '' : 's'}.`,
  dailyLimit: (hours: number) =>
    `You have reached today's limit of ${CONVERSATIONS.perDayWithoutJob} messages to people you have no job with. Please try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Contact details before acceptance

// How contact details are found and hidden lives in contact-mask.ts (docs/decisions/0351).

// ---------------------------------------------------------------------------------------------
// Calls

export const OpenConversationSchema = z.object({
  serviceRequestId: z.uuid('Service request must be an id'),
  mechanicId: z.uuid('Mechanic must be an id').optional(),
});

export const SendMessageSchema = z
  .object({
    text: z
      .string({ error: 'Message must be text' })
      .trim()
      .max(CONVERSATIONS.maxMessageChars, `Message must be at most ${CONVERSATIONS.maxMessageChars} characters`)
      .default(''),
    documentIds: z
      .array(z.uuid('Attachment must be a document id'))
      .max(CONVERSATIONS.maxAttachments, `Attach at most ${CONVERSATIONS.maxAttachments} files to one message`)
      .default([]),
  })
  .refine((m) => m.text.length > 0 || m.documentIds.length > 0, {
    message: CONVERSATION_MESSAGES.emptyMessage,
    path: ['text'],
  });

export const ReportMessageSchema = z.object({ reason: requiredText('Reason', CONVERSATIONS.maxReportChars) });

export const AdminCloseSchema = z.object({
  /** Also stop the senders of the reported messages from writing anywhere. */
  suspendSender: z.boolean().default(false),
});

export const ThreadQuerySchema = z.object({
  before: z.uuid('before must be a message id').optional(),
  limit: z.coerce.number().int().min(1).max(CONVERSATIONS.pageSize).default(CONVERSATIONS.pageSize),
});

export const UpdatesQuerySchema = z.object({ after: z.uuid('after must be a message id').optional() });

export const AdminConversationsQuerySchema = z.object({
  reported: z.enum(['true', 'false']).default('true'),
});

/** The console's list of people suspended from messaging, newest first, a page at a time. */
export const SuspensionsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .default(1),
});

/** The console's history of handled reports, a page at a time. */
export const HandledReportsQuerySchema = SuspensionsQuerySchema;

export interface SuspendedPerson {
  id: string;
  name: string;
  role: 'pilot' | 'mechanic';
  suspendedAt: string;
}

export interface SuspensionsPage {
  items: SuspendedPerson[];
  page: number;
  hasMore: boolean;
}

/** How an administrator handled a report, and the words the console's history says it with. */
export const REPORT_RESOLUTIONS = ['dismissed', 'closed', 'closed_suspended'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];
export const REPORT_RESOLUTION_LABELS: Record<ReportResolution, string> = {
  dismissed: 'No action needed',
  closed: 'Conversation closed',
  closed_suspended: 'Conversation closed, sender suspended',
};

/** One handled report in the console's history, newest handled first. */
export interface HandledReport {
  id: string;
  conversationId: string;
  subject: string;
  reporter: string;
  reason: string;
  reportedAt: string;
  /** Null for a report handled before the product kept how. */
  resolution: ReportResolution | null;
  resolvedBy: string | null;
  resolvedAt: string;
}

export interface HandledReportsPage {
  items: HandledReport[];
  page: number;
  hasMore: boolean;
}

export const MessageSettingsSchema = z.object({
  smsDigest: z.boolean().optional(),
  timeZone: z.string().max(64).refine(isTimeZone, 'Time zone must be an IANA zone such as America/Denver').optional(),
});

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface ConversationSummary {
  id: string;
  serviceRequestId: string;
  appointmentId: string | null;
  otherParty: { id: string; name: string; role: 'pilot' | 'mechanic' };
  lastMessage: { text: string; at: string; fromMe: boolean } | null;
  unread: number;
  closed: boolean;
  /** "Annual Inspection · N12345": what the job is, for the list. */
  subject: string;
  /** Whether a quote of this mechanic was accepted: contact details are no longer hidden. */
  accepted: boolean;
}

export interface Attachment {
  documentId: string;
  name: string;
  type: string;
}

export interface ThreadMessage {
  id: string;
  /** The sender's user id; null for an event line. */
  from: string | null;
  text: string;
  masked: boolean;
  attachments: Attachment[];
  kind: 'message' | 'event';
  at: string;
}

export interface ThreadPage {
  messages: ThreadMessage[];
  /** Pass as `before` for older messages; null at the first message. */
  nextCursor: string | null;
  conversation: ConversationSummary;
}

export interface ThreadUpdates {
  messages: ThreadMessage[];
  closed: boolean;
}

export interface MessageSettings {
  smsDigest: boolean;
  timeZone: string | null;
  hasPhone: boolean;
  emailNotifications: boolean;
}

export interface ReportedConversation {
  id: string;
  serviceRequestId: string;
  subject: string;
  parties: Array<{ id: string; name: string; role: 'pilot' | 'mechanic'; suspended: boolean }>;
  closed: boolean;
  reports: Array<{ id: string; messageId: string; reason: string; reporter: string; at: string }>;
  /** The thread's latest messages as written (originals, not masked): the administrator judges them. */
  messages: Array<{
    id: string;
    from: string | null;
    fromName: string | null;
    text: string;
    kind: 'message' | 'event';
    at: string;
    reported: boolean;
  }>;
}
