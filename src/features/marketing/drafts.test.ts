import { describe, expect, it } from 'vitest';
import type { MarketingLead } from '../../contract/marketing.ts';
import { draftPreview, generateDrafts } from './drafts.ts';
import { sampleLeads } from './sample-leads.ts';

describe('generateDrafts', () => {
  it('personalises subject and body for each lead', () => {
    const leads: MarketingLead[] = sampleLeads({ keywords: ['pilot'], states: [], roles: ['pilot'] }).slice(0, 2);
    const drafts = generateDrafts(
      { subject_line: 'Hi {{firstName}}', html_content: '<p>Dear {firstName} {{lastName}},</p><p>Save 20%.</p>' },
      leads,
    );
    expect(drafts).toHaveLength(2);
    expect(drafts[0]).toMatchObject({
      subject: `Hi ${leads[0]!.firstName}`,
      to: leads[0]!.email,
      body: `Dear ${leads[0]!.firstName} ${leads[0]!.lastName},\nSave 20%.`,
    });
  });
});

describe('draftPreview', () => {
  it('cuts at 200 characters with an ellipsis', () => {
    expect(draftPreview('x'.repeat(250))).toBe(`${'x'.repeat(200)}…`);
    expect(draftPreview('short')).toBe('short');
  });
});

describe('sampleLeads', () => {
  it('returns 5 clearly marked samples spread over the roles and states', () => {
    const leads = sampleLeads({ keywords: ['chief pilot'], states: ['CA', 'NV'], roles: ['pilot', 'mechanic'] });
    expect(leads).toHaveLength(5);
    expect(leads.every((l) => l.status === 'sample' && l.companyName!.startsWith('(Sample) '))).toBe(true);
    expect(new Set(leads.map((l) => l.state))).toEqual(new Set(['CA', 'NV']));
    expect(new Set(leads.map((l) => l.leadType))).toEqual(new Set(['pilot', 'mechanic']));
    expect(new Set(leads.map((l) => l.email)).size).toBe(5);
  });
});
