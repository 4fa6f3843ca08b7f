import { sql, type SqlBool } from 'kysely';
import { isUuid } from '../../contract/ids.ts';
import { discountCodeFor, POPUP_LEAD_SOURCE } from '../../contract/popup.ts';
import {
  CLOSED_STATUSES,
  INBOX_LIMITS,
  LOST_REASONS,
  type InboxDetail,
  type InboxEvent,
  type InboxEventKind,
  type InboxKind,
  type InboxPatch,
  type InboxStatus,
  type LostReason,
} from '../../contract/inbox.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import { badRequest, conflict, notFound } from '../../server/http/errors.ts';
import { mergedInto } from './merged-requests.server.ts';
import { historyOf } from './inbox-history.server.ts';
import { leadItems, quoteItems, readReplyClock, toItem, type ItemRow } from './inbox-sql.server.ts';

export interface Actor {
  id: string;
}

/** Sentence of the 409: the caller's copy is out of date. */
export const STALE_VERSION = 'This request changed since you opened it. Reload it to see the latest, then try again.';

/** The row a change reads under its lock: its state, its version and whom a reply goes to. */
function lockedRow(trx: Tx, kind: InboxKind, id: string) {
  const columns = ['id', 'inboxStatus', 'version', 'assignedTo', 'firstName', 'mergedInto'] as const;
  return kind === 'quotes'
    ? trx.selectFrom('quotes').select(columns).select('returnEmail as email').where('id', '=', id).forUpdate()
    : trx.selectFrom('leads').select(columns).select('email').where('id', '=', id).forUpdate();
}

type LockedRow = NonNullable<Awaited<ReturnType<ReturnType<typeof lockedRow>['executeTakeFirst']>>>;

/** The row, locked for this transaction; 404 for an unknown or malformed id. */
export async function lockItem(trx: Tx, kind: InboxKind, id: string | undefined): Promise<LockedRow> {
  if (!isUuid(id)) throw notFound(kind === 'quotes' ? 'Quote request not found' : 'Lead not found');
  const row = await lockedRow(trx, kind, id).executeTakeFirst();
  if (!row) throw notFound(kind === 'quotes' ? 'Quote request not found' : 'Lead not found');
  return row;
}

export function checkVersion(row: LockedRow, ifVersion: number | undefined): void {
  if (ifVersion !== undefined && ifVersion !== row.version) throw conflict(STALE_VERSION);
}

export async function recordEvent(
  trx: Tx,
  kind: InboxKind,
  subjectId: string,
  by: Actor,
  event: { kind: InboxEventKind } & Partial<{
    fromStatus: string | null;
    toStatus: string | null;
    reopened: boolean;
    lostReason: string | null;
    text: string | null;
    subject: string | null;
    outboxId: string | null;
    templateId: string | null;
    assignedTo: string | null;
    otherId: string | null;
    filled: string[];
  }>,
): Promise<void> {
  await trx
    .insertInto('inboxEvents')
    .values({
      subjectKind: kind,
      subjectId,
      // The clock, not the transaction's start: a reply and the status move it causes keep their order.
      at: sql<Date>`clock_timestamp()`,
      byUserId: by.id,
      kind: event.kind,
      fromStatus: event.fromStatus ?? null,
      toStatus: event.toStatus ?? null,
      reopened: event.reopened ?? false,
      lostReason: event.lostReason ?? null,
      text: event.text ?? null,
      subject: event.subject ?? null,
      outboxId: event.outboxId ?? null,
      templateId: event.templateId ?? null,
      assignedTo: event.assignedTo ?? null,
      otherId: event.otherId ?? null,
      filled: event.filled ?? null,
    })
    .execute();
}

/**
 * Moves a request to `to`, recording the move: reaching quoted or won marks it quoted (a status
 * change is not an answer: only a reply marks it answered, `replyTo`), won and lost close it, and leaving won or lost
 * is a reopening, recorded as one.
 */
export async function moveStatus(
  trx: Tx,
  kind: InboxKind,
  row: LockedRow,
  to: InboxStatus,
  by: Actor,
  lost: { reason: LostReason; note: string | null } | null,
): Promise<void> {
  if (to === row.inboxStatus && to !== 'lost') return;
  const closed = CLOSED_STATUSES.includes(to);
  const quoted = to === 'quoted' || to === 'won';
  await trx
    .updateTable(kind)
    .set((eb) => ({
      inboxStatus: to,
      lostReason: to === 'lost' ? (lost?.reason ?? 'other') : null,
      lostNote: to === 'lost' ? (lost?.note ?? null) : null,
      // The first time it was quoted stays.
      quotedAt: quoted ? eb.fn.coalesce('quotedAt', sql<Date>`now()`) : eb.ref('quotedAt'),
      closedAt: closed ? sql<Date>`now()` : null,
    }))
    .where('id', '=', row.id)
    .execute();
  await recordEvent(trx, kind, row.id, by, {
    kind: 'status',
    fromStatus: row.inboxStatus,
    toStatus: to,
    reopened: CLOSED_STATUSES.includes(row.inboxStatus) && !closed,
    lostReason: to === 'lost' ? (lost?.reason ?? 'other') : null,
    text: to === 'lost' ? (lost?.note ?? null) : null,
  });
  row.inboxStatus = to;
}

export async function bumpVersion(trx: Tx, kind: InboxKind, id: string): Promise<void> {
  await trx
    .updateTable(kind)
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** A reason code from the short list, or the reason in words kept as "other" with the words as its note. */
export function lostReasonOf(reason: string | null, note: string | null): { reason: LostReason; note: string | null } {
  const code = LOST_REASONS.find((r) => r.value === reason)?.value;
  if (code) return { reason: code, note };
  const words = [reason, note].filter(Boolean).join(' - ');
  return { reason: 'other', note: words || null };
}

async function requireAdministrator(trx: Tx, id: string): Promise<void> {
  const user = await trx.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst();
  if (user?.role !== 'admin')
    throw badRequest('assignedTo must be an administrator', [{ path: 'assignedTo', message: 'Not an administrator' }]);
}

/** PATCH: status (with its reason when lost) and assignment, one transaction, 409 on a stale ifVersion. */
export async function patchItem(
  db: Db,
  kind: InboxKind,
  id: string | undefined,
  patch: InboxPatch,
  by: Actor,
): Promise<InboxDetail> {
  await db.transaction().execute(async (trx) => {
    const row = await lockItem(trx, kind, id);
    checkVersion(row, patch.ifVersion);
    let changed = false;
    if (patch.status !== undefined && (patch.status !== row.inboxStatus || patch.status === 'lost')) {
      await moveStatus(
        trx,
        kind,
        row,
        patch.status,
        by,
        patch.status === 'lost' ? lostReasonOf(patch.lostReason, patch.lostNote) : null,
      );
      changed = true;
    }
    if (patch.assignedTo !== undefined && patch.assignedTo !== row.assignedTo) {
      if (patch.assignedTo !== null) await requireAdministrator(trx, patch.assignedTo);
      await trx.updateTable(kind).set({ assignedTo: patch.assignedTo }).where('id', '=', row.id).execute();
      await recordEvent(trx, kind, row.id, by, { kind: 'assign', assignedTo: patch.assignedTo });
      changed = true;
    }
    if (changed) await bumpVersion(trx, kind, row.id);
  });
  return getItem(db, kind, id);
}

/** An internal note: never shown to the customer, never a status change. */
export async function addNote(
  db: Db,
  kind: InboxKind,
  id: string | undefined,
  text: string,
  by: Actor,
): Promise<InboxEvent> {
  await db.transaction().execute(async (trx) => {
    const row = await lockItem(trx, kind, id);
    await recordEvent(trx, kind, row.id, by, { kind: 'note', text });
  });
  const history = await historyOf(db, [id as string]);
  return history[history.length - 1]!;
}

/** Every field the visitor sent, for the detail view (names as the form's). */
async function fieldsOf(
  db: Db,
  kind: InboxKind,
  id: string,
): Promise<{ fields: InboxDetail['fields']; lostNote: string | null; mergedInto: string | null }> {
  if (kind === 'quotes') {
    const q = await db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return {
      fields: {
        firstName: q.firstName,
        lastName: q.lastName,
        returnEmail: q.returnEmail,
        returnPhone: q.returnPhone,
        aircraftMake: q.aircraftMake,
        aircraftModel: q.aircraftModel,
        registrationNumber: q.registrationNumber,
        totalHours: q.totalHours === null ? null : Number(q.totalHours),
        aircraftType: q.aircraftType,
        serviceType: q.serviceType,
        preferredTimeframe: q.preferredTimeframe,
        location: q.location,
        lastInvoiceAmount: q.lastInvoiceAmount === null ? null : Number(q.lastInvoiceAmount),
        // The promise the visitor was given: whether that invoice had parts, the savings in dollars, the popup's code.
        invoiceIncludesParts: q.invoiceIncludesParts,
        estimatedSavingsDollars: q.estimatedSavingsDollars === null ? null : Number(q.estimatedSavingsDollars),
        discountCode: q.discountCode,
        currentProvider: q.currentProvider,
        message: q.message,
        additionalNotes: q.additionalNotes,
        scheduleConsultation: q.scheduleConsultation,
        emailUpdates: q.emailUpdates,
      },
      lostNote: q.lostNote,
      mergedInto: q.mergedInto,
    };
  }
  const l = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  // The popup's code given to this lead, and the newest quote request that came back with it.
  const popup = l.source === POPUP_LEAD_SOURCE;
  const used = popup
    ? await db
        .selectFrom('quotes')
        .select(['id', 'createdAt'])
        .where('discountLeadId', '=', l.id)
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  return {
    fields: {
      firstName: l.firstName,
      email: l.email,
      phone: l.phone,
      source: l.source,
      discountCode: popup ? discountCodeFor(l.id) : null,
      codeUsedQuoteId: used?.id ?? null,
      codeUsedAt: used?.createdAt.toISOString() ?? null,
    },
    lostNote: l.lostNote,
    mergedInto: l.mergedInto,
  };
}

/** A registration as compared: letters and digits only, upper case ('n-734pp' and 'N734PP' agree). */
const registrationKey = (mark: string | null) => (mark ?? '').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
/** The same, in SQL: the expression migration 0060 indexes. */
const REGISTRATION_KEY_SQL = (col: string) => `upper(regexp_replace(coalesce(${col}, ''), '[^A-Za-z0-9]', '', 'g'))`;

/**
 * Same email, the same phone digits or (quote requests) the same aircraft registration, within 30
 * days either side, not already merged: two people asking for one airplane (an owner and a
 * partner, a pilot and a flight school) are one job more often than not.
 */
async function duplicatesOf(db: Db, kind: InboxKind, item: ItemRow): Promise<ItemRow[]> {
  const emailCol = kind === 'quotes' ? sql`r.return_email` : sql`r.email`;
  const phoneCol = kind === 'quotes' ? sql`r.return_phone` : sql`coalesce(r.phone, '')`;
  const digits = (item.phone ?? '').replace(/\D/g, '');
  const mark = kind === 'quotes' ? registrationKey(item.registrationNumber) : '';
  const days = INBOX_LIMITS.duplicateWindowDays;
  // One condition for both tables (their contact columns named apart), the phone and registration
  // compared as the indexes of migrations 0024 and 0060 hold them; the statement is each table's own.
  const alike = sql<SqlBool>`r.id <> ${item.id} and r.merged_into is null
      and r.created_at between ${item.createdAt}::timestamptz - make_interval(days => ${days})
                           and ${item.createdAt}::timestamptz + make_interval(days => ${days})
      and (lower(${emailCol}) = lower(${item.email})
           ${digits.length >= 7 ? sql`or regexp_replace(${phoneCol}, '\\D', '', 'g') = ${digits}` : sql``}
           ${mark.length >= 2 ? sql`or ${sql.raw(REGISTRATION_KEY_SQL('r.registration_number'))} = ${mark}` : sql``})`;
  return kind === 'quotes'
    ? quoteItems(db)
        .where(alike)
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .limit(INBOX_LIMITS.duplicatesShown)
        .execute()
    : leadItems(db)
        .where(alike)
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .limit(INBOX_LIMITS.duplicatesShown)
        .execute();
}

export async function getItem(db: Db, kind: InboxKind, id: string | undefined): Promise<InboxDetail> {
  if (!isUuid(id)) throw notFound(kind === 'quotes' ? 'Quote request not found' : 'Lead not found');
  const row =
    kind === 'quotes'
      ? await quoteItems(db).where('r.id', '=', id).executeTakeFirst()
      : await leadItems(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(kind === 'quotes' ? 'Quote request not found' : 'Lead not found');
  const merged = await mergedInto(db, kind, id);
  const [extra, history, duplicates, invitation, clock] = await Promise.all([
    fieldsOf(db, kind, id),
    historyOf(db, [id, ...merged.map((m) => m.id)]),
    duplicatesOf(db, kind, row),
    kind === 'quotes'
      ? db
          .selectFrom('inboxInvitations')
          .select(['createdAt', 'claimedAt', 'outboxId'])
          .where('quoteId', '=', id)
          .orderBy('createdAt', 'desc')
          .executeTakeFirst()
      : Promise.resolve(undefined),
    readReplyClock(db),
  ]);
  const now = Date.now();
  return {
    ...toItem(kind, row, clock, now),
    ...extra,
    merged,
    history,
    duplicates: duplicates.map((d) => toItem(kind, d, clock, now)),
    invitation: invitation
      ? {
          sentAt: invitation.createdAt.toISOString(),
          claimedAt: invitation.claimedAt?.toISOString() ?? null,
          messageId: invitation.outboxId,
        }
      : null,
  };
}
