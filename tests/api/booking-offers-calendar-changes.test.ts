import { describe, expect, it } from 'vitest';
import {
  WEEKDAYS_8_TO_5,
  annualRate,
  book,
  bookableMechanic,
  offerOrderKey,
  offerPages,
  ownerWithPlane,
} from '../helpers/booking.ts';
import { addDays, weekdayOf } from '../../src/features/booking/calendar.ts';
import { todayIn } from '../../src/contract/zoned-time.ts';
import type { InputOf } from '../../src/contract/routes/route.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// Offers are cut a page at a time from an order the database gives by a bound of each mechanic's
// first open start (docs/decisions/0242), the bound read from days PostgreSQL keeps from the
// weekly hours (docs/decisions/0290). Whatever a mechanic changes (hours, a booking confirmed then
// cancelled, time off), walking the pages must give the same offers in the same order as the whole
// list read at once, which computes every open start and sorts them. An airport no other suite uses.

const AIRPORT = 'KPIH';
type Availability = InputOf<typeof ROUTES.bookingAvailabilitySave>;
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '08:00', end: '17:00' }));

describe('offers stay in order while a calendar changes', () => {
  it('pages agree with the whole list after hours, a booking, its cancellation and time off change', async () => {
    // Far enough ahead that a booking on the first day can be cancelled (the 72-hour window).
    const from = addDays(todayIn('America/Denver'), 8);
    // The cheapest mechanic first works only on the weekday three days after `from`: every other
    // mechanic (Monday to Friday) is bound to start before it, so a page of one is cut before it.
    const cheapest = await bookableMechanic(AIRPORT, {
      weekly: [{ day: weekdayOf(addDays(from, 3)), start: '08:00', end: '17:00' }],
    });
    const setRate = async (token: string, priceCents: number) =>
      expect((await callRoute(ROUTES.bookingRatesSave, { body: [annualRate({ priceCents })], as: token })).status).toBe(
        200,
      );
    await setRate(cheapest.token, 90_000);
    for (const priceCents of [150_000, 160_000, 170_000, 180_000])
      await setRate((await bookableMechanic(AIRPORT)).token, priceCents);
    const { owner, aircraftId } = await ownerWithPlane(AIRPORT);
    const other = await ownerWithPlane(AIRPORT);

    const agree = async (step: string) => {
      const whole = await offerPages(owner.token, aircraftId, 100, from);
      expect(whole, step).toHaveLength(5);
      expect(whole.map(offerOrderKey), step).toEqual(whole.map(offerOrderKey).sort());
      for (const limit of [1, 2, 3]) {
        expect(await offerPages(owner.token, aircraftId, limit, from), `${step}, pages of ${limit}`).toEqual(whole);
      }
      return whole;
    };
    const setAvailability = async (weekly: Availability['weekly'], timeOff: Availability['timeOff'] = []) => {
      const res = await callRoute(ROUTES.bookingAvailabilitySave, {
        body: { timeZone: 'America/Denver', weekly, timeOff, maxConcurrentJobs: 1 },
        as: cheapest,
      });
      expect(res.status, res.text).toBe(200);
    };

    expect((await agree('at first')).at(-1)!.mechanicId).toBe(cheapest.id);

    // Working every day, the cheapest is now free first.
    await setAvailability(EVERY_DAY);
    const everyDay = (await agree('after the hours changed'))[0]!;
    expect(everyDay.mechanicId).toBe(cheapest.id);
    expect(everyDay.openStarts[0]).toBe(from);

    // Booked on its first day by another owner, then cancelled: first again.
    const appointment = await book(other.owner, other.aircraftId, cheapest.id, from);
    const booked = await agree('after a booking');
    expect(booked.find((o) => o.mechanicId === cheapest.id)!.openStarts[0]! > from).toBe(true);
    const cancelled = await callRoute(ROUTES.bookingCancel, { params: { id: appointment.id }, as: other.owner });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await agree('after the booking was cancelled'))[0]!.mechanicId).toBe(cheapest.id);

    // Away for the first ten days: after the others again.
    await setAvailability(EVERY_DAY, [{ from, to: addDays(from, 10) }]);
    const away = await agree('after time off');
    expect(away.find((o) => o.mechanicId === cheapest.id)!.openStarts[0]).toBe(addDays(from, 11));

    // Back to weekdays: in the order of its price among the others.
    await setAvailability(WEEKDAYS_8_TO_5);
    await agree('after the hours changed back');
  });
});
