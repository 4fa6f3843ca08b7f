import { sql } from 'kysely';
import { businessDay } from '../../contract/business-hours.ts';
import { INBOX_LIMITS, type InboxKind } from '../../contract/inbox.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import { badRequest, conflict } from '../../server/http/errors.ts';
import { bumpVersion, checkVersion, lockItem, recordEvent, type Actor } from './inbox-item.server.ts';
import { tableOf } from './inbox-sql.server.ts';

/**
 * Merging a duplicate keeps everything of both (docs/decisions/0401): the duplicate stays a row
 * pointing at the survivor, its words, replies and notes show on the survivor, and the survivor's
 * empty details are filled from it. The merge event names the columns it filled, so an undo (within
 * INBOX_LIMITS.mergeUndoDays) empties exactly those that still hold the duplicate's value.
 */

/** The survivor's columns a merge may fill from the duplicate: only where the survivor has none. */
const FILLABLE: Record<InboxKind, readonly string[]> = {
  quotes: [
    'registration_number',
    'total_hours',
    'location',
    'last_invoice_amount',
    'invoice_includes_parts',
    'estimated_savings',
    'estimated_savings_dollars',
    'current_provider',
    'additional_notes',
    'discount_code',
    'discount_lead_id',
  ],
  leads: ['phone'],
};

/** Locks both requests in id order (two opposite merges cannot deadlock); answers [survivor, duplicate]. */
async function lockPair(trx: Tx, kind: InboxKind, id: string | undefined, duplicateId: string) {
  if (id === duplicateId) throw badRequest('A request cannot be merged into itself');
  const [first, second] = [id ?? '', duplicateId].sort();
  const a = await lockItem(trx, kind, first);
  const b = await lockItem(trx, kind, second);
  return a.id === id ? ([a, b] as const) : ([b, a] as const);
}

export async function mergeItems(
  db: Db,
  kind: InboxKind,
  id: string | undefined,
  duplicateId: string,
  by: Actor,
  ifVersion?: number,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const [keep, dup] = await lockPair(trx, kind, id, duplicateId);
    checkVersion(keep, ifVersion);
    if (keep.mergedInto || dup.mergedInto) throw conflict('One of these requests was already merged');
    const table = tableOf(kind);
    // The survivor shows the requests merged into it, not theirs in turn: those are undone first.
    const mergedIntoDup =
      kind === 'quotes'
        ? await trx.selectFrom('quotes').select('id').where('mergedInto', '=', dup.id).limit(1).executeTakeFirst()
        : await trx.selectFrom('leads').select('id').where('mergedInto', '=', dup.id).limit(1).executeTakeFirst();
    if (mergedIntoDup)
      throw conflict('Other requests were merged into this duplicate: open it and undo those merges first');
    const columns = FILLABLE[kind];
    // Aliased by position: the result's keys are camel-cased by the client, the columns are not.
    // Raw SQL: the columns compared are a list chosen per table at run time, which the query
    // builder cannot type; each result is a boolean by its expression.
    const { rows } = await sql<Record<string, boolean>>`
      select ${sql.join(columns.map((c, i) => sql`(k.${sql.ref(c)} is null and d.${sql.ref(c)} is not null) as ${sql.ref(`f${i}`)}`))}
      from ${table} k, ${table} d where k.id = ${keep.id} and d.id = ${dup.id}`.execute(trx);
    const filled = columns.filter((_c, i) => rows[0]?.[`f${i}`]);
    if (filled.length)
      await sql`
        update ${table} k set ${sql.join(filled.map((c) => sql`${sql.ref(c)} = d.${sql.ref(c)}`))}
        from ${table} d where k.id = ${keep.id} and d.id = ${dup.id}`.execute(trx);
    await trx
      .updateTable(kind)
      .set((eb) => ({ mergedInto: keep.id, version: eb('version', '+', 1) }))
      .where('id', '=', dup.id)
      .execute();
    await recordEvent(trx, kind, keep.id, by, {
      kind: 'merge',
      otherId: dup.id,
      text: `Merged the request from ${dup.email} into this one`,
      filled,
    });
    await recordEvent(trx, kind, dup.id, by, {
      kind: 'merge',
      otherId: keep.id,
      text: `Merged into the request from ${keep.email}`,
    });
    await bumpVersion(trx, kind, keep.id);
    return keep.id;
  });
}

/** Undoes a merge made within INBOX_LIMITS.mergeUndoDays: the duplicate is a request of its own again. */
export async function unmergeItems(
  db: Db,
  kind: InboxKind,
  id: string | undefined,
  duplicateId: string,
  by: Actor,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const [keep, dup] = await lockPair(trx, kind, id, duplicateId);
    if (dup.mergedInto !== keep.id) throw conflict('That request is not merged into this one');
    const merge = await trx
      .selectFrom('inboxEvents')
      .select(['at', 'filled'])
      .where('subjectId', '=', keep.id)
      .where('kind', '=', 'merge')
      .where('otherId', '=', dup.id)
      .orderBy('at', 'desc')
      .executeTakeFirst();
    const days = INBOX_LIMITS.mergeUndoDays;
    if (merge && merge.at.getTime() < Date.now() - days * 86_400_000)
      throw conflict(`A merge can be undone for ${days} days; this one was made on ${businessDay(merge.at)}`);
    const table = tableOf(kind);
    // A detail the merge filled goes back only while it still holds the duplicate's value: an edit since is kept.
    const filled = (merge?.filled ?? []).filter((c) => FILLABLE[kind].includes(c));
    if (filled.length)
      await sql`
        update ${table} k set ${sql.join(
          filled.map(
            (c) =>
              sql`${sql.ref(c)} = case when k.${sql.ref(c)} is not distinct from d.${sql.ref(c)} then null else k.${sql.ref(c)} end`,
          ),
        )}
        from ${table} d where k.id = ${keep.id} and d.id = ${dup.id}`.execute(trx);
    await trx
      .updateTable(kind)
      .set((eb) => ({ mergedInto: null, version: eb('version', '+', 1) }))
      .where('id', '=', dup.id)
      .execute();
    await recordEvent(trx, kind, keep.id, by, {
      kind: 'unmerge',
      otherId: dup.id,
      text: `Undid the merge of the request from ${dup.email}: it is a request of its own again`,
    });
    await recordEvent(trx, kind, dup.id, by, {
      kind: 'unmerge',
      otherId: keep.id,
      text: `Taken back out of the request from ${keep.email}`,
    });
    await bumpVersion(trx, kind, keep.id);
    return keep.id;
  });
}
