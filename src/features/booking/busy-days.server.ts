import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../server/db/client.ts';
import { daysOf } from '../marketplace/booking-terms.server.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { addDays } from './calendar.ts';

/**
 * What keeps a mechanic's days (docs/decisions/0240): live holds, bookings whose appointment is
 * not cancelled or done, and appointments accepted through bids (from their scheduled day to the
 * quote's estimated completion). Written once as SQL, read by a hold under its lock (`busyDays`)
 * and by offers inside the statement that finds the page's mechanics (docs/decisions/0290).
 */

/** Appointment statuses that keep a mechanic's days. */
export const LIVE_APPOINTMENTS = ['scheduled', 'confirmed', 'in_progress'] as const;

/** A hold's date[]: an array from pg (of strings inside json), the '{...}' text from a driver that does not parse it. */
type HeldDays = string | ReadonlyArray<string | Date>;

/** One thing that keeps days: a hold's days, or a bid job's first and last day. */
export interface BusyRow {
  mechanicId: string;
  days: HeldDays | null;
  firstDay: Date | string | null;
  lastDay: Date | string | null;
}

const live = sql.join(LIVE_APPOINTMENTS.map((s) => sql`${s}`));

/**
 * The rows keeping days of the mechanics in `mechanicIds` (an expression of a uuid[]) between
 * `from` and `to`, as `mechanic_id, days, first_day, last_day`.
 */
export function busyRowsSql(
  mechanicIds: RawBuilder<unknown>,
  from: string,
  to: string,
  now: Date,
): RawBuilder<BusyRow> {
  return sql<BusyRow>`
    select h.mechanic_id, h.days, null::date as first_day, null::date as last_day
    from booking_holds h
    left join appointments a on a.id = h.appointment_id
    where h.mechanic_id = any(${mechanicIds}) and h.released_at is null
      and ((h.confirmed_at is null and h.expires_at > ${now.toISOString()}::timestamptz)
        or (h.confirmed_at is not null and a.status in (${live})))
    union all
    select a.mechanic_id, null::date[], a.scheduled_date, b.estimated_completion_date
    from appointments a
    join bids b on b.id = a.bid_id
    where a.mechanic_id = any(${mechanicIds}) and a.status in (${live})
      and a.scheduled_date <= ${to}::date and b.estimated_completion_date >= ${from}::date
      and not exists (select 1 from booking_holds bh where bh.appointment_id = a.id)`;
}

/** How many jobs each day between `from` and `to` holds, per mechanic, from the rows above. */
export function countBusy(rows: Iterable<BusyRow>, from: string, to: string): Map<string, Map<string, number>> {
  const busy = new Map<string, Map<string, number>>();
  const add = (mechanicId: string, day: string) => {
    if (day < from || day > to) return;
    const days = busy.get(mechanicId) ?? new Map<string, number>();
    days.set(day, (days.get(day) ?? 0) + 1);
    busy.set(mechanicId, days);
  };
  for (const row of rows) {
    if (row.days !== null) {
      // A hold (live, or confirmed with its appointment still on): the days it keeps.
      for (const day of daysOf(row.days)) add(row.mechanicId, day);
      continue;
    }
    // An appointment accepted through a bid: its scheduled day to the quote's estimated completion.
    if (row.firstDay === null || row.lastDay === null) continue;
    const first = dateOnly(row.firstDay);
    const last = dateOnly(row.lastDay);
    // A quote's dates are the owner's to read; a job never keeps more than 60 days of the calendar.
    for (let day = first, n = 0; day <= last && n < 60; day = addDays(day, 1), n += 1) add(row.mechanicId, day);
  }
  return busy;
}

/** How many jobs each day already holds for each mechanic, between `from` and `to`. */
export async function busyDays(
  db: Db,
  mechanicIds: readonly string[],
  from: string,
  to: string,
  now: Date,
): Promise<Map<string, Map<string, number>>> {
  if (mechanicIds.length === 0) return new Map();
  const { rows } = await busyRowsSql(sql`${[...mechanicIds]}::uuid[]`, from, to, now).execute(db);
  return countBusy(rows, from, to);
}
