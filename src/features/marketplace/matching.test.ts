import { describe, expect, it } from 'vitest';
import { roundedMiles } from './distance.ts';
import { matchMechanic, matchMechanics, type MatchableMechanic, type MatchableRequest } from './matching.ts';

const A = { latitude: 37.3625, longitude: -121.9292 }; // KSJC
const B = { latitude: 37.4611, longitude: -122.115 }; // KPAO
const C = { latitude: 38.6954, longitude: -121.591 }; // KSMF
const d = roundedMiles(A, B);

const mechanic = (id: string, base = A, serviceRadius = 50, rating = 5, completedJobs = 0): MatchableMechanic => ({
  mechanicId: id,
  base,
  serviceRadius,
  rating,
  completedJobs,
});
const request = (over: Partial<MatchableRequest> = {}): MatchableRequest => ({
  service: B,
  aircraft: B,
  customerWillTravel: false,
  maxTravelDistance: 50,
  ...over,
});

describe('matchMechanic', () => {
  it('matches inside and exactly on the radius, not outside', () => {
    expect(matchMechanic(request(), mechanic('in', A, d + 1))).toEqual({
      mechanicId: 'in',
      distanceMiles: d,
      via: 'service_radius',
    });
    expect(matchMechanic(request(), mechanic('on', A, d))).toEqual({
      mechanicId: 'on',
      distanceMiles: d,
      via: 'service_radius',
    });
    expect(matchMechanic(request(), mechanic('out', A, d - 1))).toBeNull();
  });

  it('matches by the customer travelling only when they will, within their max distance', () => {
    const far = mechanic('shop', C, 1);
    const toShop = roundedMiles(C, B);
    expect(matchMechanic(request({ maxTravelDistance: toShop }), far)).toBeNull();
    expect(matchMechanic(request({ customerWillTravel: true, maxTravelDistance: toShop }), far)).toEqual({
      mechanicId: 'shop',
      distanceMiles: toShop,
      via: 'customer_travel',
    });
    expect(matchMechanic(request({ customerWillTravel: true, maxTravelDistance: toShop - 1 }), far)).toBeNull();
    expect(
      matchMechanic(request({ customerWillTravel: true, aircraft: null, maxTravelDistance: 5000 }), far),
    ).toBeNull();
  });

  it('reports the shorter qualifying distance when both rules match', () => {
    const m = matchMechanic(
      request({ service: C, aircraft: B, customerWillTravel: true, maxTravelDistance: 500 }),
      mechanic('both', A, 500),
    );
    expect(m).toEqual({ mechanicId: 'both', distanceMiles: d, via: 'customer_travel' });
  });
});

describe('matchMechanics', () => {
  it('orders nearest first, then by rating and completed jobs', () => {
    const result = matchMechanics(request(), [
      mechanic('far', C, 500),
      mechanic('near-low', A, 100, 4.2),
      mechanic('near-high', A, 100, 4.9, 3),
      mechanic('near-high-more', A, 100, 4.9, 10),
      mechanic('none', C, 5),
    ]);
    expect(result.map((m) => m.mechanicId)).toEqual(['near-high-more', 'near-high', 'near-low', 'far']);
  });
});
