import { z } from './zod.ts';
import type { LeadFields } from './fields.ts';
import { type Option, valuesOf } from './options.ts';
import { US_STATES, type UsStateCode } from './us-states.ts';

/** Lead-generation marketing (docs/product.md §2, §3, §5, §7 and §9): roles, states, limits and payloads. */

export const LEAD_ROLES = [
  { value: 'pilot', label: 'Pilots & Aircraft Owners' },
  { value: 'mechanic', label: 'A&P Mechanics' },
  { value: 'general', label: 'General Aviation' },
] as const satisfies readonly Option[];
export type LeadRole = (typeof LEAD_ROLES)[number]['value'];

/** A state code for a code or a full name in any case ('ca', 'California'); null when unknown. */
export function stateCodeOf(value: string | null | undefined): UsStateCode | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  const found = US_STATES.find((s) => s.code.toLowerCase() === v || s.name.toLowerCase() === v);
  return found ? found.code : null;
}

export const stateName = (code: string) => US_STATES.find((s) => s.code === code)?.name ?? code;

/** docs/product.md §9 and the bounds it leaves open. */
export const MARKETING_LIMITS = {
  defaultQuantity: 50,
  minQuantity: 1,
  maxQuantity: 100,
  defaultRole: 'pilot' as LeadRole,
  keywordPreview: 5,
  draftPreview: 3,
  draftPreviewChars: 200,
  leadsPerPage: 100,
  analyticsWindowDays: 30,
  topStates: 10,
  maxKeywords: 25,
  keywordLength: 100,
  maxTags: 20,
  tagLength: 40,
  maxLeadIdsPerUpdate: 500,
  sampleLeads: 5,
} as const;

export const NO_KEYWORD_MESSAGE = 'Please add at least one keyword';

/** Trims, drops empties and case-insensitive duplicates, keeping the first spelling (docs/product.md §5). */
export function cleanKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of keywords) {
    const k = raw.trim().replace(/\s+/g, ' ');
    if (!k || seen.has(k.toLowerCase())) continue;
    seen.add(k.toLowerCase());
    out.push(k);
  }
  return out;
}

/** Maximum results: a number typed in a field; not numeric falls back to 50 (docs/product.md §5). */
export function parseQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  if (value === '' || value === null || value === undefined || !Number.isFinite(n))
    return MARKETING_LIMITS.defaultQuantity;
  return Math.trunc(n);
}

const stringList = z.array(z.string({ error: 'Each entry must be text' }), { error: 'Must be a list' });

/** POST /api/apollo/search (docs/product.md §3, Lead search request). */
export const LeadSearchSchema = z.object({
  keywords: stringList
    .optional()
    .transform((v) => cleanKeywords(v ?? []))
    .refine((v) => v.length > 0, NO_KEYWORD_MESSAGE)
    .refine((v) => v.length <= MARKETING_LIMITS.maxKeywords, `At most ${MARKETING_LIMITS.maxKeywords} keywords`)
    .refine(
      (v) => v.every((k) => k.length <= MARKETING_LIMITS.keywordLength),
      `Each keyword must be at most ${MARKETING_LIMITS.keywordLength} characters`,
    ),
  states: stringList.optional().transform((v, ctx) => {
    const codes: UsStateCode[] = [];
    for (const s of v ?? []) {
      const code = stateCodeOf(s);
      if (!code) {
        ctx.addIssue({ code: 'custom', message: `Unknown US state: ${s.slice(0, 40)}` });
        return z.NEVER;
      }
      if (!codes.includes(code)) codes.push(code);
    }
    return codes;
  }),
  roles: z
    .array(z.enum(valuesOf(LEAD_ROLES), { error: 'Roles must be pilot, mechanic or general' }))
    .optional()
    .transform((v) => {
      const roles = [...new Set(v ?? [])];
      return roles.length ? roles : [MARKETING_LIMITS.defaultRole];
    }),
  quantity: z
    .union([z.number(), z.string()])
    .optional()
    .nullable()
    .transform((v) => parseQuantity(v))
    .refine(
      (n) => n >= MARKETING_LIMITS.minQuantity && n <= MARKETING_LIMITS.maxQuantity,
      `Maximum results must be between ${MARKETING_LIMITS.minQuantity} and ${MARKETING_LIMITS.maxQuantity}`,
    ),
  test_mode: z.boolean({ error: 'test_mode must be true or false' }).optional().default(false),
});
export type LeadSearch = z.output<typeof LeadSearchSchema>;

/** PUT /api/apollo/leads/tags: the Add Tags dialog. Tags are added to what each lead has. */
export const LeadTagsSchema = z.object({
  lead_ids: z
    .array(z.uuid({ error: 'Each lead id must be a valid id' }), { error: 'lead_ids must be a list of lead ids' })
    .min(1, 'Select at least one lead')
    .max(MARKETING_LIMITS.maxLeadIdsPerUpdate, `At most ${MARKETING_LIMITS.maxLeadIdsPerUpdate} leads at once`),
  tags: z
    .array(z.string({ error: 'Each tag must be text' }), { error: 'tags must be a list' })
    .transform((v) => cleanKeywords(v))
    .refine((v) => v.length > 0, 'Add at least one tag')
    .refine((v) => v.length <= MARKETING_LIMITS.maxTags, `At most ${MARKETING_LIMITS.maxTags} tags`)
    .refine(
      (v) => v.every((t) => t.length <= MARKETING_LIMITS.tagLength),
      `Each tag must be at most ${MARKETING_LIMITS.tagLength} characters`,
    ),
});

/** The Add Tags dialog's one field: the tags as typed, comma-separated, held to the route's own rules. */
export const AddTagsFormSchema = z.object({
  tags: z
    .string()
    .transform((v) => v.split(','))
    .pipe(LeadTagsSchema.shape.tags),
});

export const LeadListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int()
    .min(1, 'page must be at least 1')
    .max(100_000)
    .optional()
    .default(1),
  per_page: z.coerce
    .number({ error: 'per_page must be a number' })
    .int()
    .min(1, 'per_page must be between 1 and 100')
    .max(MARKETING_LIMITS.leadsPerPage, 'per_page must be between 1 and 100')
    .optional()
    .default(MARKETING_LIMITS.leadsPerPage),
});

/** A marketing lead as the API returns it (docs/product.md §3). */
export interface MarketingLead extends LeadFields<LeadRole> {
  id: string;
  /** 'new' for fresh leads; 'sample' for the unsaved leads of test mode. */
  status: string;
  tags: string[];
  createdAt: string;
}

/** Page of a list: 1-based page, page size, total rows and pages. */
export interface Pagination {
  page: number;
  per_page: number;
  total: number;
  pages: number;
}

export interface LeadSearchResponse {
  success: boolean;
  leads: MarketingLead[];
  message: string;
}

export interface CountBucket {
  _id: string;
  count: number;
}

export interface LeadAnalytics {
  total_leads: number;
  recent_leads: number;
  total_searches: number;
  average_lead_score: number;
  leads_by_type: CountBucket[];
  leads_by_state: CountBucket[];
  /** Of total_searches, those answered with sample leads (test mode, or no Apollo key): nothing saved. */
  sample_searches?: number;
  /**
   * Leads of the website (the popup's discount, other forms): the console's Leads tab and Inbox,
   * not these marketing leads. Said beside "Manage Leads (N)" so the two counts are not confused.
   */
  site_leads?: number;
}

export type SuggestedKeywords = Record<LeadRole, string[]>;
