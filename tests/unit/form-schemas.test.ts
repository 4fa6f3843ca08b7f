import { describe, expect, test } from 'vitest';
import { AirmenUploadFormSchema } from '../../src/contract/airmen-file.ts';
import { AvailabilityFormSchema, RatesFormSchema, type RateRowValues } from '../../src/contract/booking.ts';
import { catalogFormSchema, SETTINGS_CATALOG } from '../../src/contract/settings-catalog.ts';

// The forms converted to the one form stack check with the route's own schema on the body they
// send, and each problem lands on the field the user fixes (docs/decisions/0457-one-form-stack.md).

const problems = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

const rate = (patch: Partial<RateRowValues> = {}): RateRowValues => ({
  serviceType: 'annual_inspection',
  aircraftClass: 'single_piston_fixed',
  price: '1,850',
  days: '2',
  includes: '',
  ...patch,
});

describe('the rates form', () => {
  test('a price that is no amount is said once, in dollars, under that row’s price', () => {
    expect(
      problems(RatesFormSchema.safeParse({ rates: [rate(), rate({ aircraftClass: 'twin_piston', price: 'abc' })] })),
    ).toEqual([['rates.1.price', 'Each rate needs a price in dollars']]);
  });

  test('the route’s own rules land under the row’s field (days, a second price for the same class)', () => {
    expect(problems(RatesFormSchema.safeParse({ rates: [rate({ days: '40' }), rate()] }))).toEqual([
      ['rates.0.days', 'Days must be at most 30'],
      ['rates.1.aircraftClass', 'Each service type and aircraft class has one price'],
    ]);
    expect(RatesFormSchema.safeParse({ rates: [rate()] }).success).toBe(true);
  });
});

describe('the calendar form', () => {
  const week = (days: Record<number, [string, string]>) =>
    [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: days[day]?.[0] ?? '', end: days[day]?.[1] ?? '' }));
  const calendar = (patch = {}) => ({
    timeZone: 'America/Denver',
    weekly: week({ 1: ['08:00', '17:00'], 3: ['09:00', '08:00'] }),
    timeOff: [{ from: '2026-12-20', to: '2026-12-19' }],
    maxConcurrentJobs: '0',
    freeCancelHours: '48',
    ...patch,
  });

  test('a day’s problem is under that day of the seven, not under its place among the days worked', () => {
    expect(problems(AvailabilityFormSchema.safeParse(calendar()))).toEqual([
      ['weekly.3.end', 'End must be after start'],
      ['timeOff.0.to', 'To must be on or after From'],
      ['maxConcurrentJobs', 'Maximum jobs at once must be at least 1'],
    ]);
  });

  test('a week with the days off left empty and whole numbers passes', () => {
    const ok = calendar({ weekly: week({ 1: ['08:00', '17:00'] }), timeOff: [], maxConcurrentJobs: '2' });
    expect(AvailabilityFormSchema.safeParse(ok).success).toBe(true);
  });
});

test('a console setting is checked by the server’s rule, its problem under setting_value', () => {
  const deposit = catalogFormSchema(SETTINGS_CATALOG.depositPercent);
  expect(problems(deposit.safeParse({ setting_value: '150' }))).toEqual([
    ['setting_value', 'Deposit for parts must be between 0 and 100 percent'],
  ]);
  expect(deposit.safeParse({ setting_value: '25' }).success).toBe(true);
});

test('the airmen upload needs a month and the ZIP or both files, said under the ZIP', () => {
  const file = new Blob(['x']);
  expect(problems(AirmenUploadFormSchema.safeParse({ month: '2026-10', zip: null, basic: file, cert: null }))).toEqual([
    ['zip', 'Choose the FAA’s ZIP, or both files: NONPILOT_BASIC.csv and NONPILOT_CERT.csv'],
  ]);
  expect(problems(AirmenUploadFormSchema.safeParse({ month: '10/2026', zip: file, basic: null, cert: null }))).toEqual([
    ['month', 'Month must be the file’s month as YYYY-MM'],
  ]);
  expect(AirmenUploadFormSchema.safeParse({ month: '2026-10', zip: null, basic: file, cert: file }).success).toBe(true);
});
