import { describe, expect, it } from 'vitest';
import { registrationProblem } from './registration.ts';

describe('registration marks', () => {
  it('accepts US N-numbers as 14 CFR 47.15 allows them', () => {
    for (const mark of ['N1', 'N12345', 'N1234Z', 'N123AB', 'N734PP', 'N28PA', 'N9'])
      expect(registrationProblem(mark), mark).toBeNull();
  });

  it('refuses N-numbers that break the rules, and says what an N-number is', () => {
    for (const mark of ['N0123', 'N123456', 'N12345E', 'N12ABC', 'N1234IO', 'N12O', 'NABC', 'N']) {
      expect(registrationProblem(mark), mark).toMatch(/is not a US N-number/);
    }
  });

  it("allows other countries' marks and refuses what is no mark", () => {
    for (const mark of ['C-GABC', 'G-ABCD', 'D-EABC', 'VH-ABC', 'JA1234', '4X-ABC', 'HB-ABC'])
      expect(registrationProblem(mark), mark).toBeNull();
    for (const mark of ['12345', 'C--GABC', 'ABCD-EFGHIJ', 'C-G ABC', 'N-12345'])
      expect(registrationProblem(mark), mark).toMatch(/is not a/);
  });
});
