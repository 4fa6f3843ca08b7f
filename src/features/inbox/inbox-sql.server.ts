import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { fullNameSql } from '../../server/db/full-name.ts';
import { LEAD_SEARCH, QUOTE_SEARCH } from '../../server/db/migrations/0024_business_inbox.ts';
import { SETTINGS_CATALOG } from '../../contract/settings-catalog.ts';
import type { Db } from '../../server/db/client.ts';
import { readCatalogSetting } from '../../server/settings.server.ts';
import {
  INBOX_LIMITS,
  leadSourceOf,
  type ReplyClock,
  type InboxItem,
  type InboxKind,
  type InboxListQuery,
  type InboxStatus,
  type LostReason,
} from '../../contract/inbox.ts';

/**
 * The parts of the inbox's SQL that differ between quote requests and leads, so one list, one
 * detail and one export serve both. A statement is built on each table's own query
 * (`quoteItems`, `leadItems`), so its row type is the `Database` interface's, and the compiler
 * checks both against `ItemRow`; the filters and orders the two share are SQL expressions over
 * the alias `r`, which either table's query takes.
 */

const assignedName = fullNameSql<string | null>('u').as('assignedName');

/**
 * The worked list's row, written once for both tables and for the raw union's column list (a
 * column added here reaches the three): the columns the two tables name alike, then the contact
 * columns each names its own way, then the ones only quote requests hold (a lead's row has null,
 * or false for `urgent`, in their place).
 */
const SHARED_COLUMNS = [
  'id',
  'firstName',
  'inboxStatus',
  'lostReason',
  'version',
  'createdAt',
  'source',
  'assignedTo',
] as const;
const QUOTE_ONLY_TEXT = [
  'lastName',
  'aircraftMake',
  'aircraftModel',
  'registrationNumber',
  'aircraftType',
  'serviceType',
  'location',
  'message',
] as const;

const shared = SHARED_COLUMNS.map((c) => `r.${c}` as const);

/** One row of the worked list from quote requests (alias `r`), every column typed by `quotes`. */
export function quoteItems(db: Db) {
  return db
    .selectFrom('quotes as r')
    .leftJoin('users as u', 'u.id', 'r.assignedTo')
    .select([
      ...shared,
      assignedName,
      'r.returnEmail as email',
      'r.returnPhone as phone',
      ...QUOTE_ONLY_TEXT.map((c) => `r.${c}` as const),
      'r.estimatedSavings',
      'r.urgent',
    ]);
}

/** One row of the worked list from leads (alias `r`): what a lead does not have is null, never urgent. */
export function leadItems(db: Db) {
  return db
    .selectFrom('leads as r')
    .leftJoin('users as u', 'u.id', 'r.assignedTo')
    .select([
      ...shared,
      assignedName,
      'r.email',
      'r.phone',
      ...QUOTE_ONLY_TEXT.map((c) => sql<null>`null::text`.as(c)),
      sql<null>`null::numeric`.as('estimatedSavings'),
      sql<boolean>`false`.as('urgent'),
    ]);
}

const snakeCase = (c: string) => c.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`);

/**
 * The columns of `quoteItems` as SQL, for the respond-by page's union (inbox-list.server.ts),
 * the one list statement the query builder cannot say. Built from the same lists (names in code,
 * never input).
 */
export const QUOTE_ITEM_COLUMNS = sql.join([
  ...SHARED_COLUMNS.map((c) => sql.raw(`r.${snakeCase(c)}`)),
  sql`${fullNameSql('u')} as assigned_name`,
  ...['r.return_email as email', 'r.return_phone as phone'].map((c) => sql.raw(c)),
  ...QUOTE_ONLY_TEXT.map((c) => sql.raw(`r.${snakeCase(c)}`)),
  ...['r.estimated_savings', 'r.urgent'].map((c) => sql.raw(c)),
]);

export const tableOf = (kind: InboxKind) => sql.table(kind);

/** The searched fields as one text, qualified with the list's alias `r` (the index's expression). */
function searchText(kind: InboxKind): RawBuilder<unknown> {
  const expr = kind === 'quotes' ? QUOTE_SEARCH : LEAD_SEARCH;
  return sql.raw(
    expr.replace(
      /\b(first_name|last_name|return_email|return_phone|registration_number|message|email|phone)\b/g,
      'r.$1',
    ),
  );
}

/** `%` and `_` typed in the search box are literal characters, not wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The reply clock: the site's 24-hour promise, and the shorter one of an urgent request, from the
 * settings catalog (docs/decisions/0420-one-status-the-inbox.md). Read once per call.
 */
export async function readReplyClock(db: Db): Promise<ReplyClock> {
  return {
    hours: INBOX_LIMITS.replyWithinHours,
    urgentHours: await readCatalogSetting(db, SETTINGS_CATALOG.urgentReplyHours),
  };
}

/** Hours of a row's clock, as SQL over the list's alias `r`. */
const clockHoursSql = (clock: ReplyClock) =>
  sql`(case when r.urgent then ${clock.urgentHours}::int else ${clock.hours}::int end)`;

/** Overdue: still new, past its clock (quote requests only: the promise is the quote form's). */
export const overdueSql = (clock: ReplyClock) =>
  sql<SqlBool>`(r.inbox_status = 'new' and r.created_at < now() - make_interval(hours => ${clockHoursSql(clock)}))`;

/** A date-only `to` means the whole of that day (UTC). */
function toBound(to: string): string {
  return /^\d{4}-\d\d-\d\d$/.test(to) ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString() : to;
}
function fromBound(from: string): string {
  return /^\d{4}-\d\d-\d\d$/.test(from) ? `${from}T00:00:00Z` : from;
}

/** The `where` of the worked list and its export: every filter, the search, merged rows left out. */
export function whereOf(
  kind: InboxKind,
  q: Omit<InboxListQuery, 'page' | 'limit' | 'sort'>,
  clock: ReplyClock,
): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`r.merged_into is null`];
  if (q.status) parts.push(sql`r.inbox_status = ${q.status}`);
  if (q.from) parts.push(sql`r.created_at >= ${fromBound(q.from)}::timestamptz`);
  if (q.to) parts.push(sql`r.created_at < ${toBound(q.to)}::timestamptz`);
  if (kind === 'quotes') {
    if (q.serviceType) parts.push(sql`r.service_type = ${q.serviceType}`);
    if (q.aircraftType) parts.push(sql`r.aircraft_type = ${q.aircraftType}`);
    if (q.source) parts.push(sql`r.source = ${q.source}`);
    if (q.overdue) parts.push(overdueSql(clock));
  } else {
    // A lead names no service or aircraft and carries no 24-hour promise: those filters match none.
    if (q.serviceType || q.aircraftType || q.overdue) parts.push(sql`false`);
    if (q.source === 'popup') parts.push(sql`r.source like 'popup%'`);
    else if (q.source === 'referral') parts.push(sql`r.source like 'referral%'`);
    else if (q.source) parts.push(sql`r.source = ${q.source}`);
  }
  if (q.q) {
    const pattern = `%${likeEscape(q.q)}%`;
    const phoneCol = kind === 'quotes' ? sql`r.return_phone` : sql`coalesce(r.phone, '')`;
    const digits = q.q.replace(/\D/g, '');
    // A phone typed with other punctuation than it was stored with still finds it (only when the
    // search looks like a phone number: comparing digits reads every row).
    const phoneLike = digits.length >= 4 && !/[a-z@]/i.test(q.q);
    parts.push(
      // One expression, the one the trigram index is built on (migration 0024), so it serves the search.
      phoneLike
        ? sql`((${searchText(kind)}) ilike ${pattern} or regexp_replace(${phoneCol}, '\\D', '', 'g') like ${`%${digits}%`})`
        : sql`(${searchText(kind)}) ilike ${pattern}`,
    );
  }
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** `order by` of the worked list; id breaks ties so paging never skips or repeats a row. */
export function orderOf(kind: InboxKind, sort: InboxListQuery['sort']): RawBuilder<unknown> {
  if (sort === 'oldest') return sql`r.created_at asc, r.id asc`;
  if (sort === 'newest' || kind === 'leads') return sql`r.created_at desc, r.id desc`;
  // Respond-by first: the unanswered urgent ones, then the other unanswered, each the oldest (whose
  // time runs out first) on top, then everything else newest first.
  return sql`(r.inbox_status <> 'new'), not (r.inbox_status = 'new' and r.urgent), (case when r.inbox_status = 'new' then r.created_at end) asc, (case when r.inbox_status = 'new' then r.id end) asc, r.created_at desc, r.id desc`;
}

export interface ItemRow {
  id: string;
  firstName: string;
  lastName: string | null;
  email: string;
  phone: string | null;
  aircraftMake: string | null;
  aircraftModel: string | null;
  registrationNumber: string | null;
  aircraftType: string | null;
  serviceType: string | null;
  location: string | null;
  message: string | null;
  source: string;
  inboxStatus: InboxStatus;
  lostReason: string | null;
  version: number;
  createdAt: Date;
  assignedTo: string | null;
  assignedName: string | null;
  estimatedSavings: string | null;
  urgent: boolean;
}

export function toItem(kind: InboxKind, r: ItemRow, clock: ReplyClock, now = Date.now()): InboxItem {
  const hours = r.urgent ? clock.urgentHours : clock.hours;
  const respondBy =
    kind === 'quotes' && r.inboxStatus === 'new' ? new Date(r.createdAt.getTime() + hours * 3_600_000) : null;
  return {
    id: r.id,
    kind,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    aircraft:
      r.aircraftMake === null
        ? null
        : {
            make: r.aircraftMake,
            model: r.aircraftModel ?? '',
            registrationNumber: r.registrationNumber,
            type: r.aircraftType ?? '',
          },
    serviceType: r.serviceType,
    location: r.location,
    message: r.message,
    source: kind === 'quotes' ? r.source : leadSourceOf(r.source),
    status: r.inboxStatus,
    lostReason: (r.lostReason as LostReason | null) ?? null,
    urgent: r.urgent,
    respondBy: respondBy?.toISOString() ?? null,
    overdue: respondBy !== null && respondBy.getTime() < now,
    assignedTo: r.assignedTo ? { id: r.assignedTo, name: r.assignedName ?? '' } : null,
    estimatedSavings: r.estimatedSavings === null ? null : Number(r.estimatedSavings),
    createdAt: r.createdAt.toISOString(),
    version: r.version,
  };
}
