import { isUuid } from '../../contract/ids.ts';
import {
  FIXED_INTERVAL_KINDS,
  type ItemCreate,
  type ItemKind,
  type ItemPatch,
  KIND_RULES,
  type MaintenanceItem,
} from '../../contract/maintenance.ts';
import type { Db } from '../../server/db/client.ts';
import { badRequest, notFound } from '../../server/http/errors.ts';
import { aircraftToday } from '../marketplace/geo/airport-day.ts';
import { hundredHourCarry, intervalDueDate, intervalDueHours, itemProblem, titleOf } from './rules.ts';
import {
  type AircraftRow,
  clocksFor,
  type ItemRow,
  ownAircraft,
  storedFields,
  type StoredItemFields,
  toItem,
} from './maintenance.server.ts';

// ---------------------------------------------------------------------------------------------
// Items

/**
 * The rule fixes the interval of the annual (12 calendar months), 100-hour (100 hours),
 * transponder and altimeter/static checks (24 calendar months), and the ELT inspection (12): a
 * different one is refused, a missing one filled in. A fixed due date is kept only where no
 * interval gives one to these (registration, ELT battery); an AD or owner item may have both, and
 * whichever comes first is due.
 */
export function normalise(kind: ItemKind, f: StoredItemFields): StoredItemFields {
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
  // Method of compliance and revision are an AD's facts (91.417(a)(2)(v)), kept on no other kind.
  if (kind !== 'ad') {
    out.adMethod = null;
    out.adRevision = null;
  }
  const problem = itemProblem(kind, out);
  if (problem) throw badRequest(problem);
  return out;
}

export async function itemRow(db: Db, aircraftId: string, itemId: string, lock = false): Promise<ItemRow> {
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
  const { clocks } = await clocksFor(db, aircraft, aircraftToday(aircraft));
  return toItem(row, clocks);
}

export async function addItem(db: Db, ownerId: string, aircraftId: string, data: ItemCreate): Promise<MaintenanceItem> {
  const aircraft = await ownAircraft(db, ownerId, aircraftId);
  const f = normalise(data.kind, {
    title: data.title,
    adNumber: data.adNumber,
    adMethod: data.adMethod,
    adRevision: data.adRevision,
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
  adMethod: 'adMethod',
  adRevision: 'adRevision',
  lastDoneDate: 'lastDoneDate',
  lastDoneHours: 'lastDoneHours',
  intervalMonths: 'intervalMonths',
  intervalHours: 'intervalHours',
  dueDate: 'fixedDueDate',
  dueHours: 'fixedDueHours',
  carriedHours: 'carriedHours',
  notes: 'notes',
};

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
