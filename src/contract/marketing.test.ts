import { describe, expect, it } from 'vitest';
import { cleanKeywords, LeadSearchSchema, parseQuantity } from './marketing.ts';
import { US_STATES } from './us-states.ts';

describe('marketing contract', () => {
  it('has the 50 states', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(50);
  });
  it('ignores empty and duplicate keywords', () => {
    expect(cleanKeywords([' A&P mechanic ', '', 'a&p MECHANIC', 'pilot'])).toEqual(['A&P mechanic', 'pilot']);
  });
  it('falls back to 50 results when not numeric', () => {
    expect(parseQuantity('abc')).toBe(50);
    expect(parseQuantity('')).toBe(50);
    expect(parseQuantity('20')).toBe(20);
  });
  it('defaults roles to pilot and reads state names', () => {
    expect(LeadSearchSchema.parse({ keywords: ['x'], states: ['california', 'TX'] })).toEqual({
      keywords: ['x'],
      states: ['CA', 'TX'],
      roles: ['pilot'],
      quantity: 50,
      test_mode: false,
    });
  });
  it('refuses no keyword, an unknown state and 101 results', () => {
    expect(LeadSearchSchema.safeParse({ keywords: [' '] }).error?.issues[0]?.message).toBe(
      'Please add at least one keyword',
    );
    expect(LeadSearchSchema.safeParse({ keywords: ['x'], states: ['Ontario'] }).success).toBe(false);
    expect(LeadSearchSchema.safeParse({ keywords: ['x'], quantity: 101 }).success).toBe(false);
  });
});
