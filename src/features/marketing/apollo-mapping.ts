import { z } from '../../contract/zod.ts';
import type { LeadFields } from '../../contract/fields.ts';
import { stateCodeOf, type LeadRole, type LeadSearch } from '../../contract/marketing.ts';
import { classifyLead, leadScore } from './lead-score.ts';

/**
 * Apollo people -> marketing leads. Apollo's People API Search (`mixed_people/api_search`) returns
 * names, titles, places and employers but no emails or phones (those need its paid enrichment);
 * the legacy `mixed_people/search` returned them. Both shapes are read, every field optional.
 */
const text = z.string().nullish().catch(null);
export const ApolloPersonSchema = z.looseObject({
  id: text,
  first_name: text,
  last_name: text,
  last_name_obfuscated: text,
  name: text,
  title: text,
  email: text,
  linkedin_url: text,
  city: text,
  state: text,
  country: text,
  organization_name: text,
  organization: z.looseObject({ name: text }).nullish().catch(null),
  phone_numbers: z
    .array(z.looseObject({ sanitized_number: text, raw_number: text }))
    .nullish()
    .catch(null),
  sanitized_phone: text,
});

export interface LeadDraft extends LeadFields<LeadRole> {
  externalId: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const clean = (s: string | null | undefined, max = 200) => {
  const v = s?.trim().replace(/\s+/g, ' ');
  return v ? v.slice(0, max) : null;
};

/** A usable email; Apollo writes placeholders like `email_not_unlocked@domain.com` for locked ones. */
export function usableEmail(email: string | null | undefined): string | null {
  const e = email?.trim().toLowerCase();
  if (!e || !EMAIL.test(e) || e.includes('not_unlocked') || e.endsWith('@domain.com')) return null;
  return e.slice(0, 254);
}

/** https://www.linkedin.com/in/name without query or trailing slash; null for anything else. */
export function normalizeLinkedin(url: string | null | undefined): string | null {
  const raw = url?.trim();
  if (!raw) return null;
  try {
    const u = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`);
    if (!/(^|\.)linkedin\.com$/i.test(u.hostname)) return null;
    return `https://www.linkedin.com${u.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return null;
  }
}

export function mapApolloPerson(
  raw: unknown,
  search: Pick<LeadSearch, 'keywords' | 'states' | 'roles'>,
): LeadDraft | null {
  const parsed = ApolloPersonSchema.safeParse(raw);
  if (!parsed.success) return null;
  const p = parsed.data;
  const nameParts = clean(p.name)?.split(' ') ?? [];
  const firstName = clean(p.first_name, 100) ?? clean(nameParts[0], 100);
  const lastName =
    clean(p.last_name, 100) ?? clean(p.last_name_obfuscated, 100) ?? clean(nameParts.slice(1).join(' '), 100) ?? '';
  if (!firstName) return null;
  const phone = clean(
    p.phone_numbers?.[0]?.sanitized_number ?? p.phone_numbers?.[0]?.raw_number ?? p.sanitized_phone,
    30,
  );
  const fields = {
    title: clean(p.title),
    email: usableEmail(p.email),
    phone,
    state: stateCodeOf(p.state),
    companyName: clean(p.organization?.name ?? p.organization_name),
    linkedinUrl: normalizeLinkedin(p.linkedin_url),
  };
  return {
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`.trim(),
    city: clean(p.city, 100),
    leadType: classifyLead(fields.title, search.roles),
    leadScore: leadScore(fields, search),
    externalId: clean(p.id, 100),
    ...fields,
  };
}

/** Removes people who appear twice in one answer (same email or LinkedIn profile). */
export function uniqueDrafts(drafts: readonly LeadDraft[]): LeadDraft[] {
  const seen = new Set<string>();
  return drafts.filter((d) => {
    const keys = [d.email && `e:${d.email}`, d.linkedinUrl && `l:${d.linkedinUrl}`].filter((k): k is string => !!k);
    if (keys.some((k) => seen.has(k))) return false;
    keys.forEach((k) => seen.add(k));
    return true;
  });
}
