import { expect, test } from 'vitest';
import { fits, jobDays, openStarts, type Schedule } from './calendar.ts';
import { todayIn, zonedToUtc as instantAt } from '../marketplace/schedule/zoned-time.ts';

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
