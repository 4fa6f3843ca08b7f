import { describe, expect, it } from 'vitest';
import { haversineMiles, roundedMiles } from './distance.ts';

describe('haversineMiles', () => {
  it('is 0 for the same point and symmetric', () => {
    const sjc = { latitude: 37.3625, longitude: -121.9292 };
    const lax = { latitude: 33.9425, longitude: -118.408 };
    expect(haversineMiles(sjc, sjc)).toBe(0);
    expect(haversineMiles(sjc, lax)).toBeCloseTo(haversineMiles(lax, sjc), 9);
  });

  it('gives known great-circle distances in statute miles', () => {
    // One degree of latitude along a meridian: 2 * pi * R / 360 = 69.09 mi.
    expect(haversineMiles({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(69.09, 2);
    // KSJC to KLAX is about 308 statute miles (267 nm).
    expect(
      haversineMiles({ latitude: 37.3625, longitude: -121.9292 }, { latitude: 33.9425, longitude: -118.408 }),
    ).toBeGreaterThan(305);
    expect(
      haversineMiles({ latitude: 37.3625, longitude: -121.9292 }, { latitude: 33.9425, longitude: -118.408 }),
    ).toBeLessThan(311);
    // Antipodes: half the circumference.
    expect(haversineMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      Math.PI * 3958.7613,
      3,
    );
  });

  it('rounds to whole miles for matching', () => {
    expect(roundedMiles({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBe(69);
  });
});
