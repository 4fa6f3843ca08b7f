import { expect, test } from 'vitest';
import { addDays, fits, jobDays, openStarts, type Schedule } from './calendar.ts';
import { todayIn, zonedToUtc as instantAt } from '../../contract/zoned-time.ts';

const weekdays: Schedule = {
  timeZone: 'America/Denver',
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' })),
  timeOff: [{ from: '2027-01-04', to: '2027-01-05' }],
  maxConcurrentJobs: 1,
};

test('a local time becomes the right instant on both sides of a DST change', () => {
  expect(instantAt('2027-03-12', '08:00', 'America/Denver').toISOString()).toBe('2027-03-12T15:00:00.000Z');
  expect(instantAt('2027-03-15', '08:00', 'America/Denver').toISOString()).toBe('2027-03-15T14:00:00.000Z');
  expect(instantAt('2027-11-05', '08:00', 'America/New_York').toISOString()).toBe('2027-11-05T12:00:00.000Z');
  expect(instantAt('2027-11-08', '08:00', 'America/New_York').toISOString()).toBe('2027-11-08T13:00:00.000Z');
  // Arizona keeps standard time all year.
  expect(instantAt('2027-07-01', '08:00', 'America/Phoenix').toISOString()).toBe('2027-07-01T15:00:00.000Z');
});

test('today is the calendar day of the time zone, not of UTC', () => {
  expect(todayIn('America/Denver', new Date('2026-11-26T05:00:00Z'))).toBe('2026-11-25');
  expect(todayIn('UTC', new Date('2026-11-26T05:00:00Z'))).toBe('2026-11-26');
});

test('a job takes working days only: weekends and time off are skipped, a day off cannot start one', () => {
  expect(jobDays(weekdays, '2026-12-11', 3)).toEqual(['2026-12-11', '2026-12-14', '2026-12-15']); // Fri, Mon, Tue
  expect(jobDays(weekdays, '2026-12-12', 1)).toBeNull(); // a Saturday
  expect(jobDays(weekdays, '2027-01-04', 1)).toBeNull(); // time off
  expect(jobDays(weekdays, '2027-01-01', 2)).toEqual(['2027-01-01', '2027-01-06']);
});

test('open starts leave out days already full', () => {
  const busy = new Map([['2026-12-15', 1]]);
  expect(fits(weekdays, ['2026-12-14', '2026-12-15'], busy)).toBe(false);
  expect(openStarts(weekdays, '2026-12-14', 2, busy, 3, 30)).toEqual(['2026-12-16', '2026-12-17', '2026-12-18']);
  expect(openStarts({ ...weekdays, maxConcurrentJobs: 2 }, '2026-12-14', 2, busy, 2, 30)).toEqual([
    '2026-12-14',
    '2026-12-15',
  ]);
});

test('open starts are, day for day, the starts whose job days (jobDays) all fit (fits)', () => {
  // The definition, written the slow way: each start's job days, then whether they all fit.
  const reference = (
    s: Schedule,
    from: string,
    days: number,
    busy: Map<string, number>,
    count: number,
    horizon: number,
  ) => {
    const found: string[] = [];
    for (let i = 0; i < horizon && found.length < count; i += 1) {
      const start = addDays(from, i);
      const taken = jobDays(s, start, days);
      if (taken && fits(s, taken, busy)) found.push(start);
    }
    return found;
  };
  let seed = 34;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  for (let run = 0; run < 400; run += 1) {
    const from = addDays('2026-12-01', random(400));
    const schedule: Schedule = {
      timeZone: 'America/Denver',
      weekly: [0, 1, 2, 3, 4, 5, 6].filter(() => random(3) > 0).map((day) => ({ day, start: '08:00', end: '17:00' })),
      timeOff: Array.from({ length: random(3) }, () => {
        const start = addDays(from, random(60) - 5);
        return { from: start, to: addDays(start, random(3) === 0 ? 60 + random(30) : random(20)) };
      }),
      maxConcurrentJobs: random(3),
    };
    const busy = new Map<string, number>();
    for (let k = random(30); k > 0; k -= 1) busy.set(addDays(from, random(70) - 3), 1 + random(3));
    const days = 1 + random(5);
    const count = 1 + random(6);
    const horizon = random(95);
    expect(openStarts(schedule, from, days, busy, count, horizon), `run ${run}`).toEqual(
      reference(schedule, from, days, busy, count, horizon),
    );
  }
  // A job never spreads past 7 calendar days per day of work and 60 more: Mondays, Thursdays and
  // Fridays, with a long time off right after the first Monday, its end on each side of that limit.
  for (let away = 55; away < 80; away += 1) {
    const schedule: Schedule = {
      ...weekdays,
      weekly: [1, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' })),
      timeOff: [{ from: '2026-12-08', to: addDays('2026-12-08', away) }],
    };
    const busy = new Map<string, number>();
    expect(openStarts(schedule, '2026-12-07', 2, busy, 3, 120), `away ${away}`).toEqual(
      reference(schedule, '2026-12-07', 2, busy, 3, 120),
    );
  }
});

test('open starts print their days as the calendar does, across month, leap-year and century ends', () => {
  const everyDay: Schedule = {
    ...weekdays,
    weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '08:00', end: '17:00' })),
    timeOff: [],
  };
  for (const from of ['1999-12-30', '2024-02-27', '2027-12-29', '2099-12-30', '2100-02-27', '2400-02-27']) {
    expect(openStarts(everyDay, from, 1, new Map(), 5, 5)).toEqual([0, 1, 2, 3, 4].map((i) => addDays(from, i)));
  }
});
