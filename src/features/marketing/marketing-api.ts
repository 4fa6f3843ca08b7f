import type { EmailTemplateView } from '../../contract/admin-config.ts';
import type {
  LeadAnalytics,
  LeadSearchInput,
  LeadSearchResponse,
  MarketingLead,
  SuggestedKeywords,
  UsState,
} from '../../contract/marketing.ts';
import { MARKETING_LIMITS } from '../../contract/marketing.ts';
import { api } from '../../lib/api-client.ts';

/** The Marketing calls (spec section 7), sent with the admin's token (ours require it). */
interface Data<T> {
  success: boolean;
  data: T;
}
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

export const marketingApi = {
  keywords: () => data(api<Data<SuggestedKeywords>>('/apollo/suggested-keywords')),
  states: () => data(api<Data<UsState[]>>('/apollo/states')),
  analytics: () => data(api<Data<LeadAnalytics>>('/apollo/analytics')),
  leads: () => data(api<Data<MarketingLead[]>>(`/apollo/leads?per_page=${MARKETING_LIMITS.leadsPerPage}`)),
  search: (body: LeadSearchInput) => api<LeadSearchResponse>('/apollo/search', { method: 'POST', body }),
  addTags: (leadIds: string[], tags: string[]) =>
    api<{ success: boolean; updated: number; message: string }>('/apollo/leads/tags', {
      method: 'PUT',
      body: { lead_ids: leadIds, tags },
    }),
  templates: () => data(api<Data<EmailTemplateView[]>>('/admin/config/email-templates')),
};
