import { describe, expect, it } from 'vitest';
import type { AirmenMatch } from '../../contract/airmen-file.ts';
import { approvalQuestion } from './approval-question.ts';

// Approving a mechanic the FAA file did not confirm is asked first.

const match = (verdict: AirmenMatch['verdict'], candidates = 1): AirmenMatch =>
  ({ verdict, month: '2026-11', candidates, checkedAt: '2026-11-25T00:00:00Z' }) as AirmenMatch;

describe('approvalQuestion', () => {
  it('asks for no match, several matches and not checked', () => {
    expect(approvalQuestion(match('none'))).toMatch(/^The FAA airmen file has no mechanic of this name/);
    expect(approvalQuestion(match('several', 3))).toMatch(
      /has 3 people of this name in that state: the match is not certain/,
    );
    expect(approvalQuestion(null)).toMatch(/^This mechanic has not been checked against the FAA airmen file yet/);
  });
  it('does not ask for an exact match', () => {
    expect(approvalQuestion(match('match'))).toBeNull();
  });
});
