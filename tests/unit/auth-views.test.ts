import { describe, expect, it } from 'vitest';
import { toAdminLead, toAdminQuote } from '../../src/features/admin/admin-views.ts';
import { toPublicUser } from '../../src/features/auth/public-user.ts';

const created = new Date('2026-03-01T12:00:00Z');

describe('toPublicUser', () => {
  it('answers only public fields, numbers as numbers', () => {
    const row = {
      id: 'u1',
      email: 'a@b.co',
      passwordHash: 'scrypt$secret',
      firstName: 'A',
      lastName: 'B',
      role: 'mechanic' as const,
      phone: null,
      location: 'KSJC',
      certificationNumber: '123',
      yearsExperience: 4,
      serviceRadius: 60,
      hourlyRate: '95.50',
      createdAt: created,
      updatedAt: created,
    };
    const user = toPublicUser(row);
    expect(user).not.toHaveProperty('passwordHash');
    expect(user).not.toHaveProperty('updatedAt');
    expect(user.hourlyRate).toBe(95.5);
    expect(user.createdAt).toBe('2026-03-01T12:00:00.000Z');
  });
});

describe('admin views', () => {
  it('nests aircraft and service info and converts the savings', () => {
    const record = {
      id: 'q1',
      firstName: 'Ada',
      lastName: 'L',
      aircraftMake: 'Piper',
      aircraftModel: 'PA-28',
      registrationNumber: null,
      returnEmail: 'ada@example.com',
      returnPhone: '555-0100',
      serviceType: 'annual',
      location: null,
      message: 'Hi',
      status: 'pending',
      createdAt: created,
      estimatedSavings: '25.0',
    };
    const q = toAdminQuote(record);
    expect(q.aircraftInfo).toEqual({ make: 'Piper', model: 'PA-28', registrationNumber: null });
    expect(q.serviceInfo).toEqual({ type: 'annual', location: null });
    expect(q.estimatedSavings).toBe(25);
    expect(toAdminQuote({ ...record, estimatedSavings: null }).estimatedSavings).toBeNull();
  });
  it('answers a lead with an ISO date', () => {
    expect(
      toAdminLead({
        id: 'l1',
        firstName: 'L',
        email: 'l@x.co',
        phone: null,
        source: 'popup_discount_offer',
        status: 'New',
        createdAt: created,
      }),
    ).toEqual({
      id: 'l1',
      firstName: 'L',
      email: 'l@x.co',
      phone: null,
      source: 'popup_discount_offer',
      status: 'New',
      createdAt: '2026-03-01T12:00:00.000Z',
      // The popup's code (derived from the lead) and when a quote used it (docs/decisions/0192).
      discountCode: 'SKY25-L1',
      codeUsedAt: null,
    });
  });
});
