import type { Selectable } from 'kysely';
import { isUuid } from '../../contract/ids.ts';
import {
  ANNUAL_UNKNOWN_REASON,
  FIXED_INTERVAL_KINDS,
  type AirworthinessVerdict,
  KIND_RULES,
  SQUAWK_PRIORITIES,
  type AircraftPatch,
  type HoursReading,
  type ItemCreate,
  type ItemKind,
  type ItemPatch,
  type MaintenanceCompletionData,
  type MaintenanceItem,
  type MaintenanceRequestData,
  type MaintenanceView,
  type RequestMaintenance,
  type Squawk,
} from '../../contract/maintenance.ts';
import { ServiceRequestSchema, type Aircraft, type ServiceRequest } from '../../contract/marketplace.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import type { AircraftTable } from '../../server/db/tables/marketplace.ts';
import type { MaintenanceItemsTable, SquawksTable } from '../../server/db/tables/maintenance.ts';
import { badRequest, conflict, notFound } from '../../server/http/errors.ts';
import { fromStates, targetOf } from '../../contract/machines.ts';
import { SQUAWK_MACHINE } from '../../contract/status-machines.ts';
import { transition } from '../../server/http/transition.ts';
import { parseWith } from '../../server/http/with-api.ts';
import { resolveLocation, unknownLocationMessage } from '../marketplace/geo/resolve.ts';
import { dateOnly, dateOrNull, iso, isoOrNull, num, numOrNull, toAircraft } from '../marketplace/mappers.server.ts';
import { createRequest, getRequest, type Viewer } from '../marketplace/requests.server.ts';
import { todayUtc } from './dates.ts';
import { formatDay } from '../../lib/format.ts';
import { assertTach, lastReadingDate } from './tach-rule.server.ts';
import { jobWorkDone } from './work-done.server.ts';
import { deferredAirworthyLines } from '../bid-lines/change-orders.server.ts';
import {
  averageHoursPerDay,
  citeOf,
  computeDue,
  hundredHourCarry,
  intervalDueDate,
  intervalDueHours,
  itemProblem,
  requestDescription,
  serviceTypeFor,
  titleOf,
  urgencyFor,
  verdict,
  type Clocks,
} from './rules.ts';

type AircraftRow = Selectable<AircraftTable>;
type ItemRow = Selectable<MaintenanceItemsTable>;
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

function checkAirport(text: string | null, field = 'homeAirport'): void {
  if (text && !resolveLocation(text)) {
    const message = unknownLocationMessage(text);
    throw badRequest(message, [{ path: field, message }]);
  }
}

// ---------------------------------------------------------------------------------------------
// Aircraft

export async function updateAircraft(db: Db, ownerId: string, id: string, patch: AircraftPatch): Promise<Aircraft> {
  checkAirport(patch.homeAirport ?? null);
  return db.transaction().execute(async (trx) => {
    await ownAircraft(trx, ownerId, id, true);
    const set: Record<string, unknown> = { updatedAt: new Date() };
    for (const key of [
      'tailNumber',
      'make',
      'model',
      'usage',
      'homeAirport',
      'year',
      'totalHours',
      'dueSoonDays',
      'dueSoonHours',
    ] as const) {
      if (patch[key] === undefined) continue;
      if ((key === 'dueSoonDays' || key === 'dueSoonHours') && patch[key] === null) continue; // '' keeps the default
      set[key] = patch[key];
    }
    if (patch.tailNumber) {
      const clash = await trx
        .selectFrom('aircraft')
        .select('id')
        .where('ownerId', '=', ownerId)
        .where('id', '<>', id)
        .where((eb) => eb(eb.fn('upper', ['tailNumber']), '=', patch.tailNumber!))
        .executeTakeFirst();
      if (clash) throw conflict(`You have already added an aircraft with tail number ${patch.tailNumber}`);
    }
    const row = await trx
      .updateTable('aircraft')
      .set(set)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAircraft(row);
  });
}

/** Deletes the aircraft with its readings, items and squawks; its past requests keep their copy of its details. */
export async function deleteAircraft(db: Db, ownerId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownAircraft(trx, ownerId, id, true);
    await trx.deleteFrom('aircraft').where('id', '=', id).execute();
  });
}

// ---------------------------------------------------------------------------------------------
// The due list

function toSquawk(row: SquawkRow): Squawk {
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

export function toItem(row: ItemRow, clocks: Clocks): MaintenanceItem {
  const facts = {
    kind: row.kind,
    lastDoneDate: dateOrNull(row.lastDoneDate),
    lastDoneHours: numOrNull(row.lastDoneHours),
    intervalMonths: row.intervalMonths,
    intervalHours: numOrNull(row.intervalHours),
    fixedDueDate: dateOrNull(row.fixedDueDate),
    fixedDueHours: numOrNull(row.fixedDueHours),
    carriedHours: num(row.carriedHours),
  };
  const due = computeDue(facts, clocks);
  return {
    id: row.id,
    kind: row.kind,
    title: titleOf(row.kind, row.title, row.adNumber),
    cite: citeOf(row.kind, row.adNumber, facts.intervalMonths !== null || facts.intervalHours !== null),
    adNumber: row.adNumber,
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
function byUrgency(a: MaintenanceItem, b: MaintenanceItem): number {
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

export async function maintenanceView(db: Db, aircraft: AircraftRow, today = todayUtc()): Promise<MaintenanceView> {
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
  };
}

export async function getMaintenance(db: Db, ownerId: string, aircraftId: string): Promise<MaintenanceView> {
  return maintenanceView(db, await ownAircraft(db, ownerId, aircraftId));
}

// ---------------------------------------------------------------------------------------------
// Items

interface StoredItemFields {
  title: string | null;
  adNumber: string | null;
  lastDoneDate: string | null;
  lastDoneHours: number | null;
  intervalMonths: number | null;
  intervalHours: number | null;
  fixedDueDate: string | null;
  fixedDueHours: number | null;
  carriedHours: number;
  notes: string | null;
}

/**
 * The rule fixes the interval of the annual (12 calendar months), 100-hour (100 hours),
 * transponder and altimeter/static checks (24 calendar months), and the ELT inspection (12): a
 * different one is refused, a missing one filled in. A fixed due date is kept only where no
 * interval gives one to these (registration, ELT battery); an AD or owner item may have both, and
 * whichever comes first is due.
 */
function normalise(kind: ItemKind, f: StoredItemFields): StoredItemFields {
  const rule = KIND_RULES[kind];
  const out = { ...f };
  if (
    FIXED_INTERVAL_KINDS.includes(kind) ||
    (kind === 'elt' && (f.intervalMonths !== null || f.fixedDueDate === null))
  ) {
    out.fixedDueDate = null;
    out.fixedDueHours = null;
    for (const [field, value, unit] of [
      ['intervalMonths', rule.intervalMonths, 'calendar months'],
      ['intervalHours', rule.intervalHours, 'hours'],
    ] as const) {
      if (f[field] !== null && f[field] !== value) {
        const every = value === null ? 'has no interval in ' + unit : `is due every ${value} ${unit}`;
        const message = `The ${titleOf(kind, null, null).toLowerCase()} ${every} (${rule.cite})`;
        throw badRequest(message, [{ path: field, message }]);
      }
      out[field] = value;
    }
  }
  if (kind !== '100_hour') out.carriedHours = 0;
  const problem = itemProblem(kind, out);
  if (problem) throw badRequest(problem);
  return out;
}

async function itemRow(db: Db, aircraftId: string, itemId: string, lock = false): Promise<ItemRow> {
  if (!isUuid(itemId)) throw notFound('Maintenance item not found');
  let query = db
    .selectFrom('maintenanceItems')
    .selectAll()
    .where('id', '=', itemId)
    .where('aircraftId', '=', aircraftId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Maintenance item not found');
  return row;
}

async function itemView(db: Db, aircraft: AircraftRow, row: ItemRow): Promise<MaintenanceItem> {
  const { clocks } = await clocksFor(db, aircraft, todayUtc());
  return toItem(row, clocks);
}

export async function addItem(db: Db, ownerId: string, aircraftId: string, data: ItemCreate): Promise<MaintenanceItem> {
  const aircraft = await ownAircraft(db, ownerId, aircraftId);
  const f = normalise(data.kind, {
    title: data.title,
    adNumber: data.adNumber,
    lastDoneDate: data.lastDoneDate,
    lastDoneHours: data.lastDoneHours,
    intervalMonths: data.intervalMonths,
    intervalHours: data.intervalHours,
    fixedDueDate: data.dueDate,
    fixedDueHours: data.dueHours,
    carriedHours: data.carriedHours ?? 0,
    notes: data.notes,
  });
  const row = await db
    .insertInto('maintenanceItems')
    .values({ aircraftId, kind: data.kind, ...f, remindedStatus: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return itemView(db, aircraft, row);
}

const FIELD_OF: Record<Exclude<keyof ItemPatch, 'kind'>, keyof StoredItemFields> = {
  title: 'title',
  adNumber: 'adNumber',
  lastDoneDate: 'lastDoneDate',
  lastDoneHours: 'lastDoneHours',
  intervalMonths: 'intervalMonths',
  intervalHours: 'intervalHours',
  dueDate: 'fixedDueDate',
  dueHours: 'fixedDueHours',
  carriedHours: 'carriedHours',
  notes: 'notes',
};

function storedFields(row: ItemRow): StoredItemFields {
  return {
    title: row.title,
    adNumber: row.adNumber,
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

export async function updateItem(
  db: Db,
  ownerId: string,
  aircraftId: string,
  itemId: string,
  patch: ItemPatch,
): Promise<MaintenanceItem> {
  return db.transaction().execute(async (trx) => {
    const aircraft = await ownAircraft(trx, ownerId, aircraftId);
    const row = await itemRow(trx, aircraftId, itemId, true);
    if (patch.kind !== undefined && patch.kind !== row.kind) {
      throw badRequest('The kind of an item cannot change: delete it and add a new one', [
        { path: 'kind', message: 'Kind cannot change' },
      ]);
    }
    const before = storedFields(row);
    const next: StoredItemFields = { ...before };
    // The item as answered, sent back: its computed next due is not a new fixed limit.
    if (
      patch.dueDate &&
      before.fixedDueDate === null &&
      patch.dueDate === intervalDueDate(row.kind, before.lastDoneDate, before.intervalMonths)
    )
      delete patch.dueDate;
    if (
      patch.dueHours != null &&
      before.fixedDueHours === null &&
      patch.dueHours ===
        intervalDueHours(before.lastDoneHours, before.intervalHours, row.kind === '100_hour' ? before.carriedHours : 0)
    )
      delete patch.dueHours;
    for (const [key, field] of Object.entries(FIELD_OF) as Array<
      [Exclude<keyof ItemPatch, 'kind'>, keyof StoredItemFields]
    >) {
      if (patch[key] !== undefined)
        (next as unknown as Record<string, unknown>)[field] = field === 'carriedHours' ? (patch[key] ?? 0) : patch[key];
    }
    // A 100-hour done again: the excess over its last due time (at most 10 hours) carries over.
    if (
      row.kind === '100_hour' &&
      patch.carriedHours === undefined &&
      next.lastDoneHours !== null &&
      next.lastDoneHours !== before.lastDoneHours
    ) {
      const previousDue = before.lastDoneHours === null ? null : before.lastDoneHours + 100 - before.carriedHours;
      next.carriedHours = hundredHourCarry(previousDue, next.lastDoneHours);
    }
    const f = normalise(row.kind, next);
    const done = next.lastDoneDate !== before.lastDoneDate || next.lastDoneHours !== before.lastDoneHours;
    const updated = await trx
      .updateTable('maintenanceItems')
      .set({ ...f, updatedAt: new Date(), ...(done ? { remindedStatus: null } : {}) })
      .where('id', '=', itemId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return itemView(trx, aircraft, updated);
  });
}

export async function deleteItem(db: Db, ownerId: string, aircraftId: string, itemId: string): Promise<void> {
  await ownAircraft(db, ownerId, aircraftId);
  await itemRow(db, aircraftId, itemId);
  await db.deleteFrom('maintenanceItems').where('id', '=', itemId).execute();
}

// ---------------------------------------------------------------------------------------------
// Hours

/**
 * A tach or Hobbs reading. Never below the last one, nor dated before it, nor in the future. The
 * aircraft is locked so two readings at once are checked one after the other.
 */
export async function logHours(
  db: Db,
  ownerId: string,
  aircraftId: string,
  hours: number,
  date: string,
  today = todayUtc(),
): Promise<HoursReading> {
  if (date > today)
    throw badRequest('Date cannot be in the future', [{ path: 'date', message: 'Date cannot be in the future' }]);
  return db.transaction().execute(async (trx) => {
    const aircraft = await ownAircraft(trx, ownerId, aircraftId, true);
    return addReading(trx, aircraft, hours, date);
  });
}

async function addReading(trx: Db, aircraft: AircraftRow, hours: number, date: string): Promise<HoursReading> {
  // The one tach rule (tach-rule.server.ts); a reading is also never dated before the last one.
  const lastDate = await lastReadingDate(trx, aircraft.id);
  await assertTach(trx, aircraft.id, hours, lastDate !== null && lastDate > date ? lastDate : date, 'hours');
  if (lastDate !== null && date < lastDate) {
    const message = `Date cannot be before the last reading (${lastDate})`;
    throw badRequest(message, [{ path: 'date', message }]);
  }
  const row = await trx
    .insertInto('aircraftHours')
    .values({ aircraftId: aircraft.id, hours, readingDate: date })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('aircraft')
    .set({ totalHours: hours, updatedAt: new Date() })
    .where('id', '=', aircraft.id)
    .execute();
  return { id: row.id, hours: num(row.hours), date: dateOnly(row.readingDate) };
}

// ---------------------------------------------------------------------------------------------
// Squawks

async function checkDocument(db: Db, ownerId: string, documentId: string | null | undefined): Promise<void> {
  if (!documentId) return;
  const doc = await db
    .selectFrom('documents')
    .select('id')
    .where('id', '=', documentId)
    .where('ownerId', '=', ownerId)
    .executeTakeFirst();
  if (!doc)
    throw badRequest('Photo must be one of your documents', [
      { path: 'documentId', message: 'Photo must be one of your documents' },
    ]);
}

export async function addSquawk(
  db: Db,
  ownerId: string,
  aircraftId: string,
  data: { title: string; description: string | null; priority: Squawk['priority']; documentId: string | null },
): Promise<Squawk> {
  await ownAircraft(db, ownerId, aircraftId);
  await checkDocument(db, ownerId, data.documentId);
  const row = await db
    .insertInto('squawks')
    .values({ aircraftId, ...data, resolutionNote: null, resolvedAt: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSquawk(row);
}

export async function updateSquawk(
  db: Db,
  ownerId: string,
  aircraftId: string,
  squawkId: string,
  patch: {
    title?: string | undefined;
    description?: string | null | undefined;
    priority?: Squawk['priority'] | undefined;
    documentId?: string | null | undefined;
    status?: Squawk['status'] | undefined;
    resolutionNote?: string | null | undefined;
  },
): Promise<Squawk> {
  await ownAircraft(db, ownerId, aircraftId);
  if (!isUuid(squawkId)) throw notFound('Squawk not found');
  await checkDocument(db, ownerId, patch.documentId);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('squawks')
      .selectAll()
      .where('id', '=', squawkId)
      .where('aircraftId', '=', aircraftId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Squawk not found');
    const now = new Date();
    const set: Record<string, unknown> = { updatedAt: now };
    for (const key of ['title', 'description', 'priority', 'documentId'] as const)
      if (patch[key] !== undefined) set[key] = patch[key];
    if (patch.status === 'resolved') {
      // A second resolution (a stale tab) never overwrites the first one silently: the refusal says
      // when and how it was resolved.
      const when = row.resolvedAt ? ` on ${formatDay(row.resolvedAt.toISOString().slice(0, 10))}` : '';
      const status = transition(
        SQUAWK_MACHINE,
        row.status,
        'resolve',
        () =>
          `This squawk was already resolved${when}${row.resolutionNote ? `: "${row.resolutionNote}"` : ''}. Reopen it first to resolve it again.`,
      );
      Object.assign(set, { status, resolvedAt: now, resolutionNote: patch.resolutionNote });
    } else if (patch.status === 'open')
      Object.assign(set, {
        status: transition(SQUAWK_MACHINE, row.status, 'reopen'),
        resolvedAt: null,
        resolutionNote: null,
      });
    else if (patch.resolutionNote !== undefined && row.status === 'resolved') set.resolutionNote = patch.resolutionNote;
    const updated = await trx
      .updateTable('squawks')
      .set(set)
      .where('id', '=', squawkId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSquawk(updated);
  });
}

// ---------------------------------------------------------------------------------------------
// A service request from chosen items and squawks

/**
 * Builds the request a pilot would type into "Request Aircraft Service" (service type from the
 * items, a description listing each with its cite, the aircraft's fields, its home airport), runs
 * it through the same schema and the same creation path as POST /api/enhanced/quotes (so matching
 * and notifications happen as for any request) and links the items and squawks to it.
 */
export async function requestService(
  db: Db,
  customer: UserRow,
  aircraftId: string,
  data: MaintenanceRequestData,
): Promise<ServiceRequest> {
  const aircraft = await ownAircraft(db, customer.id, aircraftId);
  const view = await maintenanceView(db, aircraft);
  const items = data.itemIds.map((id, i) => {
    const item = view.items.find((x) => x.id === id);
    if (!item)
      throw badRequest('Maintenance item not found on this aircraft', [
        { path: `itemIds.${i}`, message: 'Maintenance item not found on this aircraft' },
      ]);
    return item;
  });
  const squawks = data.squawkIds.map((id, i) => {
    const squawk = view.squawks.find((x) => x.id === id);
    if (!squawk)
      throw badRequest('Squawk not found on this aircraft', [
        { path: `squawkIds.${i}`, message: 'Squawk not found on this aircraft' },
      ]);
    if (squawk.status !== 'open')
      throw badRequest(`Squawk "${squawk.title}" is already resolved`, [
        { path: `squawkIds.${i}`, message: 'Squawk is already resolved' },
      ]);
    return squawk;
  });
  if (!aircraft.homeAirport) {
    throw badRequest(`Set the home airport of ${aircraft.tailNumber} first: the request goes to mechanics near it`, [
      { path: 'homeAirport', message: 'Home airport is required to request service' },
    ]);
  }
  const request = parseWith(ServiceRequestSchema, {
    aircraftId: aircraft.id,
    aircraftMake: aircraft.make,
    aircraftModel: aircraft.model,
    aircraftYear: aircraft.year,
    aircraftTailNumber: aircraft.tailNumber,
    aircraftTotalHours: view.currentHours,
    aircraftLocation: aircraft.homeAirport,
    serviceType: serviceTypeFor(items, squawks),
    serviceDescription: requestDescription(aircraft.tailNumber, items, squawks, data.note),
    urgencyLevel: data.urgencyLevel ?? urgencyFor(items, squawks),
    preferredStartDate: data.preferredStartDate,
    serviceLocation: aircraft.homeAirport,
    customerWillTravel: false,
    estimatedBudget: data.estimatedBudget,
  });
  return createRequest(db, customer, request, async (trx, requestId) => {
    const links = [
      ...items.map((i) => ({ serviceRequestId: requestId, itemId: i.id, squawkId: null })),
      ...squawks.map((s) => ({ serviceRequestId: requestId, itemId: null, squawkId: s.id })),
    ];
    await trx
      .insertInto('maintenanceRequestLinks')
      .values(links.map((l) => ({ ...l, completedAt: null })))
      .execute();
  });
}

// ---------------------------------------------------------------------------------------------
// The due list on a request, and completion by the mechanic

async function links(db: Db, requestId: string) {
  return db
    .selectFrom('maintenanceRequestLinks')
    .select(['itemId', 'squawkId', 'completedAt'])
    .where('serviceRequestId', '=', requestId)
    .execute();
}

/** The due list of the aircraft a request came from, for whoever may see the request (owner, matched mechanic, admin). */
export async function requestMaintenance(db: Db, viewer: Viewer, requestId: string): Promise<RequestMaintenance> {
  const request = await getRequest(db, viewer, requestId);
  if (!request.aircraftId) throw notFound('This request is not linked to one of the owner’s aircraft');
  const aircraft = await db.selectFrom('aircraft').selectAll().where('id', '=', request.aircraftId).executeTakeFirst();
  if (!aircraft) throw notFound('This request is not linked to one of the owner’s aircraft');
  const [view, rows] = await Promise.all([maintenanceView(db, aircraft), links(db, requestId)]);
  const ids = (key: 'itemId' | 'squawkId', done: boolean) =>
    rows.filter((r) => r[key] !== null && (!done || r.completedAt !== null)).map((r) => r[key]!);
  return {
    ...view,
    serviceRequestId: requestId,
    linkedItemIds: ids('itemId', false),
    linkedSquawkIds: ids('squawkId', false),
    completedItemIds: ids('itemId', true),
    completedSquawkIds: ids('squawkId', true),
  };
}

/**
 * The assigned mechanic records which linked items were done (date, tach) and which squawks were
 * fixed, once work has started or is completed: items take the new last-done date and hours and
 * recompute (a 100-hour carries its excess), squawks close with a note, and the reading is logged.
 */
export async function completeMaintenance(
  db: Db,
  mechanic: UserRow,
  requestId: string,
  data: MaintenanceCompletionData,
): Promise<RequestMaintenance> {
  if (!isUuid(requestId)) throw notFound('Service request not found');
  if (data.itemIds.length + data.squawkIds.length === 0)
    throw badRequest('Choose at least one item or squawk that was done');
  if (data.date > todayUtc())
    throw badRequest('Date done cannot be in the future', [
      { path: 'date', message: 'Date done cannot be in the future' },
    ]);
  // Inside a caller's transaction (signing a record) it joins it, so both commit or neither does.
  const inTransaction = <T>(fn: (trx: Db) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  await inTransaction(async (trx) => {
    const appointment = await trx
      .selectFrom('appointments')
      .select(['mechanicId', 'status', 'bidId'])
      .where('serviceRequestId', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!appointment || appointment.mechanicId !== mechanic.id) throw notFound('Service request not found');
    if (appointment.status !== 'in_progress' && appointment.status !== 'completed')
      throw conflict('Items can be marked done once work on the job has started');
    const request = await trx
      .selectFrom('serviceRequests')
      .select(['aircraftId', 'aircraftTailNumber'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    if (!request.aircraftId) throw notFound('This request is not linked to one of the owner’s aircraft');
    const aircraft = await trx
      .selectFrom('aircraft')
      .selectAll()
      .where('id', '=', request.aircraftId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const linked = await links(trx, requestId);
    for (const id of data.itemIds)
      if (!linked.some((l) => l.itemId === id))
        throw badRequest('Only the items this request was made for can be marked done');
    for (const id of data.squawkIds)
      if (!linked.some((l) => l.squawkId === id))
        throw badRequest('Only the squawks this request was made for can be resolved');
    // Work the owner deferred or declined was not done by this job (docs/decisions/0160).
    const { leftOpen } = await jobWorkDone(trx, { bidId: appointment.bidId, serviceRequestId: requestId });
    for (const id of [...data.itemIds, ...data.squawkIds]) {
      const open = leftOpen.find((o) => o.id === id);
      if (open) {
        throw conflict(
          `The owner ${open.decision === 'defer' ? 'deferred' : 'declined'} "${open.title}"${open.decidedOn ? ` on ${formatDay(open.decidedOn)}` : ''}: it was not part of the approved work`,
        );
      }
    }
    await assertTach(trx, aircraft.id, data.hours, data.date, 'hours');
    const now = new Date();
    if (data.hours !== null) {
      const { clocks } = await clocksFor(trx, aircraft, todayUtc());
      if (clocks.currentHours === null || data.hours > clocks.currentHours)
        await addReading(trx, aircraft, data.hours, data.date);
    }
    for (const id of data.itemIds) {
      const row = await itemRow(trx, aircraft.id, id, true);
      const before = storedFields(row);
      const next = { ...before, lastDoneDate: data.date, lastDoneHours: data.hours ?? before.lastDoneHours };
      if (row.kind === '100_hour' && data.hours !== null) {
        const previousDue = before.lastDoneHours === null ? null : before.lastDoneHours + 100 - before.carriedHours;
        next.carriedHours = hundredHourCarry(previousDue, data.hours);
      }
      if (next.intervalHours !== null && next.lastDoneHours === null)
        throw badRequest('Tach at completion is required for an item due by hours', [
          { path: 'hours', message: 'Tach at completion is required' },
        ]);
      await trx
        .updateTable('maintenanceItems')
        .set({ ...normalise(row.kind, next), remindedStatus: null, updatedAt: now })
        .where('id', '=', id)
        .execute();
    }
    if (data.squawkIds.length > 0) {
      await trx
        .updateTable('squawks')
        .set({
          status: targetOf(SQUAWK_MACHINE, 'resolve'),
          resolvedAt: now,
          resolutionNote: data.note ?? `Resolved by ${mechanic.firstName} ${mechanic.lastName} on ${data.date}`,
          updatedAt: now,
        })
        .where('id', 'in', data.squawkIds)
        .where('status', 'in', fromStates(SQUAWK_MACHINE, 'resolve'))
        .execute();
    }
    await trx
      .updateTable('maintenanceRequestLinks')
      .set({ completedAt: now })
      .where('serviceRequestId', '=', requestId)
      .where((eb) =>
        eb.or([
          ...(data.itemIds.length ? [eb('itemId', 'in', data.itemIds)] : []),
          ...(data.squawkIds.length ? [eb('squawkId', 'in', data.squawkIds)] : []),
        ]),
      )
      .execute();
  });
  return requestMaintenance(db, { kind: 'mechanic', userId: mechanic.id }, requestId);
}
