import { describe, expect, it } from 'vitest';
import { timeLeft } from './time-left.ts';

const now = Date.parse('2026-11-25T12:00:00Z');

describe('timeLeft', () => {
  it('reads the time left on the 24-hour clock', () => {
    expect(timeLeft('2026-11-26T11:59:00Z', now)).toEqual({ text: '23 h 59 min left', overdue: false });
    expect(timeLeft('2026-11-25T12:40:30Z', now)).toEqual({ text: '40 min left', overdue: false });
  });
  it('turns overdue past the respond-by', () => {
    expect(timeLeft('2026-11-25T09:55:00Z', now)).toEqual({ text: 'Overdue by 2 h 5 min', overdue: true });
    expect(timeLeft('2026-11-22T10:00:00Z', now)).toEqual({ text: 'Overdue by 3 d 2 h', overdue: true });
  });
  it('says nothing once answered', () => {
    expect(timeLeft(null, now)).toBeNull();
  });
});
