import { describe, expect, it } from 'vitest';
import { APPOINTMENT_ACTIONS, CANCELLABLE_REQUEST_STATUSES, canMoveAppointment, canMoveRequest } from './transitions.ts';

describe('request transitions', () => {
  it('follows pending -> matched -> quoted -> approved -> in_progress -> completed', () => {
    const path = ['pending', 'matched', 'quoted', 'approved', 'in_progress', 'completed'] as const;
    for (let i = 1; i < path.length; i += 1) expect(canMoveRequest(path[i - 1]!, path[i]!)).toBe(true);
  });

  it('refuses skipping ahead and leaving a final state', () => {
    expect(canMoveRequest('matched', 'approved')).toBe(false);
    expect(canMoveRequest('completed', 'quoted')).toBe(false);
    expect(canMoveRequest('cancelled', 'pending')).toBe(false);
    expect(canMoveRequest('approved', 'approved')).toBe(false);
  });

  it('lets the owner cancel until work starts', () => {
    expect([...CANCELLABLE_REQUEST_STATUSES].sort()).toEqual(['approved', 'matched', 'pending', 'quoted']);
  });
});

describe('appointment transitions', () => {
  it('has each mechanic action move one legal step', () => {
    for (const { from, to } of Object.values(APPOINTMENT_ACTIONS)) expect(canMoveAppointment(from, to)).toBe(true);
    expect(canMoveAppointment('scheduled', 'in_progress')).toBe(false);
    expect(canMoveAppointment('completed', 'cancelled')).toBe(false);
    expect(canMoveAppointment('in_progress', 'cancelled')).toBe(false);
  });
});
