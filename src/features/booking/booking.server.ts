import { randomBytes } from 'node:crypto';
import {
  AIRCRAFT_CLASSES,
  BOOKED_ITEM_KINDS,
  BOOKING,
  HOW_SQUAWKS_ARE_BILLED,
  aircraftClassOf,
  type AircraftClass,
  type Availability,
  type AvailabilityData,
  type BookingHold,
  type BookingOffer,
  type HoldData,
  type Rate,
  type RateData,
} from '../../contract/booking.ts';
import { isUuid } from '../../contract/ids.ts';
import { MARKETPLACE_SERVICE_TYPES, type MarketplaceServiceType, WEEKDAYS } from '../../contract/marketplace.ts';
import type { Appointment } from '../../contract/appointments.ts';
import type { LineCategory } from '../../contract/line-items.ts';
import { labelOf } from '../../contract/options.ts';
import { ITEM_KINDS } from '../../contract/maintenance.ts';
import type { Db } from '../../server/db/client.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../server/http/errors.ts';
import type { KeyColumn, PageRequest, Paged } from '../../server/http/paging.ts';
import { formatDay } from '../../lib/format.ts';
import { createJob } from '../jobs/create-job.server.ts';
import { getAppointment } from '../marketplace/appointments.server.ts';
import { resolveLocation } from '../marketplace/geo/resolve.ts';
import { aircraftZone, timeInZone, zoneOfPlace } from '../marketplace/geo/airport-day.ts';
import { appointmentIcsAttachment } from '../marketplace/schedule/calendar-file.server.ts';
import { CALENDAR_FILE_ATTACHED, atAirport } from '../../contract/appointment-schedule.ts';
import { roundedMiles } from '../marketplace/distance.ts';
import { dateOnly, fullName } from '../marketplace/mappers.server.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { addDays, fits, hoursOn, jobDays, openStarts, type Schedule } from './calendar.ts';
import { NO_START, offerCandidates, widestServiceRadius, type OfferCandidate } from './offer-candidates.server.ts';
import { todayIn, zonedToUtc } from '../marketplace/schedule/zoned-time.ts';
import { daysOf, listDays, uuidsOf } from '../marketplace/booking-terms.server.ts';
import { busyDays, countBusy } from './busy-days.server.ts';

/**
 * Instant booking (docs/decisions/0240-instant-booking.md). A hold reserves a mechanic's days for
 * ten minutes; every hold is placed under a lock on the mechanic's availability row, so two owners
 * after the same days are served one after the other and the second sees them taken. Confirming
 * turns the hold into the same records a bid makes (request, accepted quote with one flat-rate
 * line, confirmed appointment), so the job runs on every existing screen and rule from there.
 */

export const classLabel = (c: AircraftClass) => labelOf(AIRCRAFT_CLASSES, c);
export const serviceLabel = (s: MarketplaceServiceType) => labelOf(MARKETPLACE_SERVICE_TYPES, s);
const holdNotFound = () => notFound('Hold not found');

// --- Rates ------------------------------------------------------------------------------------

const toRate = (r: {
  serviceType: MarketplaceServiceType;
  aircraftClass: AircraftClass;
  priceCents: string;
  includes: string | null;
  days: number;
}): Rate => ({
  serviceType: r.serviceType,
  aircraftClass: r.aircraftClass,
  aircraftClassLabel: classLabel(r.aircraftClass),
  priceCents: Number(r.priceCents),
  includes: r.includes,
  days: r.days,
});

export async function listRates(db: Db, mechanicId: string): Promise<Rate[]> {
  const rows = await db
    .selectFrom('mechanicRates')
    .selectAll()
    .where('mechanicId', '=', mechanicId)
    .orderBy('serviceType')
    .orderBy('aircraftClass')
    .execute();
  return rows.map(toRate);
}

/** Replaces the mechanic's whole list of flat rates. */
export async function saveRates(db: Db, mechanicId: string, rates: readonly RateData[]): Promise<Rate[]> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('mechanicRates').where('mechanicId', '=', mechanicId).execute();
    if (rates.length > 0) {
      await trx
        .insertInto('mechanicRates')
        .values(
          rates.map((r) => ({
            mechanicId,
            serviceType: r.serviceType,
            aircraftClass: r.aircraftClass,
            priceCents: r.priceCents,
            includes: r.includes,
            days: r.days,
          })),
        )
        .execute();
    }
  });
  return listRates(db, mechanicId);
}

// --- Availability -----------------------------------------------------------------------------

type AvailabilityRow = {
  mechanicId: string;
  timeZone: string;
  weekly: Array<{ day: number; start: string; end: string }>;
  timeOff: Array<{ from: string; to: string }>;
  maxConcurrentJobs: number;
  freeCancelHours: number;
  calendarToken: string;
};

const calendarPath = (token: string) => `/api/calendar/${token}.ics`;

function toAvailability(row: AvailabilityRow, saved: boolean, baseTimeZone: string): Availability {
  return {
    timeZone: row.timeZone,
    weekly: [...row.weekly].sort((a, b) => a.day - b.day),
    timeOff: [...row.timeOff].sort((a, b) => a.from.localeCompare(b.from)),
    maxConcurrentJobs: row.maxConcurrentJobs,
    freeCancelHours: row.freeCancelHours,
    saved,
    calendarUrl: calendarPath(row.calendarToken),
    baseTimeZone,
  };
}

/**
 * The mechanic's availability. Until they save one, a proposal from their profile (working days
 * and hours) with a feed address already reserved, marked `saved: false`: they are not bookable yet.
 */
export async function getAvailability(db: Db, mechanicId: string): Promise<Availability> {
  const [row, profile] = await Promise.all([
    db.selectFrom('mechanicAvailability').selectAll().where('mechanicId', '=', mechanicId).executeTakeFirst(),
    db
      .selectFrom('mechanicProfiles')
      .select(['availableWeekdays', 'preferredHoursStart', 'preferredHoursEnd', 'baseLocation', 'baseLocationLabel'])
      .where('userId', '=', mechanicId)
      .executeTakeFirst(),
  ]);
  // The base airport's zone (a mechanic at KRHV works on Pacific time), by the rule records use:
  // the zone proposed until one is saved, and said beside a saved one that differs.
  const baseTimeZone = zoneOfPlace(profile?.baseLocationLabel || profile?.baseLocation);
  if (row) return toAvailability(row, true, baseTimeZone);
  const start = (profile?.preferredHoursStart ?? '08:00').slice(0, 5);
  const end = (profile?.preferredHoursEnd ?? '17:00').slice(0, 5);
  const days = profile?.availableWeekdays ?? [1, 2, 3, 4, 5];
  // The token is made when first saved; an unsaved feed has nothing in it yet.
  return toAvailability(
    {
      mechanicId,
      timeZone: baseTimeZone,
      weekly: days.map((day) => ({ day, start, end })),
      timeOff: [],
      maxConcurrentJobs: 1,
      freeCancelHours: 72,
      calendarToken: 'not-yet-saved',
    },
    false,
    baseTimeZone,
  );
}

export async function saveAvailability(db: Db, mechanicId: string, data: AvailabilityData): Promise<Availability> {
  const values = {
    timeZone: data.timeZone,
    weekly: JSON.stringify(data.weekly),
    timeOff: JSON.stringify(data.timeOff),
    maxConcurrentJobs: data.maxConcurrentJobs,
    freeCancelHours: data.freeCancelHours ?? 72,
    updatedAt: new Date(),
  };
  await db
    .insertInto('mechanicAvailability')
    .values({ mechanicId, calendarToken: randomBytes(24).toString('base64url'), ...values })
    .onConflict((oc) => oc.column('mechanicId').doUpdateSet(values))
    .execute();
  return getAvailability(db, mechanicId);
}

// --- Busy days --------------------------------------------------------------------------------

// Read under a hold's lock and by offers: busy-days.server.ts.
export { busyDays };

// --- Offers -----------------------------------------------------------------------------------

async function ownAircraftWithClass(db: Db, ownerId: string, aircraftId: string) {
  if (!isUuid(aircraftId)) throw notFound('Aircraft not found');
  const aircraft = await db
    .selectFrom('aircraft')
    .selectAll()
    .where('id', '=', aircraftId)
    .where('ownerId', '=', ownerId)
    .executeTakeFirst();
  if (!aircraft) throw notFound('Aircraft not found');
  const place = resolveLocation(aircraft.homeAirport);
  if (!place)
    throw badRequest(`Add ${aircraft.tailNumber}'s home airport in My Aircraft to see mechanics who serve it`, [
      { path: 'aircraftId', message: 'The aircraft has no home airport' },
    ]);
  const aircraftClass = aircraftClassOf(aircraft.make, aircraft.model);
  if (!aircraftClass) {
    throw badRequest(
      `Flat rates are priced by aircraft class, and we cannot tell the class of a ${aircraft.make} ${aircraft.model}: request service to get quotes instead`,
      [{ path: 'aircraftId', message: 'Unknown aircraft class' }],
    );
  }
  return { aircraft, place, aircraftClass };
}

export const scheduleOf = (row: AvailabilityRow): Schedule => ({
  timeZone: row.timeZone,
  weekly: row.weekly,
  timeOff: row.timeOff,
  maxConcurrentJobs: row.maxConcurrentJobs,
});

/** The first day a start may be booked: tomorrow in the mechanic's time zone. */
export const earliestStart = (timeZone: string, now: Date) => addDays(todayIn(timeZone, now), 1);

/**
 * The order of offers, as a cursor key (docs/decisions/0201): soonest first start (none last), then
 * the lower price, the nearer, and the mechanic's id, each as text that sorts as the value does.
 */
export const OFFER_KEYS: KeyColumn[] = [
  { ref: 'first_open', type: 'text' },
  { ref: 'price_cents', type: 'text' },
  { ref: 'distance', type: 'text' },
  { ref: 'mechanic_id', type: 'uuid' },
];
const keyOf = (firstStart: string, priceCents: number, distanceMiles: number, mechanicId: string): string[] => [
  firstStart,
  String(priceCents).padStart(12, '0'),
  distanceMiles.toFixed(1).padStart(8, '0'),
  mechanicId,
];
const offerKey = (o: BookingOffer): string[] =>
  keyOf(o.openStarts[0] ?? NO_START, o.priceCents, o.distanceMiles, o.mechanicId);
const compareKeys = (a: readonly string[], b: readonly string[]) => {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
};

/** Slices of candidates read after the first: the first is a page and a little more, the others wider. */
const LATER_SLICE = 200;

export async function listOffers(
  db: Db,
  ownerId: string,
  query: { aircraftId: string; serviceType: MarketplaceServiceType; from?: string | undefined },
  now = new Date(),
  page: PageRequest = { limit: BOOKING.offersPage, after: null },
): Promise<Paged<BookingOffer>> {
  const [{ place, aircraftClass }, widestRadius] = await Promise.all([
    ownAircraftWithClass(db, ownerId, query.aircraftId),
    widestServiceRadius(db),
  ]);
  const horizonEnd = addDays(todayIn('UTC', now), BOOKING.horizonDays + 2);
  const toOffer = (c: OfferCandidate, busy: Map<string, Map<string, number>>): BookingOffer => {
    const earliest = earliestStart(c.timeZone, now);
    const from = query.from && query.from > earliest ? query.from : earliest;
    return {
      mechanicId: c.mechanicId,
      name: fullName(c),
      businessName: c.businessName,
      // The average only once someone rated: completed jobs are not ratings ("5.0 (1 jobs)" was
      // the profile's starting value for a mechanic nobody rated).
      rating: c.ratingCount > 0 && c.rating !== null ? Number(c.rating) : null,
      ratingCount: c.ratingCount,
      completedJobs: c.completedJobs,
      distanceMiles: c.distance,
      priceCents: Number(c.priceCents),
      includes: c.includes,
      days: c.days,
      aircraftClass,
      openStarts: openStarts(
        scheduleOf({ ...c, mechanicId: c.mechanicId }),
        from,
        c.days,
        busy.get(c.mechanicId) ?? new Map(),
        BOOKING.openStartsShown,
        BOOKING.horizonDays,
      ),
      freeCancelHours: c.freeCancelHours,
      squawks: HOW_SQUAWKS_ARE_BILLED,
      payable: c.payable === true,
    };
  };
  // The candidates come ordered by a bound of their first open start (offer-candidates.server.ts),
  // so an offer whose key is at most the last row read's bound-key is in its final place: no row
  // not yet read can come before it. Slices are read, and their open starts computed, only until a
  // page and one more (to know there is a next page) are in their final place.
  const after = page.after;
  const seen: Array<{ o: BookingOffer; key: string[] }> = [];
  const busyFrom = addDays(todayIn('UTC', now), -1);
  const busyTo = addDays(horizonEnd, BOOKING.maxDays * 2);
  for (let offset = 0, size = page.limit * 2 + 1; ; offset += size, size = LATER_SLICE) {
    const slice = await offerCandidates(db, {
      place,
      widestRadius,
      serviceType: query.serviceType,
      aircraftClass,
      from: query.from,
      now,
      offset,
      limit: size,
      busyFrom,
      busyTo,
    });
    const busy = countBusy(
      slice.flatMap((c) =>
        (c.busy ?? []).map(([days, firstDay, lastDay]) => ({ mechanicId: c.mechanicId, days, firstDay, lastDay })),
      ),
      busyFrom,
      busyTo,
    );
    for (const c of slice) {
      const o = toOffer(c, busy);
      const key = offerKey(o);
      if (!after || compareKeys(key, after) > 0) seen.push({ o, key });
    }
    const last = slice.at(-1);
    const everyRowRead = slice.length < size;
    const bound = last ? keyOf(last.earliestStart, Number(last.priceCents), last.distance, last.mechanicId) : null;
    const settled = everyRowRead || !bound ? seen : seen.filter((k) => compareKeys(k.key, bound) <= 0);
    if (everyRowRead || settled.length > page.limit) {
      settled.sort((a, b) => compareKeys(a.key, b.key));
      const shown = settled.slice(0, page.limit);
      const lastShown = shown.at(-1);
      return {
        rows: shown.map((k) => k.o),
        nextCursor:
          seen.length > page.limit && lastShown
            ? Buffer.from(JSON.stringify(lastShown.key), 'utf8').toString('base64url')
            : null,
      };
    }
  }
}

// --- Holds ------------------------------------------------------------------------------------

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
const startsAtAirport = (aircraft: { homeAirport: string | null }, startsAt: Date) =>
  atAirport(timeInZone(aircraftZone(aircraft.homeAirport), startsAt), aircraft.homeAirport ?? '');

/** 409 with the next open starts, in the sentence and as data for a screen to offer them. */
export function daysTaken(next: string[]): HttpError {
  const detail =
    next.length > 0
      ? `Those days were just taken. The next open starts are ${listDays(next)}.`
      : `Those days were just taken, and this mechanic has no other open start in the next ${BOOKING.horizonDays} days.`;
  return new HttpError(409, detail, { body: { nextOpenStarts: next } });
}

/** The working days of a job of `daysNeeded` days started on `start`; a 400 for a start that cannot be booked. */
export function startDays(schedule: Schedule, start: string, daysNeeded: number, now: Date): string[] {
  const earliest = earliestStart(schedule.timeZone, now);
  if (start < earliest) {
    const message = `The earliest start is ${formatDay(earliest)}`;
    throw badRequest(message, [{ path: 'start', message }]);
  }
  if (start > addDays(earliest, BOOKING.horizonDays)) {
    const message = `Starts can be booked up to ${BOOKING.horizonDays} days ahead`;
    throw badRequest(message, [{ path: 'start', message }]);
  }
  const days = jobDays(schedule, start, daysNeeded);
  if (!days) {
    const weekday = WEEKDAYS.find((w) => w.value === new Date(`${start}T00:00:00Z`).getUTCDay())?.label ?? '';
    const message = `The mechanic does not work on ${weekday}, ${formatDay(start)}`;
    throw badRequest(message, [{ path: 'start', message }]);
  }
  return days;
}

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

const CATEGORY_OF: Record<MarketplaceServiceType, LineCategory> = {
  annual_inspection: 'inspection',
  hundred_hour: 'inspection',
  prepurchase: 'inspection',
  engine_repair: 'airworthy',
  emergency_repair: 'airworthy',
  avionics_install: 'discretionary',
  scheduled_maintenance: 'discretionary',
};

/**
 * Confirms a live hold: 410 once it expired or was let go (its days may be someone else's now).
 * A second confirm of the same hold answers the same appointment (`created: false`).
 */
export async function confirmHold(
  db: Db,
  owner: UserRow,
  id: string,
  now = new Date(),
): Promise<{ appointment: Appointment; created: boolean }> {
  if (!isUuid(id)) throw holdNotFound();
  const result = await db.transaction().execute(async (trx) => {
    const hold = await trx.selectFrom('bookingHolds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!hold || hold.ownerId !== owner.id) throw holdNotFound();
    if (hold.appointmentId) return { appointmentId: hold.appointmentId, created: false };
    if (hold.releasedAt) throw new HttpError(410, 'This hold was let go; pick a start day again');
    if (hold.expiresAt <= now)
      throw new HttpError(
        410,
        `This hold expired after ${BOOKING.holdMinutes} minutes and its days are free again; pick a start day again`,
      );

    const [aircraft, availability, profile] = await Promise.all([
      trx.selectFrom('aircraft').selectAll().where('id', '=', hold.aircraftId).executeTakeFirstOrThrow(),
      trx
        .selectFrom('mechanicAvailability')
        .selectAll()
        .where('mechanicId', '=', hold.mechanicId)
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom('mechanicProfiles')
        .select(['baseLatitude', 'baseLongitude'])
        .where('userId', '=', hold.mechanicId)
        .executeTakeFirstOrThrow(),
    ]);
    const mechanic = await trx
      .selectFrom('users')
      .select(['mechanicStatus', 'firstName', 'lastName'])
      .where('id', '=', hold.mechanicId)
      .executeTakeFirst();
    if (mechanic?.mechanicStatus !== 'approved')
      throw new HttpError(410, 'This mechanic is no longer taking bookings; pick another');
    const place = resolveLocation(aircraft.homeAirport)!;
    const schedule = scheduleOf(availability);
    const days = daysOf(hold.days);
    const start = dateOnly(hold.startDate);
    const hours = days.reduce((sum, d) => {
      const h = hoursOn(schedule, d);
      if (!h) return sum;
      const [sh, sm] = h.start.split(':').map(Number) as [number, number];
      const [eh, em] = h.end.split(':').map(Number) as [number, number];
      return sum + (eh * 60 + em - sh * 60 - sm) / 60;
    }, 0);
    const hoursTenths = Math.max(1, Math.round(hours * 10));
    const priceCents = Number(hold.priceCents);
    const what = `${serviceLabel(hold.serviceType)} at a flat rate (${classLabel(hold.aircraftClass).toLowerCase()})`;

    // The due items it was booked for, checked against the aircraft (they ride on the request below).
    const itemIds = uuidsOf(hold.itemIds);
    const items =
      itemIds.length > 0
        ? await trx
            .selectFrom('maintenanceItems')
            .select('id')
            .where('id', 'in', itemIds)
            .where('aircraftId', '=', aircraft.id)
            .execute()
        : [];
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(priceCents / 100);
    const appointment = await createJob(trx, {
      mechanicId: hold.mechanicId,
      customerId: owner.id,
      request: {
        agreed: {
          aircraft: {
            id: aircraft.id,
            make: aircraft.make,
            model: aircraft.model,
            year: aircraft.year,
            tailNumber: aircraft.tailNumber,
            totalHours: aircraft.totalHours,
          },
          place: { ...place, code: aircraft.homeAirport ?? place.label },
          serviceType: hold.serviceType,
          description: `Booked: ${what}.${hold.includes ? ` Includes: ${hold.includes}` : ''}`,
          urgency: 'normal',
          startDate: start,
          priceCents,
        },
      },
      terms: {
        agreed: {
          distanceMiles: roundedMiles(place, { latitude: profile.baseLatitude, longitude: profile.baseLongitude }),
          priceCents,
          hoursTenths,
          firstDay: start,
          lastDay: days.at(-1) ?? start,
          notes: [hold.includes ? `Includes: ${hold.includes}` : null, HOW_SQUAWKS_ARE_BILLED]
            .filter(Boolean)
            .join('\n'),
          line: {
            category: CATEGORY_OF[hold.serviceType],
            description: `Flat rate: ${what}`,
            // Naming the one item booked makes the line answer exactly it (docs/decisions/0160).
            dueItemId: items.length === 1 ? items[0]!.id : null,
          },
        },
      },
      appointment: {
        scheduledDate: start,
        scheduledTime: hoursOn(schedule, start)?.start ?? '08:00',
        serviceLocation: aircraft.homeAirport ?? place.label,
        agreed: true,
      },
      thread: {
        event: 'booked',
        detail: `${usd}, on site ${listDays(days)}. The appointment is confirmed; phone numbers are on it`,
      },
      now,
    });
    // The due items it was booked for ride on the request, as a request from the due list does.
    if (items.length > 0) {
      await trx
        .insertInto('maintenanceRequestLinks')
        .values(
          items.map((i) => ({
            serviceRequestId: appointment.serviceRequestId,
            itemId: i.id,
            squawkId: null,
            completedAt: null,
          })),
        )
        .execute();
    }
    await trx
      .updateTable('bookingHolds')
      .set({ confirmedAt: now, appointmentId: appointment.appointmentId })
      .where('id', '=', hold.id)
      .execute();
    // Both parties are told the start at the aircraft's airport, its zone named, and get the
    // appointment's calendar file (the download's bytes, read here: the booking is written).
    const when = startsAtAirport(
      aircraft,
      zonedToUtc(start, hoursOn(schedule, start)?.start ?? '08:00', schedule.timeZone),
    );
    const calendarFile = await appointmentIcsAttachment(trx, appointment.appointmentId);
    await notify(trx, [hold.mechanicId], {
      type: 'booking.confirmed',
      title: 'New booking',
      message: `${fullName(owner)} booked ${what} on ${aircraft.tailNumber} for ${listDays(days)}, starting ${when}, at ${usd}. ${CALENDAR_FILE_ATTACHED}`,
      link: 'appointments',
      itemId: appointment.appointmentId,
      attachments: [calendarFile],
    });
    await notify(trx, [owner.id], {
      type: 'booking.confirmed',
      title: 'Booking confirmed',
      message: `You booked ${what} on ${aircraft.tailNumber} with ${fullName(mechanic)} for ${listDays(days)}, starting ${when}, at ${usd}. ${CALENDAR_FILE_ATTACHED}`,
      link: 'appointments',
      itemId: appointment.appointmentId,
      attachments: [calendarFile],
    });
    return { appointmentId: appointment.appointmentId, created: true };
  });
  return { appointment: await getAppointment(db, result.appointmentId), created: result.created };
}

/** Only pilots book: a mechanic or an administrator is told so. */
export function requireOwner(user: UserRow): void {
  if (user.role !== 'pilot') throw forbidden('Only aircraft owners can book a mechanic');
}
