import { MARKETING_LIMITS, type LeadRole, type LeadSearch, type MarketingLead } from '../../contract/marketing.ts';
import { classifyLead, leadScore } from './lead-score.ts';

/**
 * The leads of test mode (or of a search with no Apollo key): clearly marked as samples in the
 * company name and status, with example.com addresses, never saved.
 */
const PEOPLE: Record<
  LeadRole,
  { first: string; last: string; title: string; company: string; city: string; state: string }[]
> = {
  pilot: [
    {
      first: 'Avery',
      last: 'Cole',
      title: 'Chief Pilot',
      company: 'Bluebird Charter',
      city: 'Scottsdale',
      state: 'AZ',
    },
    {
      first: 'Morgan',
      last: 'Hale',
      title: 'Aircraft Owner',
      company: 'Hale Ranch Aviation',
      city: 'Boise',
      state: 'ID',
    },
    {
      first: 'Riley',
      last: 'Chen',
      title: 'Corporate Pilot',
      company: 'Summit Flight Dept.',
      city: 'Denver',
      state: 'CO',
    },
    {
      first: 'Sage',
      last: 'Moreno',
      title: 'Certified Flight Instructor',
      company: 'Desert Wings Flight School',
      city: 'Mesa',
      state: 'AZ',
    },
    {
      first: 'Rowan',
      last: 'Fischer',
      title: 'Director of Aviation',
      company: 'Great Plains Agri Co.',
      city: 'Omaha',
      state: 'NE',
    },
  ],
  mechanic: [
    {
      first: 'Jesse',
      last: 'Ortiz',
      title: 'A&P Mechanic',
      company: 'Ortiz Aero Services',
      city: 'San Antonio',
      state: 'TX',
    },
    {
      first: 'Casey',
      last: 'Brooks',
      title: 'Director of Maintenance',
      company: 'Lakeside Air Repair',
      city: 'Orlando',
      state: 'FL',
    },
    {
      first: 'Drew',
      last: 'Patel',
      title: 'Avionics Technician',
      company: 'Skyline Avionics',
      city: 'Seattle',
      state: 'WA',
    },
    {
      first: 'Kai',
      last: 'Nakamura',
      title: 'Aircraft Inspector',
      company: 'Pacific Aero Inspections',
      city: 'Honolulu',
      state: 'HI',
    },
    {
      first: 'Logan',
      last: 'Reyes',
      title: 'Powerplant Mechanic',
      company: 'Mesa Engine Works',
      city: 'Albuquerque',
      state: 'NM',
    },
  ],
  general: [
    {
      first: 'Jamie',
      last: 'Novak',
      title: 'FBO Manager',
      company: 'Prairie Jet Center',
      city: 'Wichita',
      state: 'KS',
    },
    {
      first: 'Quinn',
      last: 'Walsh',
      title: 'Airport Manager',
      company: 'County Regional Airport',
      city: 'Bend',
      state: 'OR',
    },
    {
      first: 'Harper',
      last: 'Diaz',
      title: 'Aircraft Broker',
      company: 'Coastal Aircraft Sales',
      city: 'Tampa',
      state: 'FL',
    },
    {
      first: 'Emerson',
      last: 'Price',
      title: 'Flying Club President',
      company: 'Valley Flying Club',
      city: 'Fresno',
      state: 'CA',
    },
    {
      first: 'Parker',
      last: 'Lee',
      title: 'Aviation Insurance Agent',
      company: 'Hangar Risk Partners',
      city: 'Atlanta',
      state: 'GA',
    },
  ],
};

export function sampleLeads(
  search: Pick<LeadSearch, 'keywords' | 'states' | 'roles'>,
  now = new Date(),
): MarketingLead[] {
  const count = MARKETING_LIMITS.sampleLeads;
  return Array.from({ length: count }, (_, i) => {
    const role = search.roles[i % search.roles.length]!;
    const people = PEOPLE[role];
    const p = people[Math.floor(i / search.roles.length) % people.length]!;
    const fields = {
      title: p.title,
      email: `${p.first}.${p.last}.sample${i + 1}@example.com`.toLowerCase(),
      phone: `(555) 010-${String(1000 + i).slice(-4)}`,
      // A targeted search gets leads in the targeted states (then the city would not match).
      state: search.states.length ? search.states[i % search.states.length]! : p.state,
      companyName: `(Sample) ${p.company}`,
      linkedinUrl: null,
    };
    return {
      id: `sample-${i + 1}`,
      firstName: p.first,
      lastName: p.last,
      fullName: `${p.first} ${p.last}`,
      city: search.states.length && !(search.states as readonly string[]).includes(p.state) ? null : p.city,
      leadType: classifyLead(p.title, search.roles),
      leadScore: leadScore(fields, search),
      status: 'sample',
      tags: ['sample'],
      createdAt: now.toISOString(),
      ...fields,
    };
  });
}
