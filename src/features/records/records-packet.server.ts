import { sql } from 'kysely';
import { type MaintenanceItem, verdictLabel } from '../../contract/maintenance.ts';
import {
  discrepancyLine,
  PACKET_INSPECTION_KINDS,
  type DiscrepancyList,
  type PacketEntry,
  type RecordsPacket,
} from '../../contract/records-packet.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { afterKey, cut, keyOf, type KeyColumn, type PageRequest, type Paged } from '../../server/http/paging.ts';
import { aircraftToday, aircraftZone } from '../marketplace/geo/airport-day.ts';
import { dateOnly, isoOrNull } from '../marketplace/mappers.server.ts';
import { maintenanceView, ownAircraft, type AircraftRow } from '../maintenance/maintenance.server.ts';
import type { RecordRow } from './entry-text.server.ts';
import { shopLine } from './record-pdf.server.ts';
import { ownerEntry } from './record-view.server.ts';
import { shopsOf } from './shops.server.ts';

/**
 * The records packet of one aircraft for its owner (docs/decisions/0398-records-packet.md): the
 * due list's computation for the ADs, inspections and other items, and the signed entries read
 * from the logbook's own rows, oldest first, so the packet says what the due list and the
 * logbook say.
 */

/**
 * The entries' order, oldest first: the entry's date, then its total time (two entries of one
 * day in the order the tach ran), then when it was signed, then id. An entry without a total time
 * sorts first in its day (-1), so the key never holds a null the cursor could not compare.
 */
export const PACKET_ENTRY_KEYS: KeyColumn[] = [
  { ref: 'completed_on', type: 'date' },
  { ref: 'tach_key', type: 'numeric' },
  { ref: 'signed_at', type: 'timestamptz' },
  { ref: 'id', type: 'uuid' },
];

/** The owner's aircraft; 404 for anyone else's or no such aircraft, as its due list and logbook. */
export const packetAircraft = (db: Db, owner: UserRow, aircraftId: string | undefined): Promise<AircraftRow> =>
  ownAircraft(db, owner.id, aircraftId ?? '');

type EntryRow = RecordRow & { pageKey: string };

/** One page of the aircraft's signed (and superseded) entries in the packet's order. */
async function entryRows(db: Db, aircraftId: string, page: PageRequest): Promise<Paged<EntryRow>> {
  let query = db
    .selectFrom((eb) =>
      eb
        .selectFrom('maintenanceRecords')
        .selectAll()
        .select(sql<string>`coalesce(total_time_hours, -1)`.as('tachKey'))
        .where('aircraftId', '=', aircraftId)
        .where('status', 'in', ['signed', 'superseded'])
        .as('r'),
    )
    .selectAll()
    .select(keyOf(PACKET_ENTRY_KEYS).as('pageKey'));
  if (page.after) query = query.where(afterKey(PACKET_ENTRY_KEYS, page.after, 'asc'));
  const rows = await query
    .orderBy('completedOn', 'asc')
    .orderBy('tachKey', 'asc')
    .orderBy('signedAt', 'asc')
    .orderBy('id', 'asc')
    .limit(page.limit + 1)
    .execute();
  return cut(rows as EntryRow[], page.limit);
}

/**
 * A page of entries as the packet gives them: the logbook's entry for its owner, with the date of
 * the entry it corrects and of the correction that replaced it (either may sit on another page,
 * so they are asked for by id).
 */
export async function packetEntries(
  db: Db,
  owner: UserRow,
  aircraft: AircraftRow,
  page: PageRequest,
): Promise<Paged<PacketEntry>> {
  const { rows, nextCursor } = await entryRows(db, aircraft.id, page);
  const ids = rows.map((r) => r.id);
  const corrected = rows.map((r) => r.supersedesId).filter((id): id is string => id !== null);
  const related =
    ids.length === 0
      ? []
      : await db
          .selectFrom('maintenanceRecords')
          .select(['id', 'supersedesId', 'completedOn'])
          .where('status', 'in', ['signed', 'superseded'])
          .where((eb) =>
            eb.or([eb('supersedesId', 'in', ids), ...(corrected.length ? [eb('id', 'in', corrected)] : [])]),
          )
          .execute();
  const timeZone = aircraftZone(aircraft.homeAirport);
  const shops = await shopsOf(
    db,
    rows.map((r) => r.mechanicId),
  );
  const entries = rows.map((r): PacketEntry => {
    const replacement = related.find((c) => c.supersedesId === r.id) ?? null;
    const original = r.supersedesId ? (related.find((c) => c.id === r.supersedesId) ?? null) : null;
    const {
      canEdit: _e,
      canSign: _s,
      canCorrect: _c,
      signBlockedReason: _b,
      ...entry
    } = ownerEntry(owner, r, replacement?.id ?? null, timeZone);
    return {
      ...entry,
      correctsEntryOn: original ? dateOnly(original.completedOn) : null,
      correctedByEntryOn: replacement ? dateOnly(replacement.completedOn) : null,
      shop: shopLine(shops.get(r.mechanicId), r),
    };
  });
  return { rows: entries, nextCursor };
}

/**
 * The open discrepancy lists: the not-done lines of the latest current inspection entry. An annual
 * and a 100-hour both inspect the whole aircraft (part 43, appendix D), so a later inspection
 * closes the lists of the ones before it: it lists again whatever is still not done.
 */
async function openDiscrepancyLists(db: Db, aircraftId: string): Promise<DiscrepancyList[]> {
  const latest = await db
    .selectFrom('maintenanceRecords')
    .selectAll()
    .where('aircraftId', '=', aircraftId)
    .where('status', '=', 'signed')
    .where('inspection', 'is not', null)
    .orderBy('completedOn', 'desc')
    .orderBy(sql`coalesce(total_time_hours, -1)`, 'desc')
    .orderBy('signedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest?.inspection || latest.discrepancies.length === 0) return [];
  return [
    {
      entryId: latest.id,
      inspection: latest.inspection,
      completedOn: dateOnly(latest.completedOn),
      airworthy: latest.airworthy,
      signerName: latest.signerName,
      certificateKind: latest.certificateKind,
      certificateNumber: latest.certificateNumber,
      signedAt: isoOrNull(latest.signedAt),
      lines: latest.discrepancies.map(discrepancyLine),
    },
  ];
}

/** Everything of the packet but its entries: the due list's status and the open discrepancy lists. */
export async function packetStatus(
  db: Db,
  aircraft: AircraftRow,
): Promise<Omit<RecordsPacket, 'entries' | 'nextCursor'>> {
  const today = aircraftToday(aircraft);
  const [view, discrepancyLists] = await Promise.all([
    maintenanceView(db, aircraft, today),
    openDiscrepancyLists(db, aircraft.id),
  ]);
  const kindIs = (kinds: readonly string[]) => (i: MaintenanceItem) => kinds.includes(i.kind);
  const inspectionOrder = (i: MaintenanceItem) => PACKET_INSPECTION_KINDS.indexOf(i.kind);
  return {
    aircraft: {
      id: aircraft.id,
      tailNumber: aircraft.tailNumber,
      make: aircraft.make,
      model: aircraft.model,
      year: aircraft.year,
      usage: aircraft.usage,
      homeAirport: aircraft.homeAirport,
      timeZone: view.timeZone,
    },
    preparedOn: today,
    totalTimeHours: view.currentHours,
    totalTimeOn: view.readings[0]?.date ?? null,
    verdict: view.verdict,
    verdictLabel: verdictLabel(view.verdict, view.limits),
    reasons: view.reasons,
    limits: view.limits,
    ads: view.items.filter(kindIs(['ad'])),
    // The due list's urgency order within each kind, the kinds in the packet's order.
    inspections: view.items
      .filter(kindIs(PACKET_INSPECTION_KINDS))
      .map((item, i) => ({ item, i }))
      .sort((a, b) => inspectionOrder(a.item) - inspectionOrder(b.item) || a.i - b.i)
      .map(({ item }) => item),
    otherItems: view.items.filter((i) => i.kind !== 'ad' && !PACKET_INSPECTION_KINDS.includes(i.kind)),
    discrepancyLists,
  };
}
