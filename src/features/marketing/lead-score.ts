import type { LeadRole } from '../../contract/marketing.ts';

/**
 * Lead score, 0-100: how promising a found person is for this business. Each signal adds its
 * weight; the weights sum to 100. See docs/decisions/0052-lead-score.md.
 */
export const LEAD_SCORE_WEIGHTS = {
  /** Every lead the search returned matched the search somehow. */
  base: 10,
  /** The title contains a whole keyword ("A&P mechanic" in "Lead A&P Mechanic"). */
  titleKeyword: 30,
  /** Otherwise: the title shares a word of 3+ letters with a keyword. Replaces titleKeyword. */
  titleWord: 15,
  email: 20,
  phone: 15,
  /** The lead's state is one of the targeted states (any US state when none was targeted). */
  targetedState: 10,
  company: 10,
  linkedin: 5,
} as const;

export interface ScoredFields {
  title: string | null;
  email: string | null;
  phone: string | null;
  state: string | null;
  companyName: string | null;
  linkedinUrl: string | null;
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9&]+/)
    .filter((w) => w.length >= 3);

export function titleMatch(title: string | null, keywords: readonly string[]): 'keyword' | 'word' | null {
  if (!title) return null;
  const t = title.toLowerCase();
  if (keywords.some((k) => k.trim() && t.includes(k.trim().toLowerCase()))) return 'keyword';
  const titleWords = new Set(words(title));
  return keywords.some((k) => words(k).some((w) => titleWords.has(w))) ? 'word' : null;
}

export function leadScore(
  lead: ScoredFields,
  search: { keywords: readonly string[]; states: readonly string[] },
): number {
  const w = LEAD_SCORE_WEIGHTS;
  let score = w.base;
  const match = titleMatch(lead.title, search.keywords);
  if (match === 'keyword') score += w.titleKeyword;
  else if (match === 'word') score += w.titleWord;
  if (lead.email) score += w.email;
  if (lead.phone) score += w.phone;
  if (lead.state && (search.states.length === 0 || search.states.includes(lead.state))) score += w.targetedState;
  if (lead.companyName) score += w.company;
  if (lead.linkedinUrl) score += w.linkedin;
  return Math.min(100, score);
}

const MECHANIC =
  /\b(a ?& ?p|mechanic|technician|maintenance|avionics|inspector|inspection authori[sz]ation|airframe|powerplant|repair station|mro)\b/i;
const PILOT = /\b(pilot|captain|first officer|aviator|cfii?|flight instructor|aircraft owner|owner[- ]operator)\b/i;

/**
 * The kind of lead from the person's title; when the title says nothing, the searched role if
 * only one was searched, else general.
 */
export function classifyLead(title: string | null, roles: readonly LeadRole[]): LeadRole {
  if (title && MECHANIC.test(title)) return 'mechanic';
  if (title && PILOT.test(title)) return 'pilot';
  return roles.length === 1 ? roles[0]! : 'general';
}
