import { describe, expect, it } from 'vitest';
import {
  answerIds,
  answerOptions,
  answerTitle,
  bidCoverage,
  suggestedAnswer,
  workDone,
  type CoverageLine,
} from './line-coverage.ts';

const annual = { id: 'annual', kind: 'annual' as const, title: 'Annual inspection', adNumber: null };
const transponder = { id: 'xpdr', kind: 'transponder' as const, title: 'Transponder check', adNumber: null };
const ad = { id: 'ad', kind: 'ad' as const, title: 'AD 2011-10-09', adNumber: '2011-10-09' };
const tire = { id: 'tire', title: 'Left main tire worn' };
const line = (
  description: string,
  decision: CoverageLine['decision'] = 'approve',
  more: Partial<CoverageLine> = {},
): CoverageLine => ({ description, decision, dueItemId: null, squawkId: null, ...more });

describe('bidCoverage: what a quote answers of the request', () => {
  it('reads the items from the lines’ words or ids, and says what is left out', () => {
    const lines = [
      line('Annual inspection, C182P', null),
      line('Replace left main tire worn past limits', null),
      line('AD 2011-10-09 seat rail', null),
    ];
    expect(bidCoverage(lines, [annual, transponder, ad], [tire])).toEqual({
      coveredItemIds: ['annual', 'ad'],
      missingItemIds: ['xpdr'],
      coveredSquawkIds: ['tire'],
      missingSquawkIds: [],
    });
  });

  it('a plain quote (one line naming nothing) is the whole request', () => {
    expect(bidCoverage([line('Annual Inspection', null)], [annual, transponder], [tire]).missingItemIds).toEqual([]);
  });

  it('a quote itemized into one line answers what its words name, not the whole request', () => {
    expect(bidCoverage([line('Annual inspection, C182P', null)], [annual, transponder], [tire])).toEqual({
      coveredItemIds: ['annual'],
      missingItemIds: ['xpdr'],
      coveredSquawkIds: [],
      missingSquawkIds: ['tire'],
    });
    // And at signing: the transponder it never named stays due.
    expect(workDone([line('Annual inspection, C182P')], [annual, transponder], []).itemIds).toEqual(['annual']);
  });

  it('a line naming another item by id answers only that one', () => {
    const lines = [line('Annual and transponder', null, { dueItemId: 'annual' }), line('Travel', null)];
    expect(bidCoverage(lines, [annual, transponder], []).missingItemIds).toEqual(['xpdr']);
  });
});

describe('workDone: only approved work completes', () => {
  it('a deferred or declined line keeps its item due, with the decision and its date', () => {
    const lines = [
      line('Annual inspection'),
      line('Transponder check', 'defer', { decidedAt: '2026-11-24T15:00:00.000Z' }),
      line('Replace left main tire worn', 'decline'),
    ];
    expect(workDone(lines, [annual, transponder], [tire])).toEqual({
      itemIds: ['annual'],
      squawkIds: [],
      leftOpen: [
        { id: 'xpdr', title: 'Transponder check', decision: 'defer', decidedOn: '2026-11-24' },
        { id: 'tire', title: 'Left main tire worn', decision: 'decline', decidedOn: null },
      ],
    });
  });

  it('an approved change-order line completes what it answers', () => {
    const lines = [
      line('Annual inspection'),
      line('Travel'),
      line('Transponder check (91.413)', 'approve', { changeOrder: true }),
    ];
    expect(workDone(lines, [annual, transponder], []).itemIds).toEqual(['annual', 'xpdr']);
  });
});

describe('"Answers": the due item or squawk a quote line is for', () => {
  const brake = { id: 'brake', title: 'Left main brake dragging' };
  const both = { items: [transponder], squawks: [brake] };
  it('suggests the one item the words name, else the one thing of a single-item request, else none', () => {
    expect(suggestedAnswer({ description: 'Transponder check (91.413)' }, both)).toBe('item:xpdr');
    expect(suggestedAnswer({ description: 'Fix left main brake dragging' }, both)).toBe('squawk:brake');
    expect(suggestedAnswer({ description: 'Reline brake pads, LH' }, both)).toBe('');
    expect(suggestedAnswer({ description: 'Reline brake pads, LH' }, { items: [], squawks: [brake] })).toBe(
      'squawk:brake',
    );
    expect(suggestedAnswer({ description: 'Travel, 40 nm', category: 'travel' }, { items: [], squawks: [brake] })).toBe(
      '',
    );
  });
  it('lists None first and gives the API its ids; a line linked by id counts as covering it', () => {
    expect(answerOptions(both).map((o) => o.label)).toEqual([
      'None',
      'Transponder check',
      'Squawk: Left main brake dragging',
    ]);
    expect(answerIds('squawk:brake')).toEqual({ dueItemId: null, squawkId: 'brake' });
    expect(answerIds('item:xpdr')).toEqual({ dueItemId: 'xpdr', squawkId: null });
    expect(answerIds('')).toEqual({ dueItemId: null, squawkId: null });
    const linked = line('Reline brake pads, LH', null, { squawkId: 'brake' });
    expect(answerTitle(linked, both)).toBe('Left main brake dragging');
    expect(bidCoverage([linked], [], [brake]).coveredSquawkIds).toEqual(['brake']);
    expect(bidCoverage([line('Reline brake pads, LH', null)], [], [brake]).missingSquawkIds).toEqual(['brake']);
  });
});
