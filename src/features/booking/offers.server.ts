import { BOOKING, HOW_SQUAWKS_ARE_BILLED, type BookingOffer } from '../../contract/booking.ts';
import { type MarketplaceServiceType } from '../../contract/marketplace.ts';
import type { Db } from '../../server/db/client.ts';
import type { KeyColumn, PageRequest, Paged } from '../../server/http/paging.ts';
import { fullName } from '../../server/db/full-name.ts';
import { addDays, openStarts } from './calendar.ts';
import { NO_START, offerCandidates, widestServiceRadius, type OfferCandidate } from './offer-candidates.server.ts';
import { todayIn } from '../../contract/zoned-time.ts';
import { countBusy } from './busy-days.server.ts';
import { ownAircraftWithClass } from './owner-aircraft.server.ts';
import { scheduleOf } from './availability.server.ts';
import { earliestStart } from './starts.server.ts';

// The offers an owner is shown for one aircraft and service: every mechanic in range with a flat
// rate, their open starts, paged by cursor in the order of the soonest start.

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
