import { describe, expect, it } from 'vitest';
import { mapApolloPerson, normalizeLinkedin, uniqueDrafts, usableEmail } from './apollo-mapping.ts';

const search = { keywords: ['A&P mechanic'], states: ['TX' as const], roles: ['mechanic' as const] };

describe('mapApolloPerson', () => {
  it('maps a full legacy person', () => {
    const lead = mapApolloPerson(
      {
        id: 'p1',
        first_name: 'Rosa',
        last_name: 'Diaz',
        title: 'Lead A&P Mechanic',
        email: 'Rosa@Example.com',
        linkedin_url: 'http://linkedin.com/in/rosadiaz/',
        city: 'Austin',
        state: 'Texas',
        organization: { name: 'Hill Country Aero' },
        phone_numbers: [{ sanitized_number: '+15125550100' }],
      },
      search,
    );
    expect(lead).toMatchObject({
      firstName: 'Rosa',
      lastName: 'Diaz',
      fullName: 'Rosa Diaz',
      email: 'rosa@example.com',
      state: 'TX',
      linkedinUrl: 'https://www.linkedin.com/in/rosadiaz',
      companyName: 'Hill Country Aero',
      phone: '+15125550100',
      leadType: 'mechanic',
      leadScore: 100,
      externalId: 'p1',
    });
  });
  it('maps an api_search person without contact data', () => {
    const lead = mapApolloPerson(
      {
        id: 'p2',
        first_name: 'Sam',
        last_name_obfuscated: 'Le***n',
        title: 'Owner',
        has_email: true,
        organization: { name: 'X' },
      },
      search,
    );
    expect(lead).toMatchObject({ lastName: 'Le***n', email: null, phone: null, state: null, leadType: 'mechanic' });
    expect(lead?.leadScore).toBe(20);
  });
  it('skips people without a name and tolerates junk fields', () => {
    expect(mapApolloPerson({ title: 'x' }, search)).toBeNull();
    expect(mapApolloPerson('nope', search)).toBeNull();
    expect(mapApolloPerson({ first_name: 'A', organization: 5, phone_numbers: 'x' }, search)?.firstName).toBe('A');
  });
});

describe('helpers', () => {
  it('ignores locked Apollo emails', () => {
    expect(usableEmail('email_not_unlocked@domain.com')).toBeNull();
    expect(usableEmail('x')).toBeNull();
  });
  it('normalizes LinkedIn URLs and refuses other hosts', () => {
    expect(normalizeLinkedin('www.linkedin.com/in/Bob?x=1')).toBe('https://www.linkedin.com/in/bob');
    expect(normalizeLinkedin('https://evil.com/in/bob')).toBeNull();
  });
  it('drops repeated people', () => {
    const a = mapApolloPerson({ first_name: 'A', email: 'a@x.io' }, search)!;
    const b = mapApolloPerson({ first_name: 'B', email: 'a@x.io' }, search)!;
    expect(uniqueDrafts([a, b])).toHaveLength(1);
  });
});
