import { describe, expect, it } from 'vitest';
import {
  AircraftPatchSchema,
  HoursSchema,
  ItemCreateSchema,
  ItemPatchSchema,
  MaintenanceRequestSchema,
} from './maintenance.ts';

describe('maintenance schemas', () => {
  it('an aircraft edit keeps what was not sent and clears what was sent empty', () => {
    expect(AircraftPatchSchema.parse({ usage: 'for_hire' })).toEqual({ usage: 'for_hire' });
    expect(AircraftPatchSchema.parse({ homeAirport: '', year: '' })).toEqual({ homeAirport: null, year: null });
    expect(AircraftPatchSchema.parse({ tailNumber: 'n12ab', dueSoonHours: '12.5' })).toEqual({
      tailNumber: 'N12AB',
      dueSoonHours: 12.5,
    });
  });

  it('an item edit parses only what was sent', () => {
    expect(ItemPatchSchema.parse({ lastDoneDate: '2026-03-10' })).toEqual({ lastDoneDate: '2026-03-10' });
    expect(ItemPatchSchema.parse({ notes: '' })).toEqual({ notes: null });
  });

  it('reads form text as numbers and dates, and refuses bad ones with the field named', () => {
    expect(
      ItemCreateSchema.parse({ kind: 'custom', title: 'Oil', lastDoneHours: '1,200.5', intervalHours: '50' }),
    ).toMatchObject({ lastDoneHours: 1200.5, intervalHours: 50, lastDoneDate: null });
    expect(ItemCreateSchema.safeParse({ kind: 'custom', lastDoneHours: '12.25' }).error?.issues[0]?.message).toBe(
      'Last done hours must have at most one decimal place',
    );
    expect(HoursSchema.safeParse({ hours: '10', date: '2026-02-29' }).error?.issues[0]?.message).toBe(
      'Date must be a date as YYYY-MM-DD',
    );
    expect(HoursSchema.parse({ hours: 10, date: '2028-02-29' })).toEqual({ hours: 10, date: '2028-02-29' });
  });

  it('a request needs at least one item or squawk; urgency is optional', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(MaintenanceRequestSchema.parse({ itemIds: [id, id] })).toEqual({
      itemIds: [id],
      squawkIds: [],
      preferredStartDate: null,
      note: null,
      estimatedBudget: null,
    });
    expect(MaintenanceRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Choose at least one item or squawk to request service for',
    );
  });
});
