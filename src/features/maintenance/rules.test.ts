import { describe, expect, it } from 'vitest';
import { addMonthsClamped, daysBetween, endOfCalendarMonthsAfter, isLeapYear } from './dates.ts';
import {
  averageHoursPerDay,
  citeOf,
  computeDue,
  dateStatus,
  forecastDate,
  hoursStatus,
  hundredHourCarry,
  itemProblem,
  requestDescription,
  serviceTypeFor,
  urgencyFor,
  verdict,
  type Clocks,
  type ItemFacts,
  overdueEffect,
} from './rules.ts';

const clocks = (over: Partial<Clocks> = {}): Clocks => ({
  today: '2026-06-15',
  currentHours: 1000,
  hoursPerDay: null,
  dueSoonDays: 30,
  dueSoonHours: 10,
  ...over,
});
const item = (over: Partial<ItemFacts>): ItemFacts => ({
  kind: 'custom',
  lastDoneDate: null,
  lastDoneHours: null,
  intervalMonths: null,
  intervalHours: null,
  fixedDueDate: null,
  fixedDueHours: null,
  carriedHours: 0,
  ...over,
});

describe('calendar months', () => {
  it('the annual is due through the last day of the 12th month after the month it was done', () => {
    expect(endOfCalendarMonthsAfter('2026-03-10', 12)).toBe('2027-03-31');
    expect(endOfCalendarMonthsAfter('2026-03-01', 12)).toBe('2027-03-31');
    expect(endOfCalendarMonthsAfter('2026-03-31', 12)).toBe('2027-03-31');
    expect(endOfCalendarMonthsAfter('2026-11-20', 24)).toBe('2028-11-30');
    expect(endOfCalendarMonthsAfter('2026-12-05', 1)).toBe('2027-01-31');
  });

  it('ends February on the 29th in leap years only', () => {
    expect(isLeapYear(2028)).toBe(true);
    expect(isLeapYear(2100)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
    expect(endOfCalendarMonthsAfter('2027-02-10', 12)).toBe('2028-02-29');
    expect(endOfCalendarMonthsAfter('2026-02-10', 12)).toBe('2027-02-28');
    expect(endOfCalendarMonthsAfter('2099-02-10', 12)).toBe('2100-02-28');
  });

  it('owner and AD months keep the day, clamped to shorter months', () => {
    expect(addMonthsClamped('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonthsClamped('2024-02-29', 48)).toBe('2028-02-29');
    expect(addMonthsClamped('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsClamped('2026-05-15', 4)).toBe('2026-09-15');
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
  });

  it('computes the annual, transponder and ELT by calendar months and a custom item by date', () => {
    expect(computeDue(item({ kind: 'annual', lastDoneDate: '2026-03-10', intervalMonths: 12 }), clocks()).dueDate).toBe(
      '2027-03-31',
    );
    expect(
      computeDue(item({ kind: 'transponder', lastDoneDate: '2025-01-02', intervalMonths: 24 }), clocks()).dueDate,
    ).toBe('2027-01-31');
    expect(computeDue(item({ kind: 'elt', lastDoneDate: '2025-07-20', intervalMonths: 12 }), clocks()).dueDate).toBe(
      '2026-07-31',
    );
    expect(computeDue(item({ kind: 'custom', lastDoneDate: '2026-05-20', intervalMonths: 4 }), clocks()).dueDate).toBe(
      '2026-09-20',
    );
  });
});

describe('status on each clock', () => {
  it('by date: due through the due date, overdue the day after, due soon within the days', () => {
    expect(dateStatus('2026-06-15', '2026-06-15', 30)).toBe('due_soon');
    expect(dateStatus('2026-06-14', '2026-06-15', 30)).toBe('overdue');
    expect(dateStatus('2026-07-15', '2026-06-15', 30)).toBe('due_soon');
    expect(dateStatus('2026-07-16', '2026-06-15', 30)).toBe('ok');
    expect(dateStatus('2026-07-16', '2026-06-15', 31)).toBe('due_soon');
    expect(dateStatus(null, '2026-06-15', 30)).toBe('ok');
  });

  it('by hours: overdue once flown past, due soon within the hours', () => {
    expect(hoursStatus(1100, 1100, 10)).toBe('due_soon');
    expect(hoursStatus(1100, 1100.1, 10)).toBe('overdue');
    expect(hoursStatus(1100, 1090, 10)).toBe('due_soon');
    expect(hoursStatus(1100, 1089.9, 10)).toBe('ok');
    expect(hoursStatus(1100, null, 10)).toBe('ok');
  });

  it('whichever comes first: the worse status and both due values', () => {
    // Oil every 50 h or 4 months: hours fine, date past.
    const oil = item({ lastDoneDate: '2026-01-10', lastDoneHours: 980, intervalMonths: 4, intervalHours: 50 });
    expect(computeDue(oil, clocks())).toMatchObject({ dueDate: '2026-05-10', dueHours: 1030, status: 'overdue' });
    // Date fine, hours soon.
    const oil2 = item({ lastDoneDate: '2026-06-01', lastDoneHours: 955, intervalMonths: 4, intervalHours: 50 });
    expect(computeDue(oil2, clocks())).toMatchObject({ dueDate: '2026-10-01', dueHours: 1005, status: 'due_soon' });
    // A recurring AD with a fixed final date earlier than its interval: the earlier wins.
    const ad = item({
      kind: 'ad',
      lastDoneDate: '2026-01-01',
      intervalMonths: 12,
      fixedDueDate: '2026-08-01',
      lastDoneHours: 900,
      intervalHours: 500,
      fixedDueHours: 1200,
    });
    expect(computeDue(ad, clocks())).toMatchObject({ dueDate: '2026-08-01', dueHours: 1200, status: 'ok' });
  });

  it('a one-time item by a fixed date or hours', () => {
    expect(computeDue(item({ kind: 'registration', fixedDueDate: '2026-07-31' }), clocks()).status).toBe('ok');
    expect(computeDue(item({ kind: 'registration', fixedDueDate: '2026-07-01' }), clocks()).status).toBe('due_soon');
    expect(computeDue(item({ kind: 'ad', fixedDueHours: 995 }), clocks())).toMatchObject({
      dueHours: 995,
      status: 'overdue',
    });
  });
});

describe('100-hour inspection', () => {
  it('is due 100 hours after the last one', () => {
    expect(computeDue(item({ kind: '100_hour', lastDoneHours: 950, intervalHours: 100 }), clocks()).dueHours).toBe(
      1050,
    );
  });

  it('carries up to 10 hours of excess toward the next 100', () => {
    expect(hundredHourCarry(1200, 1206)).toBe(6);
    expect(hundredHourCarry(1200, 1210)).toBe(10);
    expect(hundredHourCarry(1200, 1210.1)).toBe(0);
    expect(hundredHourCarry(1200, 1195)).toBe(0);
    expect(hundredHourCarry(null, 1206)).toBe(0);
    expect(
      computeDue(
        item({ kind: '100_hour', lastDoneHours: 1206, intervalHours: 100, carriedHours: 6 }),
        clocks({ currentHours: 1250 }),
      ).dueHours,
    ).toBe(1300);
  });

  it('carried hours only count on a 100-hour item', () => {
    expect(
      computeDue(item({ kind: 'custom', lastDoneHours: 1206, intervalHours: 100, carriedHours: 6 }), clocks()).dueHours,
    ).toBe(1306);
  });

  it('within the allowance it is overdue, and the verdict for hire says the ferry allowance', () => {
    const due = computeDue(
      item({ kind: '100_hour', lastDoneHours: 900, intervalHours: 100 }),
      clocks({ currentHours: 1004 }),
    );
    expect(due.status).toBe('overdue');
    const v = verdict(
      'for_hire',
      [{ kind: '100_hour', title: '100-hour inspection', cite: '14 CFR 91.409(b)', ...due }],
      [],
      1004,
    );
    expect(v.airworthy).toBe(false);
    expect(v.reasons[0]!.text).toMatch(/overdue by 4 hours.*only to reach a place where it can be done/);
    expect(v.reasons[0]!.cite).toBe('14 CFR 91.409(b)');
    const beyond = verdict(
      'for_hire',
      [{ kind: '100_hour', title: '100-hour inspection', cite: '14 CFR 91.409(b)', ...due }],
      [],
      1012,
    );
    expect(beyond.reasons[0]!.text).not.toMatch(/only to reach/);
    expect(
      verdict(
        'private',
        [{ kind: '100_hour', title: '100-hour inspection', cite: '14 CFR 91.409(b)', ...due }],
        [],
        1004,
      ).airworthy,
    ).toBe(true);
  });
});

describe('forecast from the last 90 days of readings', () => {
  it('averages hours a day between the first and last reading in the window', () => {
    const readings = [
      { date: '2025-12-01', hours: 700 }, // outside the window
      { date: '2026-03-17', hours: 910 },
      { date: '2026-04-16', hours: 940 },
      { date: '2026-06-15', hours: 1000 },
    ];
    expect(averageHoursPerDay(readings, '2026-06-15')).toBeCloseTo(1, 5);
    expect(averageHoursPerDay(readings.slice(0, 1), '2026-06-15')).toBeNull();
    expect(
      averageHoursPerDay(
        [
          { date: '2026-06-01', hours: 900 },
          { date: '2026-06-01', hours: 905 },
        ],
        '2026-06-15',
      ),
    ).toBeNull();
    expect(
      averageHoursPerDay(
        [
          { date: '2026-05-01', hours: 900 },
          { date: '2026-06-01', hours: 900 },
        ],
        '2026-06-15',
      ),
    ).toBeNull();
  });

  it('dates the day the due hours are reached', () => {
    expect(forecastDate(1050, { today: '2026-06-15', currentHours: 1000, hoursPerDay: 2 })).toBe('2026-07-10');
    expect(forecastDate(1050, { today: '2026-06-15', currentHours: 1000, hoursPerDay: 0.3 })).toBe('2026-11-28');
    expect(forecastDate(1050, { today: '2026-06-15', currentHours: 1000, hoursPerDay: null })).toBeNull();
    expect(forecastDate(990, { today: '2026-06-15', currentHours: 1000, hoursPerDay: 2 })).toBeNull();
    expect(
      computeDue(item({ kind: '100_hour', lastDoneHours: 950, intervalHours: 100 }), clocks({ hoursPerDay: 5 }))
        .forecastDate,
    ).toBe('2026-06-25');
  });
});

describe('verdict', () => {
  const base = { title: 'x', dueDate: '2026-01-31', dueHours: null };
  it('airworthy with nothing overdue', () => {
    expect(
      verdict('private', [{ kind: 'annual', cite: '14 CFR 91.409(a)', status: 'due_soon', ...base }], [], 1000),
    ).toEqual({ airworthy: true, reasons: [], limits: [] });
  });

  it('names each reason with its cite: annual, AD, grounding squawk; the transponder a limit; not owner items', () => {
    const v = verdict(
      'private',
      [
        { kind: 'annual', cite: '14 CFR 91.409(a)', status: 'overdue', ...base },
        { kind: 'ad', cite: 'AD 2020-18-03, 14 CFR part 39', status: 'overdue', ...base, title: 'AD 2020-18-03' },
        { kind: 'transponder', cite: '14 CFR 91.413', status: 'overdue', ...base },
        { kind: 'custom', cite: 'Owner schedule', status: 'overdue', ...base },
      ],
      [
        { title: 'Cracked exhaust', priority: 'grounding', status: 'open' },
        { title: 'Old', priority: 'grounding', status: 'resolved' },
        { title: 'Loose knob', priority: 'fix_soon', status: 'open' },
      ],
      1000,
    );
    expect(v.airworthy).toBe(false);
    expect(v.reasons).toEqual([
      { text: 'Annual inspection overdue (was due by Jan 31, 2026)', cite: '14 CFR 91.409(a)' },
      { text: 'AD 2020-18-03 overdue', cite: 'AD 2020-18-03, 14 CFR part 39' },
      { text: 'Open grounding squawk: Cracked exhaust', cite: '14 CFR 91.7' },
    ]);
    expect(v.limits.map((r) => r.cite)).toEqual(['14 CFR 91.413, 91.215']);
  });

  it('each kind overdue does what 14 CFR says: grounds, limits or nothing', () => {
    expect(overdueEffect('annual', 'private')).toBe('grounds');
    expect(overdueEffect('ad', 'private')).toBe('grounds');
    expect(overdueEffect('elt', 'private')).toBe('grounds');
    expect(overdueEffect('registration', 'private')).toBe('grounds');
    expect(overdueEffect('100_hour', 'for_hire')).toBe('grounds');
    expect(overdueEffect('100_hour', 'private')).toBe('none');
    expect(overdueEffect('transponder', 'private')).toBe('limits');
    expect(overdueEffect('pitot_static', 'private')).toBe('limits');
    expect(overdueEffect('custom', 'private')).toBe('none');
  });

  it('a deferred line is judged by the due item it answers; one answering none is a discrepancy that grounds', () => {
    const transponder = {
      ...base,
      id: 't',
      kind: 'transponder' as const,
      title: 'Transponder check',
      cite: '14 CFR 91.413',
      status: 'overdue' as const,
    };
    const deferred = (description: string) => ({
      description,
      category: 'airworthy' as const,
      dueItemId: null,
      squawkId: null,
    });
    const alone = verdict('private', [transponder], [], 1000);
    const withDeferral = verdict('private', [transponder], [], 1000, [deferred('Transponder check (91.413)')]);
    expect(withDeferral).toEqual(alone);
    expect(alone.airworthy).toBe(true);
    const discrepancy = verdict('private', [transponder], [], 1000, [deferred('Replace cracked exhaust clamp')]);
    expect(discrepancy.airworthy).toBe(false);
    expect(discrepancy.reasons).toEqual([
      { text: 'Airworthiness item deferred by owner: Replace cracked exhaust clamp', cite: '14 CFR 91.403' },
    ]);
    expect(
      verdict('private', [transponder], [], 1000, [{ ...deferred('Wash'), category: 'discretionary' }]).airworthy,
    ).toBe(true);
  });
});

describe('item checks and cites', () => {
  const blank = {
    lastDoneDate: null,
    lastDoneHours: null,
    intervalMonths: null,
    intervalHours: null,
    fixedDueDate: null,
    fixedDueHours: null,
    adNumber: null,
    title: null,
  };
  it('refuses what cannot come due', () => {
    expect(itemProblem('ad', blank)).toMatch(/AD number is required/);
    expect(itemProblem('ad', { ...blank, adNumber: '2020-1-3' })).toMatch(/YYYY-NN-NN/);
    expect(itemProblem('custom', { ...blank, intervalHours: 50, lastDoneHours: 10 })).toMatch(/Title is required/);
    expect(itemProblem('registration', blank)).toMatch(/expiry date/);
    expect(itemProblem('annual', { ...blank, intervalMonths: 12 })).toBe(
      'Last done date is required for an item due every 12 months',
    );
    expect(itemProblem('custom', { ...blank, title: 'Oil', intervalHours: 50 })).toMatch(
      /Last done hours are required/,
    );
    expect(itemProblem('custom', { ...blank, title: 'Oil' })).toMatch(/interval/);
    expect(itemProblem('ad', { ...blank, adNumber: '2020-18-03', lastDoneDate: '2021-01-01' })).toBeNull();
  });

  it('cites the rule', () => {
    expect(citeOf('annual', null, true)).toBe('14 CFR 91.409(a)');
    expect(citeOf('ad', '2020-18-03', false)).toBe('AD 2020-18-03, 14 CFR part 39');
    expect(citeOf('elt', null, false)).toBe('14 CFR 91.207(c)');
    expect(citeOf('pitot_static', null, true)).toBe('14 CFR 91.411');
  });
});

describe('service request from items', () => {
  const annual = {
    kind: 'annual' as const,
    title: 'Annual inspection',
    cite: '14 CFR 91.409(a)',
    status: 'overdue' as const,
    dueDate: '2026-05-31',
    dueHours: null,
  };
  const hundred = {
    kind: '100_hour' as const,
    title: '100-hour inspection',
    cite: '14 CFR 91.409(b)',
    status: 'due_soon' as const,
    dueDate: null,
    dueHours: 1050,
  };
  const squawk = { title: 'Cracked exhaust', description: 'Left stack', priority: 'grounding' as const };
  it('chooses the service type and urgency', () => {
    expect(serviceTypeFor([hundred, annual], [])).toBe('annual_inspection');
    expect(serviceTypeFor([hundred], [squawk])).toBe('hundred_hour');
    expect(serviceTypeFor([], [squawk])).toBe('emergency_repair');
    expect(serviceTypeFor([], [{ ...squawk, priority: 'fix_soon' }])).toBe('scheduled_maintenance');
    expect(urgencyFor([hundred], [])).toBe('normal');
    expect(urgencyFor([annual], [])).toBe('high');
  });

  it('lists each item with its cite', () => {
    expect(requestDescription('N123AB', [annual, hundred], [squawk], '2026-11-29')).toBe(
      [
        'Maintenance for N123AB:',
        '- Annual inspection (14 CFR 91.409(a)): overdue (was due by May 31, 2026)',
        '- 100-hour inspection (14 CFR 91.409(b)): due soon (due at 1,050 hours)',
        '- Squawk (grounding): Cracked exhaust - Left stack',
      ].join('\n'),
    );
    // An AD titled by its number is named once; on both clocks, whichever comes first.
    const ad = {
      ...annual,
      kind: 'ad' as const,
      title: 'AD 2020-18-03',
      cite: 'AD 2020-18-03, 14 CFR part 39',
      dueDate: '2027-01-01',
      dueHours: 1100,
    };
    expect(requestDescription('N123AB', [ad], [], '2027-02-01')).toBe(
      'Maintenance for N123AB:\n- AD 2020-18-03, 14 CFR part 39: overdue (was due by Jan 1, 2027 or at 1,100 hours, whichever comes first)',
    );
    // Overdue by hours while the date is still ahead: never "was due by" a future date.
    expect(requestDescription('N123AB', [ad], [], '2026-11-25')).toBe(
      'Maintenance for N123AB:\n- AD 2020-18-03, 14 CFR part 39: overdue (was due at 1,100 hours (the date limit is Jan 1, 2027))',
    );
  });
});
