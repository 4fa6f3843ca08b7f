import { describe, expect, it } from 'vitest';
import { NONPILOT_BASIC_HEADER, NONPILOT_CERT_HEADER, verdictSentence } from '../../../contract/airmen-file.ts';
import { mechanicState } from './match.server.ts';
import {
  firstKey,
  lastKey,
  mechanicCertOf,
  personOf,
  ratingColumns,
  readHeader,
  splitCsvLine,
  splitLines,
} from './csv.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('FAA airmen CSV reading', () => {
  it('keeps a line cut by a chunk boundary, even inside a multi-byte character, for the next chunk', () => {
    const text = 'A1,JOSÉ,DOE\r\nA2,ANNA,ÖST\r\nA3,BO,LI\r\n';
    const all = bytes(text);
    for (let cut = 1; cut < all.byteLength; cut += 1) {
      const a = splitLines(null, all.subarray(0, cut), false);
      const b = splitLines(a.tail, all.subarray(cut), true);
      expect([...a.lines, ...b.lines]).toEqual(['A1,JOSÉ,DOE', 'A2,ANNA,ÖST', 'A3,BO,LI']);
      expect(b.tail).toBeNull();
    }
  });

  it('reads the FAA header lines and refuses a file without the needed columns', () => {
    const basic = readHeader('basic', NONPILOT_BASIC_HEADER);
    expect(basic).toMatchObject({ columns: { 'UNIQUE ID': 0, 'FIRST NAME': 1, 'LAST NAME': 2, CITY: 5, STATE: 6 } });
    const cert = readHeader('cert', NONPILOT_CERT_HEADER);
    if (!('columns' in cert)) throw new Error('cert header');
    expect(ratingColumns(cert.columns)).toHaveLength(11);
    expect(readHeader('cert', 'UNIQUE ID,TYPE')).toEqual({ missing: ['LEVEL', 'RATING1'] });
  });

  it('splits plain and quoted fields, trimming the FAA padding', () => {
    expect(splitCsvLine('A1 , JOHN PAUL ,SMITH,')).toEqual(['A1', 'JOHN PAUL', 'SMITH', '']);
    expect(splitCsvLine('A1,"SMITH, JR","SAY ""HI"""')).toEqual(['A1', 'SMITH, JR', 'SAY "HI"']);
  });

  it('keeps mechanic certificates only, with airframe and powerplant ratings', () => {
    const read = readHeader('cert', NONPILOT_CERT_HEADER);
    if (!('columns' in read)) throw new Error('cert header');
    const idx = ratingColumns(read.columns);
    expect(mechanicCertOf(splitCsvLine('A1,ANN,LEE,M,,,M/P,M/A,,,,,,,,,,'), read.columns, idx)).toEqual({
      uniqueId: 'A1',
      certType: 'M',
      certLevel: '',
      ratings: ['A', 'P'],
    });
    expect(mechanicCertOf(splitCsvLine('A1,ANN,LEE,G,,,G/AGI,,,,,,,,,,,'), read.columns, idx)).toBeNull();
    const basic = readHeader('basic', NONPILOT_BASIC_HEADER);
    if (!('columns' in basic)) throw new Error('basic header');
    expect(
      personOf(splitCsvLine('A1,JOHN PAUL,SMITH JR,1 A ST,,AUSTIN,tx,78701,USA,SW,,,,,,'), basic.columns),
    ).toMatchObject({ firstKey: 'JOHN', lastKey: 'SMITH', state: 'TX' });
  });

  it('normalizes names: case, accents, punctuation, middle names, suffixes', () => {
    expect(firstKey('José-Luis')).toBe('JOSE');
    expect(firstKey('  mary ann ')).toBe('MARY');
    expect(lastKey("O'Brien")).toBe('OBRIEN');
    expect(lastKey('De La Cruz III')).toBe('DELACRUZ');
    expect(lastKey('Müller-Lüdenscheidt')).toBe('MULLERLUDENSCHEIDT');
  });

  it('finds the state of a registered location', () => {
    expect(mechanicState('KSJC (San Jose, CA)', null)).toBe('CA');
    expect(mechanicState(null, 'Austin, Texas')).toBe('TX');
    expect(mechanicState(null, 'KPAO')).toBe('CA');
    expect(mechanicState(null, 'somewhere')).toBeNull();
  });

  it('says each verdict in its one sentence', () => {
    expect(verdictSentence('match', '2026-11', ['A', 'P'])).toBe(
      'Found in the FAA airmen file of November 2026: Mechanic, Airframe and Powerplant',
    );
    expect(verdictSentence('match', '2026-01', ['P'])).toBe(
      'Found in the FAA airmen file of January 2026: Mechanic, Powerplant',
    );
    expect(verdictSentence('none', '2026-11', [])).toBe('No match');
    expect(verdictSentence('several', '2026-11', [])).toBe('Several matches');
  });
});
