import type { SiteSettings } from '../settings-catalog.ts';
import { LeadSchema } from '../lead.ts';
import type { PopupClaim } from '../popup.ts';
import { QuoteRequestSchema } from '../quote.ts';
import { type QuoteResponse } from '../quote-fields.ts';
import { type Envelope, route, type RouteSpec } from './route.ts';

/** The public site: the quote and lead forms, site settings, health: its part of the route table (`src/contract/routes.ts` composes them). */
export const ROUTES = {
  quoteSubmit: route<QuoteResponse>()({
    method: 'POST',
    path: '/api/quotes',
    access: 'public',
    input: QuoteRequestSchema,
  }),
  leadCapture: route<{ success: true } & Partial<PopupClaim>>()({
    method: 'POST',
    path: '/api/leads',
    access: 'public',
    input: LeadSchema,
  }),
  health: route<{ database: 'ok' }>()({ method: 'GET', path: '/api/health', access: 'public' }),
  siteSettings: route<Envelope<SiteSettings>>()({ method: 'GET', path: '/api/site/settings', access: 'public' }),
} as const satisfies Record<string, RouteSpec>;
