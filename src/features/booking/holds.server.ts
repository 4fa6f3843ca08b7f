import { BOOKED_ITEM_KINDS, BOOKING, type BookingHold, type HoldData } from '../../contract/booking.ts';
import { isUuid } from '../../contract/ids.ts';
import { type MarketplaceServiceType } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import { ITEM_KINDS } from '../../contract/maintenance.ts';
import type { Db } from '../../server/db/client.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import { HttpError, badRequest, notFound } from '../../server/http/errors.ts';
import { aircraftZone, timeInZone } from '../marketplace/geo/airport-day.ts';
import { atAirport } from '../../contract/appointment-schedule.ts';
import { roundedMiles } from '../marketplace/distance.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { addDays, fits, hoursOn, openStarts, type Schedule } from './calendar.ts';
import { zonedToUtc } from '../../contract/zoned-time.ts';
import { daysOf } from '../marketplace/booking-terms.server.ts';
import { busyDays } from './busy-days.server.ts';
import { ownAircraftWithClass } from './owner-aircraft.server.ts';
import { scheduleOf } from './availability.server.ts';
import { daysTaken, earliestStart, startDays } from './starts.server.ts';
import { classLabel, serviceLabel } from './labels.ts';

/**
 * Instant booking (docs/decisions/0240-instant-booking.md). A hold reserves a mechanic's days for
 * ten minutes; every hold is placed under a lock on the mechanic's availability row, so two owners
 * after the same days are served one after the other and the second sees them taken. Confirming
 * turns the hold into the same records a bid makes (request, accepted quote with one flat-rate
 * line, confirmed appointment), so the job runs on every existing screen and rule from there.
 */

export const holdNotFound = () => notFound('Hold not found');

type HoldRow = {
  id: string;
  mechanicId: string;
  aircraftId: string;
  serviceType: MarketplaceServiceType;
  priceCents: string;
  startDate: Date | string;
  days: string | ReadonlyArray<string | Date>;
  expiresAt: Date;
  freeCancelHours: number | null;
};

function toHold(
  row: HoldRow,
  schedule: Schedule,
  freeCancelHours: number,
  aircraft: { homeAirport: string | null },
): BookingHold {
  const start = dateOnly(row.startDate);
  const hours = hoursOn(schedule, start);
  const startsAt = zonedToUtc(start, hours?.start ?? '08:00', schedule.timeZone);
  return {
    id: row.id,
    expiresAt: row.expiresAt.toISOString(),
    mechanicId: row.mechanicId,
    aircraftId: row.aircraftId,
    serviceType: row.serviceType,
    start,
    days: daysOf(row.days),
    priceCents: Number(row.priceCents),
    startsAt: startsAt.toISOString(),
    timeZone: schedule.timeZone,
    startsAtAirport: startsAtAirport(aircraft, startsAt),
    freeCancelHours: row.freeCancelHours ?? freeCancelHours,
  };
}

/** The start on the aircraft's airport clock, labelled: what the owner and the mechanic read of it. */
export const startsAtAirport = (aircraft: { homeAirport: string | null }, startsAt: Date) =>
  atAirport(timeInZone(aircraftZone(aircraft.homeAirport), startsAt), aircraft.homeAirport ?? '');

export async function placeHold(db: Db, owner: UserRow, data: HoldData, now = new Date()): Promise<BookingHold> {
  if (!isUuid(data.mechanicId)) throw notFound('Mechanic not found');
  const { aircraft, place, aircraftClass } = await ownAircraftWithClass(db, owner.id, data.aircraftId);
  const mechanic = await db
    .selectFrom('users as u')
    .innerJoin('mechanicProfiles as p', 'p.userId', 'u.id')
    .select(['u.id', 'u.mechanicStatus', 'p.serviceRadius', 'p.baseLatitude', 'p.baseLongitude'])
    .where('u.id', '=', data.mechanicId)
    .where('u.role', '=', 'mechanic')
    .executeTakeFirst();
  if (!mechanic || mechanic.mechanicStatus !== 'approved') throw notFound('Mechanic not found');
  const rate = await db
    .selectFrom('mechanicRates')
    .selectAll()
    .where('mechanicId', '=', data.mechanicId)
    .where('serviceType', '=', data.serviceType)
    .where('aircraftClass', '=', aircraftClass)
    .executeTakeFirst();
  if (!rate) {
    const message = `This mechanic has no flat rate for ${serviceLabel(data.serviceType)} on a ${classLabel(aircraftClass).toLowerCase()} aircraft`;
    throw badRequest(message, [{ path: 'serviceType', message }]);
  }
  if (
    roundedMiles(place, { latitude: mechanic.baseLatitude, longitude: mechanic.baseLongitude }) > mechanic.serviceRadius
  ) {
    throw badRequest('This mechanic does not serve the aircraft’s home airport', [
      { path: 'mechanicId', message: 'Out of the mechanic’s service area' },
    ]);
  }
  const itemIds = await bookedItems(db, data);

  return db.transaction().execute(async (trx) => {
    // Every hold on this mechanic's days is placed under this lock: two at once queue here.
    const availability = await trx
      .selectFrom('mechanicAvailability')
      .selectAll()
      .where('mechanicId', '=', data.mechanicId)
      .forUpdate()
      .executeTakeFirst();
    if (!availability) throw badRequest('This mechanic has not opened a calendar for booking yet');
    const schedule = scheduleOf(availability);
    const earliest = earliestStart(schedule.timeZone, now);
    const days = startDays(schedule, data.start, rate.days, now);
    // One hold at a time per aircraft and service: picking another day lets the last one go.
    await trx
      .updateTable('bookingHolds')
      .set({ releasedAt: now })
      .where('ownerId', '=', owner.id)
      .where('aircraftId', '=', data.aircraftId)
      .where('serviceType', '=', data.serviceType)
      .where('confirmedAt', 'is', null)
      .where('releasedAt', 'is', null)
      .execute();
    const busy =
      (
        await busyDays(
          trx,
          [data.mechanicId],
          addDays(data.start, -1),
          addDays(earliest, BOOKING.horizonDays + BOOKING.maxDays * 2),
          now,
        )
      ).get(data.mechanicId) ?? new Map<string, number>();
    if (!fits(schedule, days, busy))
      throw daysTaken(
        openStarts(schedule, earliest > data.start ? earliest : data.start, rate.days, busy, 3, BOOKING.horizonDays),
      );
    const row = await trx
      .insertInto('bookingHolds')
      .values({
        mechanicId: data.mechanicId,
        ownerId: owner.id,
        aircraftId: data.aircraftId,
        serviceType: data.serviceType,
        aircraftClass,
        priceCents: rate.priceCents,
        includes: rate.includes,
        startDate: data.start,
        days,
        expiresAt: new Date(now.getTime() + BOOKING.holdMinutes * 60_000),
        // The window said before confirming is the one the booking keeps.
        freeCancelHours: availability.freeCancelHours,
        itemIds,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toHold(row, schedule, availability.freeCancelHours, aircraft);
  });
}

/**
 * The due items a hold is for: those the owner picked on the due list, each one the flat service
 * does (a 400 names any other); none picked, the aircraft's items the service is for.
 */
async function bookedItems(db: Db, data: HoldData): Promise<string[]> {
  const kinds = BOOKED_ITEM_KINDS[data.serviceType];
  const items = await db
    .selectFrom('maintenanceItems')
    .select(['id', 'kind', 'title', 'adNumber'])
    .where('aircraftId', '=', data.aircraftId)
    .execute();
  if (data.itemIds === undefined) return items.filter((i) => kinds.includes(i.kind)).map((i) => i.id);
  const picked = [...new Set(data.itemIds)];
  picked.forEach((id, i) => {
    const item = items.find((x) => x.id === id);
    if (!item)
      throw badRequest('Due item not found on this aircraft', [
        { path: `itemIds.${i}`, message: 'Due item not found on this aircraft' },
      ]);
    if (!kinds.includes(item.kind)) {
      const title =
        item.title ?? (item.kind === 'ad' && item.adNumber ? `AD ${item.adNumber}` : labelOf(ITEM_KINDS, item.kind));
      const message = `${title} is not part of a flat-rate ${serviceLabel(data.serviceType)}: request service for it to get quotes`;
      throw badRequest(message, [{ path: `itemIds.${i}`, message }]);
    }
  });
  return picked;
}

export async function releaseHold(db: Db, owner: UserRow, id: string, now = new Date()): Promise<void> {
  if (!isUuid(id)) throw holdNotFound();
  const hold = await db
    .selectFrom('bookingHolds')
    .select(['ownerId', 'confirmedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!hold || hold.ownerId !== owner.id) throw holdNotFound();
  if (hold.confirmedAt) throw new HttpError(409, 'This booking is confirmed; cancel the appointment instead');
  await db
    .updateTable('bookingHolds')
    .set({ releasedAt: now })
    .where('id', '=', id)
    .where('releasedAt', 'is', null)
    .execute();
}
