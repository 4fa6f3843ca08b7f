import { describe, expect, it } from 'vitest';
import { annualRate, book, bookableMechanic, offerOrderKey, offerPages, ownerWithPlane } from '../helpers/booking.ts';
import { addDays } from '../../src/features/booking/calendar.ts';
import { todayIn } from '../../src/contract/zoned-time.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// Offers are read a slice at a time in an order the database can give (a bound of each mechanic's
// first open start, docs/decisions/0242), and cut once a page is settled. Whatever the page size,
// walking the pages must give every mechanic once, in the contract's order: soonest first open
// start (none last), then the lower price, the nearer, and the mechanic's id. An airport no other
// suite uses, so the offers are exactly these mechanics.

const AIRPORT = 'KIDA';

async function setRate(token: string, priceCents: number) {
  const res = await callRoute(ROUTES.bookingRatesSave, { body: [annualRate({ priceCents })], as: token });
  expect(res.status, res.text).toBe(200);
}

describe('offers cut a page without reading every mechanic', () => {
  it('give every mechanic once, in the order of the contract, at any page size', async () => {
    const farAway = addDays(todayIn('America/Denver'), 200);
    const soon = addDays(todayIn('America/Denver'), 1);
    const mechanics = {
      open: await bookableMechanic(AIRPORT),
      openCheaper: await bookableMechanic(AIRPORT),
      openSamePrice: await bookableMechanic(AIRPORT),
      // The cheapest, but away for the next two weeks: after every mechanic free sooner.
      awayCheapest: await bookableMechanic(AIRPORT, { timeOff: [{ from: soon, to: addDays(soon, 14) }] }),
      // Works Saturdays only: its first start is the next Saturday (or later when that is tomorrow's today).
      saturdays: await bookableMechanic(AIRPORT, { weekly: [{ day: 6, start: '08:00', end: '17:00' }] }),
      // Away past the booking horizon: no open start, so last whatever its price.
      neverFree: await bookableMechanic(AIRPORT, { timeOff: [{ from: soon, to: farAway }] }),
      // Booked on its first days by someone else: its first open start is later than its first working day.
      booked: await bookableMechanic(AIRPORT),
    };
    await setRate(mechanics.openCheaper.token, 150_000);
    await setRate(mechanics.awayCheapest.token, 90_000);
    await setRate(mechanics.neverFree.token, 50_000);
    await setRate(mechanics.booked.token, 100_000);
    const other = await ownerWithPlane(AIRPORT);
    const first = (await offerPages(other.owner.token, other.aircraftId, 100)).find(
      (o) => o.mechanicId === mechanics.booked.id,
    )!.openStarts[0]!;
    await book(other.owner, other.aircraftId, mechanics.booked.id, first);

    const { owner, aircraftId } = await ownerWithPlane(AIRPORT);
    const whole = await offerPages(owner.token, aircraftId, 100);
    expect(whole.map((o) => o.mechanicId).sort()).toEqual(
      Object.values(mechanics)
        .map((m) => m.id)
        .sort(),
    );
    const expected = [...whole].sort((a, b) => (offerOrderKey(a) < offerOrderKey(b) ? -1 : 1));
    expect(whole.map((o) => o.mechanicId)).toEqual(expected.map((o) => o.mechanicId));
    // The cases above land where they should.
    const at = (id: string) => whole.findIndex((o) => o.mechanicId === id);
    expect(at(mechanics.neverFree.id)).toBe(whole.length - 1);
    expect(whole[at(mechanics.neverFree.id)]!.openStarts).toEqual([]);
    expect(at(mechanics.awayCheapest.id)).toBeGreaterThan(at(mechanics.open.id));
    expect(whole[at(mechanics.booked.id)]!.openStarts[0]! > first).toBe(true);

    for (const limit of [1, 2, 3, 6]) {
      const paged = await offerPages(owner.token, aircraftId, limit);
      expect(
        paged.map((o) => o.mechanicId),
        `limit ${limit}`,
      ).toEqual(whole.map((o) => o.mechanicId));
      expect(paged).toEqual(whole);
    }
  });
});
