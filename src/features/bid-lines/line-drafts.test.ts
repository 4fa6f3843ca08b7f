import { describe, expect, it } from 'vitest';
import { median } from '../../contract/bid-lines.ts';
import { draftCategoryTotals, draftLine, draftTotals, hoursError, move, usedCategories } from './line-drafts.ts';

describe('draft lines', () => {
  it('totals as typed, to the cent, per category; bad figures count as 0', () => {
    const lines = [
      draftLine({ category: 'inspection', laborHours: '16', laborRate: '95' }),
      draftLine({ category: 'airworthy', laborHours: '1.5', laborRate: '95', partsCost: '42.10' }),
      draftLine({ category: 'discretionary', laborHours: '0.3', laborRate: '95', partsCost: 'abc' }),
      draftLine({ category: 'parts', laborHours: '-2', partsCost: '$1,000' }),
    ];
    expect(draftTotals(lines)).toEqual({ hours: 17.8, laborCost: 1691, partsCost: 1042.1, totalCost: 2733.1 });
    expect(draftCategoryTotals(lines).airworthy).toEqual({
      hours: 1.5,
      laborCost: 142.5,
      partsCost: 42.1,
      totalCost: 184.6,
    });
    expect(usedCategories(lines)).toEqual(['inspection', 'airworthy', 'discretionary', 'parts']);
  });

  it('hours off the 0.1 step are refused as typed and never rounded into the total', () => {
    const odd = draftLine({ category: 'airworthy', laborHours: '1.25', laborRate: '100', partsCost: '80' });
    expect(hoursError(odd)).toBe('Labor hours must be in steps of 0.1');
    expect(draftTotals([odd])).toEqual({ hours: 0, laborCost: 0, partsCost: 80, totalCost: 80 });
    expect(hoursError(draftLine({ laborHours: '1.2' }))).toBeUndefined();
  });

  it('moves lines up and down within the list', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('median of the bids’ hours', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });
});
