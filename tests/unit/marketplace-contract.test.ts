import { describe, expect, it } from 'vitest';
import { AircraftSchema } from '../../src/contract/marketplace.ts';
import { BidSchema, bidTotal, certificateKey } from '../../src/contract/bids.ts';
import { MechanicProfileSchema } from '../../src/contract/mechanic-profiles.ts';
import { ServiceRequestSchema } from '../../src/contract/service-requests.ts';

describe('marketplace contract', () => {
  it('adds labor and parts to the cent', () => {
    expect(bidTotal(0.1, 0.2)).toBe(0.3);
    expect(bidTotal(1200, null)).toBe(1200);
  });

  it('parses a bid typed into the form', () => {
    const bid = BidSchema.parse({
      laborCost: '1,200.50',
      partsCost: '',
      estimatedHours: '3.5',
      availableStartDate: '2030-01-01',
      estimatedCompletionDate: '2030-01-02',
      notes: '',
    });
    expect(bid).toEqual({
      laborCost: 1200.5,
      partsCost: 0,
      estimatedHours: 3.5,
      availableStartDate: '2030-01-01',
      estimatedCompletionDate: '2030-01-02',
      warrantyPeriod: 90,
      notes: null,
      inspectionSigner: null,
    });
  });

  const typed = {
    laborCost: '900',
    estimatedHours: '8',
    availableStartDate: '2030-01-01',
    estimatedCompletionDate: '2030-01-02',
  };

  it('takes the IA who signs an annual whole or not at all', () => {
    const blank = { ...typed, inspectionSigner: { fullName: ' ', certificateNumber: '' } };
    expect(BidSchema.parse(blank).inspectionSigner).toBeNull();
    expect(BidSchema.parse(typed).inspectionSigner).toBeNull();
    const half = BidSchema.safeParse({
      ...typed,
      inspectionSigner: { fullName: 'Ida Inspector', certificateNumber: '' },
    });
    expect(half.error?.issues.map((i) => i.path.join('.'))).toEqual(['inspectionSigner.certificateNumber']);
    const whole = BidSchema.parse({
      ...typed,
      inspectionSigner: { fullName: 'Ida Inspector', certificateNumber: '234-5678' },
    });
    expect(whole.inspectionSigner).toEqual({ fullName: 'Ida Inspector', certificateNumber: '234-5678' });
  });

  it('compares certificate numbers by their letters and digits', () => {
    expect(certificateKey(' a&p 234-5678 ')).toBe('AP2345678');
    expect(certificateKey('--')).toBe('');
  });

  it('defaults a service request like the spec', () => {
    const r = ServiceRequestSchema.parse({
      aircraftMake: 'Cessna',
      aircraftModel: '172',
      aircraftTailNumber: 'n1',
      aircraftLocation: 'KSJC',
      serviceType: 'hundred_hour',
      serviceDescription: 'x',
      serviceLocation: 'KSJC',
    });
    expect(r).toMatchObject({
      urgencyLevel: 'normal',
      maxTravelDistance: 50,
      customerWillTravel: false,
      estimatedBudget: null,
      preferredStartDate: null,
      aircraftTailNumber: 'N1',
      aircraftId: null,
    });
  });

  it('defaults a mechanic profile like the spec', () => {
    const p = MechanicProfileSchema.parse({ apNumber: '1', hourlyRate: '90', baseLocation: 'KSJC' });
    expect(p).toMatchObject({
      serviceRadius: 50,
      availableWeekdays: [1, 2, 3, 4, 5],
      preferredHours: { start: '08:00', end: '17:00' },
      iaAuthorization: false,
      specialties: [],
    });
  });
});

describe('aircraft year', () => {
  it('says the latest year as a year, without a thousands separator', () => {
    const next = new Date().getFullYear() + 1;
    const result = AircraftSchema.safeParse({
      tailNumber: 'N12345',
      make: 'Cessna',
      model: '172S',
      year: next + 1,
      totalHours: '',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === 'year')?.message).toBe(`Year must be at most ${next}`);
  });
});
