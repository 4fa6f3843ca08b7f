import { describe, expect, it } from 'vitest';
import { cardWhen } from './card-when.ts';

describe('the date an appointment card leads with', () => {
  const a = {
    scheduledDate: '2026-11-30',
    scheduledTime: '08:00',
    actualStartTime: '2026-11-25T15:26:00.000Z',
    completedAt: '2026-11-25T18:26:00.000Z',
    timeZone: 'America/Los_Angeles',
  };
  it('is the appointment time until work starts, then the day it started or was completed', () => {
    expect(cardWhen({ ...a, status: 'confirmed', actualStartTime: null, completedAt: null })).toBe(
      'Nov 30, 2026 at 8:00 AM PST',
    );
    expect(cardWhen({ ...a, status: 'in_progress', completedAt: null })).toBe('Started Nov 25, 2026');
    expect(cardWhen({ ...a, status: 'completed' })).toBe('Completed Nov 25, 2026');
  });

  it('names the local day at the place of work: 5:38 PM in California is Nov 27 there, Nov 28 in UTC', () => {
    const evening = { ...a, completedAt: '2026-11-28T01:38:00.000Z' };
    expect(cardWhen({ ...evening, status: 'completed' })).toBe('Completed Nov 27, 2026');
    expect(cardWhen({ ...evening, status: 'completed', timeZone: 'America/New_York' })).toBe('Completed Nov 27, 2026');
    expect(cardWhen({ ...evening, status: 'completed', timeZone: 'UTC' })).toBe('Completed Nov 28, 2026');
  });

  it('says the time at the place of work with its zone, a booking kept on another clock converted to it', () => {
    const open = { ...a, status: 'confirmed' as const, actualStartTime: null, completedAt: null };
    expect(cardWhen({ ...open, scheduledDate: '2026-07-01' })).toBe('Jul 1, 2026 at 8:00 AM PDT');
    // Booked on a Mountain-time calendar at 8:00: 7:00 AM at the California airport.
    expect(cardWhen({ ...open, booking: { timeZone: 'America/Denver' } })).toBe('Nov 30, 2026 at 7:00 AM PST');
  });
});
