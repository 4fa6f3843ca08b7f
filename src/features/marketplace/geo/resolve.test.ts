import { describe, expect, it } from 'vitest';
import { normalizePlaceName, resolveLocation, unknownLocationMessage } from './resolve.ts';

describe('resolveLocation', () => {
  it('finds airports by ICAO and by FAA/IATA identifier, any case', () => {
    const icao = resolveLocation('KSJC');
    expect(icao).toMatchObject({ kind: 'airport', label: 'KSJC (San Jose, CA)' });
    expect(icao!.latitude).toBeCloseTo(37.3626, 2);
    expect(icao!.longitude).toBeCloseTo(-121.929, 2);
    expect(resolveLocation('sjc')).toEqual(icao);
    expect(resolveLocation(' KSJC ')).toEqual(icao);
    expect(resolveLocation('KSJC - San Jose')).toEqual(icao);
    expect(resolveLocation('SJC (Mineta)')).toEqual(icao);
    for (const code of ['KSFO', 'SFO', 'KOAK', 'KPAO', 'PAO', 'KSQL', 'KRHV', 'KLAX', 'KJFK'])
      expect(resolveLocation(code), code).not.toBeNull();
  });

  it('has the Bay Area reference points right to 0.01 degree', () => {
    const expected: Record<string, [number, number]> = {
      KSFO: [37.619, -122.375],
      KOAK: [37.7213, -122.221],
      KPAO: [37.4611, -122.115],
      KSQL: [37.5119, -122.2495],
      KRHV: [37.3329, -121.8198],
    };
    for (const [code, [lat, lon]] of Object.entries(expected)) {
      const p = resolveLocation(code)!;
      expect(Math.abs(p.latitude - lat), code).toBeLessThan(0.01);
      expect(Math.abs(p.longitude - lon), code).toBeLessThan(0.01);
    }
  });

  it('finds US places as "City, ST", "City, State" and "City ST"', () => {
    const sj = resolveLocation('San Jose, CA');
    expect(sj).toMatchObject({ kind: 'city', label: 'San Jose, CA' });
    expect(resolveLocation('san jose, california')).toEqual(sj);
    expect(resolveLocation('San Jose CA')).toEqual(sj);
    expect(resolveLocation('Saint Louis, MO')).toEqual(resolveLocation('St. Louis, MO'));
    expect(resolveLocation('Washington, DC')).toMatchObject({ label: 'Washington, DC' });
    expect(resolveLocation('New York, NY')).toMatchObject({ label: 'New York, NY' });
    expect(resolveLocation('Pierre, SD')).not.toBeNull(); // a small state capital
  });

  it('returns null for what it does not know', () => {
    for (const text of ['', '   ', 'Atlantis', 'San Jose', 'San Jose, ZZ', 'ZZZZ', 'x'.repeat(200)])
      expect(resolveLocation(text), text).toBeNull();
  });

  it('normalizes saint, fort and mount abbreviations', () => {
    expect(normalizePlaceName('St. Petersburg')).toBe('saint petersburg');
    expect(normalizePlaceName('Ft  Worth')).toBe('fort worth');
    expect(normalizePlaceName('Mt. Vernon')).toBe('mount vernon');
  });

  it('words the unknown-place message for people', () => {
    expect(unknownLocationMessage(' Atlantis ')).toBe(
      'We could not find "Atlantis". Use an airport identifier such as KSJC or a US city as "San Jose, CA".',
    );
  });
});
