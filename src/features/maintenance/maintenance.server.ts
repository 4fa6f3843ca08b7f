import type { Selectable } from 'kysely';
import { isUuid } from '../../contract/ids.ts';
import {
  type AirworthinessVerdict,
  ANNUAL_UNKNOWN_REASON,
  type HoursReading,
  type MaintenanceItem,
  type MaintenanceView,
  type Squawk,
  SQUAWK_PRIORITIES,
} from '../../contract/maintenance.ts';
import type { Db } from '../../server/db/client.ts';
import type { AircraftTable } from '../../server/db/tables/marketplace.ts';
import type { MaintenanceItemsTable, SquawksTable } from '../../server/db/tables/maintenance.ts';
import { badRequest, notFound } from '../../server/http/errors.ts';
import { resolveLocation, unknownLocationMessage } from '../marketplace/geo/resolve.ts';
import { dateOnly, dateOrNull, iso, isoOrNull, num, numOrNull } from '../marketplace/mappers.server.ts';
import { aircraftToday, aircraftZone } from '../marketplace/geo/airport-day.ts';
import { deferredAirworthyLines } from '../bid-lines/change-orders.server.ts';
import { averageHoursPerDay, citeOf, type Clocks, computeDue, titleOf, verdict } from './rules.ts';

export type AircraftRow = Selectable<AircraftTable>;
export type ItemRow = Selectable<MaintenanceItemsTable>;
type SquawkRow = Selectable<SquawksTable>;

const aircraftNotFound = () => notFound('Aircraft not found');

/** The owner's aircraft, locked for the rest of the transaction when `lock`; 404 for anyone else. */
export async function ownAircraft(db: Db, ownerId: string, id: string, lock = false): Promise<AircraftRow> {
  if (!isUuid(id)) throw aircraftNotFound();
  let query = db.selectFrom('aircraft').selectAll().where('id', '=', id).where('ownerId', '=', ownerId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw aircraftNotFound();
  return row;
}

export function checkAirport(text: string | null, field = 'homeAirport'): void {
  if (text && !resolveLocation(text)) {
    const message = unknownLocationMessage(text);
    throw badRequest(message, [{ path: field, message }]);
  }
}

// ---------------------------------------------------------------------------------------------
// The due list

export function toSquawk(row: SquawkRow): Squawk {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    documentId: row.documentId,
    resolutionNote: row.resolutionNote,
    resolvedAt: isoOrNull(row.resolvedAt),
    createdAt: iso(row.createdAt),
  };
}

/** An item's stored fields as numbers and dates: what the rules read and an edit starts from. */
export interface StoredItemFields {
  title: string | null;
  adNumber: string | null;
  adMethod: string | null;
  adRevision: string | null;
  lastDoneDate: string | null;
  lastDoneHours: number | null;
  intervalMonths: number | null;
  intervalHours: number | null;
  fixedDueDate: string | null;
  fixedDueHours: number | null;
  carriedHours: number;
  notes: string | null;
}

export function storedFields(row: ItemRow): StoredItemFields {
  return {
    title: row.title,
    adNumber: row.adNumber,
    adMethod: row.adMethod,
    adRevision: row.adRevision,
    lastDoneDate: dateOrNull(row.lastDoneDate),
    lastDoneHours: numOrNull(row.lastDoneHours),
    intervalMonths: row.intervalMonths,
    intervalHours: numOrNull(row.intervalHours),
    fixedDueDate: dateOrNull(row.fixedDueDate),
    fixedDueHours: numOrNull(row.fixedDueHours),
    carriedHours: num(row.carriedHours),
    notes: row.notes,
  };
}

export function toItem(row: ItemRow, clocks: Clocks): MaintenanceItem {
  const facts = { kind: row.kind, ...storedFields(row) };
  const due = computeDue(facts, clocks);
  return {
    id: row.id,
    kind: row.kind,
    title: titleOf(row.kind, row.title, row.adNumber),
    cite: citeOf(row.kind, row.adNumber, facts.intervalMonths !== null || facts.intervalHours !== null),
    adNumber: row.adNumber,
    adMethod: facts.adMethod,
    adRevision: facts.adRevision,
    lastDoneDate: facts.lastDoneDate,
    lastDoneHours: facts.lastDoneHours,
    intervalMonths: facts.intervalMonths,
    intervalHours: facts.intervalHours,
    dueDate: due.dueDate,
    dueHours: due.dueHours,
    forecastDate: due.forecastDate,
    status: due.status,
    carriedHours: facts.carriedHours,
    notes: row.notes,
  };
}

const STATUS_ORDER = { overdue: 0, due_soon: 1, ok: 2 } as const;

/** Most urgent first: overdue, due soon, ok; then by the earliest of due date and forecast. */
export function byUrgency(a: MaintenanceItem, b: MaintenanceItem): number {
  const s = STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
  if (s !== 0) return s;
  const when = (i: MaintenanceItem) =>
    [i.dueDate, i.forecastDate].filter((d): d is string => d !== null).sort()[0] ?? '9999-12-31';
  return when(a).localeCompare(when(b)) || a.title.localeCompare(b.title);
}

export async function clocksFor(
  db: Db,
  aircraft: AircraftRow,
  today: string,
): Promise<{ clocks: Clocks; readings: HoursReading[] }> {
  const rows = await db
    .selectFrom('aircraftHours')
    .select(['id', 'hours', 'readingDate'])
    .where('aircraftId', '=', aircraft.id)
    .orderBy('readingDate', 'desc')
    .orderBy('hours', 'desc')
    .execute();
  const readings = rows.map((r) => ({ id: r.id, hours: num(r.hours), date: dateOnly(r.readingDate) }));
  const currentHours = readings[0]?.hours ?? numOrNull(aircraft.totalHours);
  return {
    readings,
    clocks: {
      today,
      currentHours,
      hoursPerDay: averageHoursPerDay(readings, today),
      dueSoonDays: aircraft.dueSoonDays,
      dueSoonHours: num(aircraft.dueSoonHours),
    },
  };
}

export async function maintenanceView(
  db: Db,
  aircraft: AircraftRow,
  today = aircraftToday(aircraft),
): Promise<MaintenanceView> {
  const [{ clocks, readings }, itemRows, squawkRows] = await Promise.all([
    clocksFor(db, aircraft, today),
    db.selectFrom('maintenanceItems').selectAll().where('aircraftId', '=', aircraft.id).execute(),
    db.selectFrom('squawks').selectAll().where('aircraftId', '=', aircraft.id).orderBy('createdAt', 'desc').execute(),
  ]);
  const items = itemRows.map((r) => toItem(r, clocks)).sort(byUrgency);
  // Open ones first, most pressing first; then the resolved, newest first.
  const rank = (s: Squawk) =>
    s.status === 'open' ? SQUAWK_PRIORITIES.findIndex((p) => p.value === s.priority) : SQUAWK_PRIORITIES.length;
  const squawks = squawkRows.map(toSquawk).sort((a, b) => rank(a) - rank(b));
  // Airworthiness lines the owner deferred on a quote go through the same rule as the due items.
  const ruled = verdict(
    aircraft.usage,
    items,
    squawks,
    clocks.currentHours,
    await deferredAirworthyLines(db, aircraft.id),
  );
  const reasons = [...ruled.reasons];
  // Without its last annual the tracker cannot say the aircraft is airworthy: unknown, and it asks.
  const annualKnown = items.some((i) => i.kind === 'annual' && i.lastDoneDate !== null);
  const known: AirworthinessVerdict = reasons.length > 0 ? 'not_airworthy' : annualKnown ? 'airworthy' : 'unknown';
  if (known === 'unknown') reasons.push(ANNUAL_UNKNOWN_REASON);
  return {
    aircraftId: aircraft.id,
    tailNumber: aircraft.tailNumber,
    usage: aircraft.usage,
    airworthy: known === 'airworthy',
    verdict: known,
    reasons,
    limits: ruled.limits,
    currentHours: clocks.currentHours,
    hoursPerDay: clocks.hoursPerDay === null ? null : Math.round(clocks.hoursPerDay * 100) / 100,
    dueSoonDays: clocks.dueSoonDays,
    dueSoonHours: clocks.dueSoonHours,
    items,
    squawks,
    readings: readings.slice(0, 20),
    timeZone: aircraftZone(aircraft.homeAirport),
  };
}

export async function getMaintenance(db: Db, ownerId: string, aircraftId: string): Promise<MaintenanceView> {
  return maintenanceView(db, await ownAircraft(db, ownerId, aircraftId));
}
