import { z } from './zod.ts';
import type { Option } from './options.ts';
import { optionalText, requiredText } from './fields.ts';
import { AIRCRAFT_TYPES, QUOTE_SERVICE_TYPES } from './quote-fields.ts';
import type { AdminQuoteStatus } from './status.ts';

/**
 * The business's inbox (docs/decisions/0210-business-inbox.md): quote requests and captured leads
 * worked to an outcome. One module for its statuses, labels, limits and payloads, shared by the
 * console and the functions.
 */

export const INBOX_KINDS = ['quotes', 'leads'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const INBOX_STATUSES = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'quoted', label: 'Quoted' },
  { value: 'won', label: 'Won' },
  { value: 'lost', label: 'Lost' },
] as const satisfies readonly Option[];
export type InboxStatus = (typeof INBOX_STATUSES)[number]['value'];
export const CLOSED_STATUSES: readonly InboxStatus[] = ['won', 'lost'];

export const LOST_REASONS = [
  { value: 'price', label: 'Price' },
  { value: 'timing', label: 'Timing did not work' },
  { value: 'chose_another', label: 'Chose another provider' },
  { value: 'no_response', label: 'Customer stopped answering' },
  { value: 'not_a_fit', label: 'Not work we do' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];
export type LostReason = (typeof LOST_REASONS)[number]['value'];

/** Where a request came from. Quote requests come from the quote form; leads carry their own source. */
export const INBOX_SOURCES = [
  { value: 'quote_form', label: 'Quote form' },
  { value: 'popup', label: 'Popup' },
  { value: 'referral', label: 'Referral' },
] as const satisfies readonly Option[];
export type InboxSource = (typeof INBOX_SOURCES)[number]['value'];

export const INBOX_SORTS = [
  { value: 'respondBy', label: 'Respond-by first' },
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const satisfies readonly Option[];
export type InboxSort = (typeof INBOX_SORTS)[number]['value'];

export const INBOX_LIMITS = {
  /** A page of the worked list. */
  pageSize: 50,
  maxPageSize: 200,
  maxQuery: 100,
  /** The site promises "a competitive quote within 24 hours": plain hours from arrival (ADR 0210). */
  replyWithinHours: 24,
  /** Same email or phone within this many days is shown as a possible duplicate. */
  duplicateWindowDays: 30,
  duplicatesShown: 5,
  /** The console reads what needs attention (open AOG calls, reports, overdue requests) this often. */
  summaryPollMs: 30_000,
  /** A merge can be undone this many days after it was made (docs/decisions/0401). */
  mergeUndoDays: 30,
  noteMax: 5000,
  subjectMax: 200,
  bodyMax: 20_000,
  lostNoteMax: 1000,
  /** The CSV export stops here: a bounded answer, and more than a spreadsheet is read by eye. */
  exportMaxRows: 10_000,
  historyShown: 200,
} as const;

const dateParam = (label: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return null;
      const t = v.trim();
      if (!/^\d{4}-\d\d-\d\d(T[\d:.]+(Z|[+-]\d\d:?\d\d)?)?$/.test(t) || Number.isNaN(Date.parse(t))) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date (YYYY-MM-DD)` });
        return z.NEVER;
      }
      return t;
    });

const oneOf = <V extends string>(options: readonly Option<V>[], label: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return null;
      const found = options.find((o) => o.value === v.trim());
      if (!found) {
        ctx.addIssue({ code: 'custom', message: `${label} must be one of: ${options.map((o) => o.value).join(', ')}` });
        return z.NEVER;
      }
      return found.value;
    });

const positiveInt = (label: string, fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number from 1 to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** `GET /api/admin/quotes` and `/api/admin/leads` (and their CSV export). */
export const InboxListQuerySchema = z.object({
  page: positiveInt('page', 1, 100_000),
  limit: positiveInt('limit', INBOX_LIMITS.pageSize, INBOX_LIMITS.maxPageSize),
  q: z
    .string()
    .max(INBOX_LIMITS.maxQuery, `Search must be at most ${INBOX_LIMITS.maxQuery} characters`)
    .optional()
    .transform((v) => v?.trim() ?? ''),
  status: oneOf(INBOX_STATUSES, 'status'),
  serviceType: oneOf(QUOTE_SERVICE_TYPES, 'serviceType'),
  aircraftType: oneOf(AIRCRAFT_TYPES, 'aircraftType'),
  source: oneOf(INBOX_SOURCES, 'source'),
  from: dateParam('from'),
  to: dateParam('to'),
  sort: oneOf(INBOX_SORTS, 'sort').transform((v) => v ?? 'respondBy'),
  /** Only the overdue ones (the dashboard's "Overdue" card opens this). */
  overdue: z
    .enum(['1', 'true', '0', 'false', ''], { error: 'overdue must be 1 or 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export type InboxListQuery = z.output<typeof InboxListQuerySchema>;

export const InboxExportQuerySchema = InboxListQuerySchema.extend({
  kind: z.enum(INBOX_KINDS, { error: 'kind must be quotes or leads' }),
});

/** `PATCH /api/admin/{quotes|leads}/:id`. */
export const InboxPatchSchema = z
  .object({
    status: z
      .enum(INBOX_STATUSES.map((s) => s.value) as [InboxStatus, ...InboxStatus[]], {
        error: `status must be one of: ${INBOX_STATUSES.map((s) => s.value).join(', ')}`,
      })
      .optional(),
    /** A reason code, or the reason in words (kept as "other" with the words as its note). */
    lostReason: optionalText('Lost reason', INBOX_LIMITS.lostNoteMax),
    lostNote: optionalText('Lost note', INBOX_LIMITS.lostNoteMax),
    assignedTo: z.string().uuid('assignedTo must be an administrator id').nullable().optional(),
    ifVersion: z.number({ error: 'ifVersion must be a number' }).int().min(1).optional(),
  })
  .refine((p) => p.status !== undefined || p.assignedTo !== undefined, {
    message: 'Nothing to change: give status or assignedTo',
  })
  .refine((p) => p.status !== 'lost' || p.lostReason !== null, {
    message: 'A lost request needs a reason',
    path: ['lostReason'],
  });
export type InboxPatch = z.output<typeof InboxPatchSchema>;

export const InboxNoteSchema = z.object({ text: requiredText('Note', INBOX_LIMITS.noteMax) });

export const InboxReplySchema = z.object({
  templateId: z.string().uuid('templateId must be a template id').nullish(),
  subject: requiredText('Subject', INBOX_LIMITS.subjectMax),
  body: requiredText('Message', INBOX_LIMITS.bodyMax),
  ifVersion: z.number().int().min(1).optional(),
});
export type InboxReply = z.output<typeof InboxReplySchema>;
/** The console's reply form: the API's own rules for the subject and the message. */
export const InboxReplyFormSchema = InboxReplySchema.pick({ subject: true, body: true });

export const InboxMergeSchema = z.object({ duplicateId: z.string().uuid('duplicateId must be a request id') });

export const FunnelQuerySchema = z.object({
  from: dateParam('from'),
  to: dateParam('to'),
  groupBy: z
    .enum(['month', 'source'], { error: 'groupBy must be month or source' })
    .optional()
    .transform((v) => v ?? 'month'),
});

export interface InboxPerson {
  id: string;
  name: string;
}

/** One row of the worked list: a quote request or a lead, in one shape. */
export interface InboxItem {
  id: string;
  kind: InboxKind;
  firstName: string;
  lastName: string | null;
  email: string;
  phone: string | null;
  aircraft: { make: string; model: string; registrationNumber: string | null; type: string } | null;
  serviceType: string | null;
  location: string | null;
  message: string | null;
  source: string;
  status: InboxStatus;
  lostReason: LostReason | null;
  /** An emergency or an "ASAP" request (URGENT_REQUEST_RULE): listed first, on the shorter clock. */
  urgent: boolean;
  /** When the reply clock runs out (24 hours, or the urgent clock), while nobody has answered; null otherwise. */
  respondBy: string | null;
  overdue: boolean;
  assignedTo: InboxPerson | null;
  estimatedSavings: number | null;
  createdAt: string;
  version: number;
}

/** One row of the CSV export: the list's item and what the business is owed or promised. */
export interface InboxExportItem extends InboxItem {
  /** Quote requests: the last invoice the customer gave, in dollars (numeric text, two decimals). */
  lastInvoiceAmount: string | null;
  invoiceIncludesParts: string | null;
  /** The savings promised in dollars, as stored with the request (numeric text). */
  estimatedSavingsDollars: string | null;
  /** A quote's code as given; a popup lead's code as it was shown. */
  discountCode: string | null;
  /** Leads: whether a quote request was made with the lead's code (null for quote requests). */
  codeUsedOnQuote: boolean | null;
}

export interface InboxPage {
  items: InboxItem[];
  total: number;
  page: number;
  limit: number;
}

export type InboxEventKind = 'status' | 'note' | 'reply' | 'assign' | 'merge' | 'unmerge' | 'convert';

export interface InboxEvent {
  id: string;
  at: string;
  by: InboxPerson | null;
  kind: InboxEventKind;
  from?: InboxStatus | null;
  to?: InboxStatus | null;
  reopened?: boolean;
  lostReason?: LostReason | null;
  text?: string | null;
  subject?: string | null;
  messageId?: string | null;
  templateId?: string | null;
  /** The outbox message's state: pending, sending, sent or dead. */
  delivery?: string | null;
  assignedTo?: InboxPerson | null;
  otherId?: string | null;
}

/** A request merged into this one, with the customer's own words in it (docs/decisions/0401). */
export interface MergedRequest {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  phone: string | null;
  /** Quote requests: what the customer wrote, and their additional notes. */
  message: string | null;
  additionalNotes: string | null;
  discountCode: string | null;
  mergedAt: string;
  /** Until when "Undo merge" is offered (null: the merge's time is not known). */
  undoUntil: string | null;
}

export interface InboxDetail extends InboxItem {
  /** Every field the visitor sent (quote requests: the whole form). */
  fields: Record<string, string | number | boolean | null>;
  lostNote: string | null;
  mergedInto: string | null;
  /** The requests merged into this one, newest merge first. */
  merged: MergedRequest[];
  history: InboxEvent[];
  duplicates: InboxItem[];
  invitation: { sentAt: string; claimedAt: string | null; messageId: string | null } | null;
}

/** What needs the console's attention now: the figures its home and its tabs' badges show. */
export interface InboxSummary {
  /** Quote requests nobody has answered yet. */
  waiting: number;
  /** Of those, the ones past their 24 hours. */
  overdue: number;
  /** Aircraft on ground still waiting for a mechanic. */
  aogOpen: number;
  /** Conversations with a report nobody has handled. */
  reportsOpen: number;
}

export interface FunnelRow {
  key: string;
  label: string;
  requests: number;
  answeredWithin24h: number;
  quoted: number;
  won: number;
  /** Average estimated savings (percent) of the won quote requests, null when none had one. */
  wonSavingsPercent: number | null;
}

export interface Funnel {
  groupBy: 'month' | 'source';
  from: string | null;
  to: string | null;
  rows: FunnelRow[];
  totals: FunnelRow;
}

export interface ConvertResult {
  success: true;
  invitationId: string;
  messageId: string;
  signUpUrl: string;
}

/** Which source a lead's stored `source` counts as. */
export function leadSourceOf(stored: string): InboxSource | string {
  if (stored === 'popup_discount_offer' || stored.startsWith('popup')) return 'popup';
  if (stored.startsWith('referral')) return 'referral';
  if (stored === 'quote_form') return 'quote_form';
  return stored;
}

/**
 * One status everywhere (docs/decisions/0420-one-status-the-inbox.md): the spec's `status` of a
 * quote request is the Inbox's, said in the spec's words. The database derives the column from
 * `inbox_status` (migration 0044), so `GET /api/quotes`, the dashboard's cards and every other
 * reader answer the same truth; nothing writes the spec's column any more.
 */
export const QUOTE_STATUS_OF_INBOX = {
  new: 'pending',
  contacted: 'in_progress',
  quoted: 'quoted',
  won: 'completed',
  lost: 'cancelled',
} as const satisfies Record<InboxStatus, AdminQuoteStatus>;

/** A captured lead's spec `status` (default `New`) is the Inbox's label. */
export const LEAD_STATUS_OF_INBOX = Object.fromEntries(INBOX_STATUSES.map((s) => [s.value, s.label])) as Record<
  InboxStatus,
  string
>;

/**
 * Urgent quote requests: an emergency, "As Soon As Possible" chosen, or a message asking for help
 * now ("Alternator died on the ramp... need someone today"). They are flagged, listed first in the Inbox while unanswered, and
 * their reply clock is the shorter one of the settings catalog (`urgent_reply_hours`). The
 * database decides it from the same words when a request is stored (migration 0044).
 */
export const URGENT_REQUEST_RULE = {
  serviceTypes: ['emergency'],
  /** The quote form's "As Soon As Possible". */
  timeframes: ['asap'],
  /** Whole words or phrases, any case, in the message or the additional notes. */
  words: [
    'asap',
    'a.s.a.p',
    'urgent',
    'urgently',
    'emergency',
    'aog',
    'on the ground',
    'grounded',
    'stranded',
    'stuck',
    'today',
    'tonight',
    'right away',
    'immediately',
  ],
} as const;

const escapeRe = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
/** The words as one alternation, written so JavaScript and PostgreSQL read it alike. */
export const URGENT_WORDS_PATTERN = `(${URGENT_REQUEST_RULE.words.map(escapeRe).join('|')})`;
const URGENT_WORDS_RE = new RegExp(`\\b${URGENT_WORDS_PATTERN}\\b`, 'i');

/** The rule in JavaScript (the database's generated column is the stored truth; a test holds them alike). */
export function isUrgentRequest(
  request: { serviceType: string | null; preferredTimeframe?: string | null },
  ...texts: (string | null | undefined)[]
): boolean {
  const { serviceType, preferredTimeframe } = request;
  if (serviceType && (URGENT_REQUEST_RULE.serviceTypes as readonly string[]).includes(serviceType)) return true;
  if (preferredTimeframe && (URGENT_REQUEST_RULE.timeframes as readonly string[]).includes(preferredTimeframe))
    return true;
  return texts.some((t) => !!t && URGENT_WORDS_RE.test(t));
}

/** How long the business has to answer: the promise's hours, or the shorter urgent clock. */
export interface ReplyClock {
  hours: number;
  urgentHours: number;
}

/** Due time of a new request: plain hours from its arrival (ADR 0210). */
export function respondByOf(createdAt: Date | string, status: InboxStatus): Date | null {
  if (status !== 'new') return null;
  return new Date(new Date(createdAt).getTime() + INBOX_LIMITS.replyWithinHours * 3_600_000);
}

/** The service request a converted quote becomes, ready for the new pilot to send. */
export interface ServiceRequestDraft {
  aircraftMake: string;
  aircraftModel: string;
  aircraftTailNumber: string | null;
  aircraftTotalHours: number | null;
  /** The marketplace's service type (MARKETPLACE_SERVICE_TYPES). */
  serviceType: string;
  serviceDescription: string;
  location: string | null;
}

/** Where a sign-up invitation lands: the entry screen's Sign Up tab, email filled in. */
export const INVITATION_LINK = {
  path: '/dashboard',
  signupParam: 'signup',
  emailParam: 'email',
  tokenParam: 'invite',
} as const;

export const InvitationClaimSchema = z.object({ token: z.string().min(20, 'token is missing').max(200) });

export interface InvitationClaim {
  success: true;
  draft: ServiceRequestDraft;
  /** The aircraft added to My Aircraft from the quote, when it named a registration. */
  aircraftId: string | null;
}

/** The quote form's service as the marketplace names it. */
export const MARKETPLACE_SERVICE_FOR_QUOTE: Record<string, string> = {
  '100-hour': 'hundred_hour',
  annual: 'annual_inspection',
  maintenance: 'scheduled_maintenance',
  repair: 'scheduled_maintenance',
  emergency: 'emergency_repair',
};
