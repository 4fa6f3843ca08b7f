import { describe, expect, it } from 'vitest';
import type { MarketingLead } from '../../contract/marketing.ts';
import { buildCsv, csvCell, leadsCsvFilename, leadsToCsv } from './csv.ts';

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Cessna 182')).toBe('Cessna 182');
    expect(csvCell(null)).toBe('');
    expect(csvCell(87)).toBe('87');
  });
  it('quotes commas, quotes and line breaks, doubling quotes (RFC 4180)', () => {
    expect(csvCell('Smith, Jr.')).toBe('"Smith, Jr."');
    expect(csvCell('the "best" A&P')).toBe('"the ""best"" A&P"');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });
  it('defuses formula injection with a leading apostrophe', () => {
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('+1 415 555 0100+A1')).toBe("'+1 415 555 0100+A1");
    expect(csvCell('-1)*cmd|x')).toBe("'-1)*cmd|x");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
  });
  it('writes phone numbers and signed amounts as they are', () => {
    expect(csvCell('+1 415 555 0100')).toBe('+1 415 555 0100');
    expect(csvCell('+1 (510) 555-0100')).toBe('+1 (510) 555-0100');
    expect(csvCell('-120.50')).toBe('-120.50');
    expect(csvCell('+')).toBe("'+");
  });
  it('joins lists with semicolons', () => {
    expect(csvCell(['hot', 'cfi'])).toBe('hot; cfi');
  });
});

describe('buildCsv and leadsToCsv', () => {
  it('uses CRLF line ends, including after the last record', () => {
    expect(buildCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });
  it('writes one row per lead under the header', () => {
    const lead: MarketingLead = {
      id: '1',
      firstName: 'Ann',
      lastName: "O'Neil",
      fullName: "Ann O'Neil",
      title: '=1+1',
      companyName: 'Sky, Inc.',
      email: 'ann@example.com',
      phone: null,
      city: 'Austin',
      state: 'TX',
      linkedinUrl: null,
      leadType: 'pilot',
      leadScore: 70,
      status: 'new',
      tags: ['a', 'b'],
      createdAt: '2026-01-01T00:00:00Z',
    };
    const csv = leadsToCsv([lead]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'First Name,Last Name,Full Name,Title,Company,Email,Phone,City,State,LinkedIn URL,Lead Type,Lead Score,Status,Tags',
    );
    expect(lines[1]).toBe("Ann,O'Neil,Ann O'Neil,'=1+1,\"Sky, Inc.\",ann@example.com,,Austin,TX,,pilot,70,new,a; b");
    expect(lines).toHaveLength(3);
  });
  it('names the file after the local date', () => {
    expect(leadsCsvFilename(new Date(2026, 0, 5))).toBe('leads-2026-01-05.csv');
  });
});
