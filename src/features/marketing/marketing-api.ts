import { MARKETING_LIMITS } from '../../contract/marketing.ts';
import { ROUTES } from '../../contract/routes/marketing.ts';
import { call } from '../../lib/api-client.ts';

/**
 * The Marketing reads (docs/product.md, "Marketing"), sent with the admin's token (ours require it).
 * Its writes (a lead search saves the people it finds, tags) go through `useWrite` in their tabs.
 */
const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

export const marketingApi = {
  keywords: () => data(call(ROUTES.marketingKeywords)),
  states: () => data(call(ROUTES.marketingStates)),
  analytics: () => data(call(ROUTES.marketingAnalytics)),
  leads: () => data(call(ROUTES.marketingLeads, { query: { per_page: MARKETING_LIMITS.leadsPerPage } })),
};
