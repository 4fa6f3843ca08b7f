import { describe, expect, it } from 'vitest';
import {
  INVOICE_BOUNDS,
  MAX_CLAIMED_SAVINGS_PERCENT,
  estimateSavings,
  estimateSavingsPercent,
  invoiceOutOfBounds,
} from './savings.ts';

describe('estimateSavings (docs/decisions/0191-honest-savings-estimate.md)', () => {
  it('compares labor with labor: an invoice that may include parts loses the usual parts share first', () => {
    // The case: $3,200 for an annual on a single-engine piston was "$1,408 (44%)" against
    // a labor-only price. Its labor, less the usual 30% of parts, is $2,240 against our $1,800.
    expect(estimateSavings('annual', 'single-engine', 3200, 'unsure')).toEqual({
      percent: 20,
      dollars: 448,
      ourPrice: 1800,
      comparedLabor: 2240,
      partsShare: 0.3,
      capped: false,
    });
    expect(estimateSavings('annual', 'single-engine', 3200, 'yes')?.percent).toBe(20);
    // A labor-only invoice is compared whole.
    expect(estimateSavings('annual', 'single-engine', 2000, 'no')).toMatchObject({
      percent: 10,
      dollars: 200,
      partsShare: null,
    });
  });

  it('never says more than the business claims, and says when it held the figure back', () => {
    const e = estimateSavings('annual', 'single-engine', 3200, 'no')!;
    expect(e).toMatchObject({ percent: MAX_CLAIMED_SAVINGS_PERCENT, dollars: 640, capped: true });
  });

  it('refuses amounts no such service costs', () => {
    expect(estimateSavingsPercent('annual', 'jet', 50_000_000_000)).toBeUndefined();
    expect(invoiceOutOfBounds('annual', 'Annual Inspection', 50_000_000_000)).toBe(
      'Last invoice amount for annual inspection must be between $300 and $400,000',
    );
    expect(invoiceOutOfBounds('annual', 'Annual Inspection', INVOICE_BOUNDS.annual.max)).toBeNull();
  });

  it('says nothing without an invoice or when we would not be cheaper', () => {
    expect(estimateSavingsPercent('annual', 'jet', null)).toBeUndefined();
    expect(estimateSavingsPercent('annual', 'jet', 0)).toBeUndefined();
    expect(estimateSavingsPercent('annual', 'single-engine', 2500, 'unsure')).toBeUndefined();
    expect(estimateSavingsPercent('annual', 'jet', 18_000, 'no')).toBeUndefined();
  });
});
