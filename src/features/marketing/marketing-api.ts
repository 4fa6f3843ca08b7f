import { MARKETING_LIMITS, type LeadSearchInput } from '../../contract/marketing.ts';
import { ROUTES } from '../../contract/routes.ts';
import { call } from '../../lib/api-client.ts';

/** The Marketing calls (docs/product.md, "Marketing"), sent with the admin's token (ours require it). */
const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

export const marketingApi = {
  keywords: () => data(call(ROUTES.marketingKeywords)),
  states: () => data(call(ROUTES.marketingStates)),
  analytics: () => data(call(ROUTES.marketingAnalytics)),
  leads: () => data(call(ROUTES.marketingLeads, { query: { per_page: MARKETING_LIMITS.leadsPerPage } })),
  search: (body: LeadSearchInput) => call(ROUTES.marketingSearch, { body }),
  addTags: (leadIds: string[], tags: string[]) => call(ROUTES.marketingTags, { body: { lead_ids: leadIds, tags } }),
};
