import {
  LeadListQuerySchema,
  LeadSearchSchema,
  LeadTagsSchema,
  type LeadAnalytics,
  type LeadSearchResponse,
  type MarketingLead,
  type Pagination,
  type SuggestedKeywords,
} from '../marketing.ts';
import type { UsState } from '../us-states.ts';
import { type Envelope, route, type RouteSpec } from './route.ts';

/** Marketing (lead search): its part of the route table (`src/contract/routes.ts` composes them). */
export const ROUTES = {
  marketingKeywords: route<Envelope<SuggestedKeywords>>()({
    method: 'GET',
    path: '/api/apollo/suggested-keywords',
    access: { roles: ['admin'] },
  }),
  marketingStates: route<Envelope<UsState[]>>()({
    method: 'GET',
    path: '/api/apollo/states',
    access: { roles: ['admin'] },
  }),
  marketingAnalytics: route<Envelope<LeadAnalytics>>()({
    method: 'GET',
    path: '/api/apollo/analytics',
    access: { roles: ['admin'] },
  }),
  marketingLeads: route<Envelope<MarketingLead[]> & { pagination: Pagination }>()({
    method: 'GET',
    path: '/api/apollo/leads',
    access: { roles: ['admin'] },
    query: LeadListQuerySchema,
  }),
  marketingSearch: route<LeadSearchResponse>()({
    method: 'POST',
    path: '/api/apollo/search',
    access: { roles: ['admin'] },
    input: LeadSearchSchema,
  }),
  marketingTags: route<{ success: true; updated: number; message: string }>()({
    method: 'PUT',
    path: '/api/apollo/leads/tags',
    access: { roles: ['admin'] },
    input: LeadTagsSchema,
  }),
} as const satisfies Record<string, RouteSpec>;
