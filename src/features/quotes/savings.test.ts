import { describe, expect, it } from 'vitest';
import {
  ESTIMATE_CEILING,
  INVOICE_BOUNDS,
  MAX_CLAIMED_SAVINGS_PERCENT,
  invoiceBeyondClass,
  estimateSavings,
  estimateSavingsPercent,
  invoiceOutOfBounds,
} from '../../contract/savings.ts';

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

  it('promises no figure for an invoice far above what the service costs on that class of aircraft', () => {
    // A $250,000 labor-only annual on a Cessna 172 was promised "about $50,000".
    expect(estimateSavings('annual', 'single-engine', 250_000, 'no')).toBeUndefined();
    expect(invoiceBeyondClass('annual', 'single-engine', 250_000)).toBe(true);
    expect(invoiceBeyondClass('annual', 'single-engine', ESTIMATE_CEILING.annual['single-engine'])).toBe(false);
    // The same amount is a jet's annual: estimated as before.
    expect(estimateSavings('annual', 'jet', 250_000, 'yes')).toBeDefined();
    // The figure never exceeds what the ceiling allows on that class.
    for (const [service, classes] of Object.entries(ESTIMATE_CEILING))
      for (const [aircraft, ceiling] of Object.entries(classes)) {
        const e = estimateSavings(service as 'annual', aircraft as 'jet', ceiling, 'no');
        if (e) expect(e.dollars).toBeLessThanOrEqual(ceiling * (MAX_CLAIMED_SAVINGS_PERCENT / 100));
        expect(ceiling).toBeLessThanOrEqual(INVOICE_BOUNDS[service as 'annual'].max);
      }
  });

  it('says nothing without an invoice or when we would not be cheaper', () => {
    expect(estimateSavingsPercent('annual', 'jet', null)).toBeUndefined();
    expect(estimateSavingsPercent('annual', 'jet', 0)).toBeUndefined();
    expect(estimateSavingsPercent('annual', 'single-engine', 2500, 'unsure')).toBeUndefined();
    expect(estimateSavingsPercent('annual', 'jet', 18_000, 'no')).toBeUndefined();
  });
});
