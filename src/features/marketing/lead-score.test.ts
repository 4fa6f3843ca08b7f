import { describe, expect, it } from 'vitest';
import { classifyLead, leadScore, LEAD_SCORE_WEIGHTS } from './lead-score.ts';

const empty = { title: null, email: null, phone: null, state: null, companyName: null, linkedinUrl: null };

describe('leadScore', () => {
  it('weights sum to 100 at most', () => {
    const { titleWord: _alt, ...max } = LEAD_SCORE_WEIGHTS;
    expect(Object.values(max).reduce((a, b) => a + b, 0)).toBe(100);
  });
  it('gives the base score to a bare lead and 100 to a complete, targeted match', () => {
    expect(leadScore(empty, { keywords: ['pilot'], states: [] })).toBe(10);
    const full = {
      title: 'Chief Pilot',
      email: 'a@b.co',
      phone: '+14155550100',
      state: 'CA',
      companyName: 'Acme Air',
      linkedinUrl: 'https://www.linkedin.com/in/x',
    };
    expect(leadScore(full, { keywords: ['chief pilot'], states: ['CA'] })).toBe(100);
  });
  it('counts a shared word as a partial title match', () => {
    expect(leadScore({ ...empty, title: 'Corporate Pilot' }, { keywords: ['chief pilot'], states: [] })).toBe(25);
  });
  it('scores the state only when targeted (or any state when none is)', () => {
    expect(leadScore({ ...empty, state: 'TX' }, { keywords: ['x'], states: ['CA'] })).toBe(10);
    expect(leadScore({ ...empty, state: 'TX' }, { keywords: ['x'], states: ['TX'] })).toBe(20);
    expect(leadScore({ ...empty, state: 'TX' }, { keywords: ['x'], states: [] })).toBe(20);
  });
});

describe('classifyLead', () => {
  it('reads the role from the title first', () => {
    expect(classifyLead('Lead A&P Mechanic', ['pilot'])).toBe('mechanic');
    expect(classifyLead('Avionics Technician', ['general'])).toBe('mechanic');
    expect(classifyLead('Chief Pilot', ['mechanic'])).toBe('pilot');
    expect(classifyLead('CFII', ['general'])).toBe('pilot');
  });
  it('falls back to the single searched role, else general', () => {
    expect(classifyLead('Owner', ['pilot'])).toBe('pilot');
    expect(classifyLead('President', ['pilot', 'mechanic'])).toBe('general');
    expect(classifyLead(null, ['mechanic'])).toBe('mechanic');
  });
});
