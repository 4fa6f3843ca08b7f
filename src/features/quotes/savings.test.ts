import { describe, expect, it } from 'vitest';
import { estimateSavingsPercent, MAX_CLAIMED_SAVINGS_PERCENT, OUR_TYPICAL_PRICE } from './savings.ts';

describe('estimateSavingsPercent', () => {
  it('compares the invoice with our price for that service and aircraft', () => {
    // Annual on a single-engine piston is 1800: a 2250 invoice is 20% more expensive.
    expect(estimateSavingsPercent('annual', 'single-engine', 2250)).toBe(20);
    // The same invoice for a 100-hour (1500) saves a third.
    expect(estimateSavingsPercent('100-hour', 'single-engine', 2250)).toBe(33);
  });

  it('depends on the aircraft class', () => {
    expect(estimateSavingsPercent('annual', 'turboprop', 9000)).toBe(17);
    expect(estimateSavingsPercent('annual', 'experimental', 9000)).toBe(MAX_CLAIMED_SAVINGS_PERCENT);
  });

  it('says nothing without an invoice or when we would not be cheaper', () => {
    expect(estimateSavingsPercent('annual', 'jet', null)).toBeUndefined();
    expect(estimateSavingsPercent('annual', 'jet', 0)).toBeUndefined();
    expect(estimateSavingsPercent('annual', 'jet', OUR_TYPICAL_PRICE.annual.jet)).toBeUndefined();
    expect(estimateSavingsPercent('annual', 'jet', 1000)).toBeUndefined();
  });
});
