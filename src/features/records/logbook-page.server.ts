import { sql } from 'kysely';
import type { MaintenanceRecord } from '../../contract/records.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { notFound } from '../../server/http/errors.ts';
import { afterKey, cut, keyOf, type KeyColumn, type PageRequest, type Paged } from '../../server/http/paging.ts';
import { isUuid } from '../../contract/ids.ts';
import { ownerEntry } from './record-view.server.ts';
import type { RecordRow } from './entry-text.server.ts';
import { aircraftZone } from '../marketplace/geo/airport-day.ts';

/**
 * The logbook pages like the other lists (docs/decisions/0201-cursor-paging.md): newest work
 * first, then in tach order (highest total time first: the order the work was done in, whichever
 * entry was signed or corrected last; an entry without one last), then newest signature, then id,
 * an index range of the aircraft's signed entries (migration 0048). The PDF still prints the whole
 * logbook.
 */
export const LOGBOOK_KEYS: KeyColumn[] = [
  { ref: 'completed_on', type: 'date' },
  { ref: 'tach_key', type: 'numeric' },
  { ref: 'signed_at', type: 'timestamptz' },
  { ref: 'id', type: 'uuid' },
];

/**
 * One page of an aircraft's signed entries for its owner; `q` keeps the entries whose signed text
 * holds every word (any case), as the Logbook's search box asks, searched by the database so a
 * match on a later page is found.
 */
export async function logbookPage(
  db: Db,
  owner: UserRow,
  aircraftId: string | undefined,
  page: PageRequest,
  q: string,
): Promise<Paged<MaintenanceRecord>> {
  if (!isUuid(aircraftId)) throw notFound('Aircraft not found');
  const aircraft = await db
    .selectFrom('aircraft')
    .select(['id', 'homeAirport'])
    .where('id', '=', aircraftId)
    .where('ownerId', '=', owner.id)
    .executeTakeFirst();
  if (!aircraft) throw notFound('Aircraft not found');
  let entries = db
    .selectFrom('maintenanceRecords')
    .selectAll()
    .select(sql<string>`coalesce(total_time_hours, -1)`.as('tachKey'))
    .where('aircraftId', '=', aircraftId)
    .where('status', 'in', ['signed', 'superseded']);
  for (const word of q.toLowerCase().split(/\s+/).filter(Boolean)) {
    entries = entries.where(sql<boolean>`strpos(lower(coalesce(entry_text, description)), ${word}) > 0`);
  }
  let query = db.selectFrom(entries.as('r')).selectAll().select(keyOf(LOGBOOK_KEYS).as('pageKey'));
  if (page.after) query = query.where(afterKey(LOGBOOK_KEYS, page.after, 'desc'));
  const rows = await query
    .orderBy('completedOn', 'desc')
    .orderBy('tachKey', 'desc')
    .orderBy('signedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const { rows: shown, nextCursor } = cut(rows, page.limit);
  // The correction that replaced an entry may sit on another page: asked for by id.
  const ids = shown.map((r) => r.id);
  const corrections =
    ids.length === 0
      ? []
      : await db
          .selectFrom('maintenanceRecords')
          .select(['id', 'supersedesId'])
          .where('supersedesId', 'in', ids)
          .where('status', 'in', ['signed', 'superseded'])
          .execute();
  const timeZone = aircraftZone(aircraft.homeAirport);
  const replacedBy = (id: string) => corrections.find((c) => c.supersedesId === id)?.id ?? null;
  return { rows: shown.map((r) => ownerEntry(owner, r, replacedBy(r.id), timeZone)), nextCursor };
}

/** The owner's logbook of one aircraft: every signed (and superseded) entry, newest first, in tach order within a day. */
export async function logbookRows(db: Db, owner: UserRow, aircraftId: string | undefined): Promise<RecordRow[]> {
  if (!isUuid(aircraftId)) throw notFound('Aircraft not found');
  const aircraft = await db
    .selectFrom('aircraft')
    .select('id')
    .where('id', '=', aircraftId)
    .where('ownerId', '=', owner.id)
    .executeTakeFirst();
  if (!aircraft) throw notFound('Aircraft not found');
  return db
    .selectFrom('maintenanceRecords')
    .selectAll()
    .where('aircraftId', '=', aircraftId)
    .where('status', 'in', ['signed', 'superseded'])
    .orderBy('completedOn', 'desc')
    .orderBy(sql`coalesce(total_time_hours, -1)`, 'desc')
    .orderBy('signedAt', 'desc')
    .execute();
}
