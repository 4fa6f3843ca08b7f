// The public pages' content policy names Google's tag and collection hosts only while the console
// has a Google Analytics measurement ID (docs/decisions/0275). The pages are
// static and their policy is a fixed line in netlify.toml: only a step per response can widen
// it without a deploy. The ID comes from the public settings read the pages use themselves,
// which the CDN keeps until a key or setting changes. `npm start` runs this same module around
// its static files and on-demand pages (scripts/lib/serve.ts): the emulator's edge runtime needs Deno.
import { isAnalyticsPath, withAnalyticsSources, type SiteAnalytics } from '../../src/contract/analytics-policy.ts';
import { withBusinessHours, type HoursForPage } from '../../src/features/site/business-hours-html.ts';
import { inlineScriptHashes } from '../../src/server/http/inline-script-hashes.ts';
import { contentSecurityPolicy, withSecurityHeaders } from '../../src/server/http/security-headers.ts';

interface EdgeContext {
  next(): Promise<Response>;
}

/** How long the page waits for the settings before it goes out with the strict policy. */
const SETTINGS_TIMEOUT_MS = 1500;

/** The public settings the served page needs: the analytics ID and the business hours. */
type PageSettings = { analytics?: SiteAnalytics | null } & Partial<HoursForPage>;

async function readSettings(pageUrl: string): Promise<PageSettings | null> {
  try {
    const res = await fetch(new URL('/api/site/settings', pageUrl), {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(SETTINGS_TIMEOUT_MS),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: PageSettings };
    return body.data ?? null;
  } catch {
    return null; // No answer: the page keeps the strict policy, and its script shows no banner either.
  }
}

const hoursOf = (s: PageSettings | null): HoursForPage | null =>
  s?.business_hours && s.business_hours_text && s.time_zone
    ? { business_hours: s.business_hours, business_hours_text: s.business_hours_text, time_zone: s.time_zone }
    : null;

export default async function analyticsCsp(request: Request, context: EdgeContext): Promise<Response> {
  const response = await context.next();
  if (!isAnalyticsPath(new URL(request.url).pathname)) return response;
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  const settings = await readSettings(request.url);
  const analytics = settings?.analytics ?? null;
  // The home page's footer and business data carry the hours as served (docs/decisions/0468).
  const hours = new URL(request.url).pathname === '/' ? hoursOf(settings) : null;
  const given = response.headers.get('content-security-policy');
  // The strict policy of netlify.toml is on the page and nothing widens it: the page as it came.
  if (given && !analytics && !hours) return response;
  const headers = new Headers(response.headers);
  let body: BodyInit | null = response.body;
  let policy = given;
  if (hours || !policy) {
    let html = await response.text();
    // Only HTML text and JSON-LD change: no executable script, so the policy's hashes still hold.
    if (hours) html = withBusinessHours(html, hours);
    body = html;
    headers.delete('content-length');
    // Netlify's docs do not apply netlify.toml's headers to what an edge function answers; a page
    // that reached here without them gets the same policy, with the hashes of its inline scripts,
    // as src/middleware.ts gives the blog pages, and the other security headers: never none.
    policy ??= contentSecurityPolicy(inlineScriptHashes(html));
  }
  headers.set('content-security-policy', analytics ? withAnalyticsSources(policy, analytics.script_origin) : policy);
  return withSecurityHeaders(new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

export const config = { path: ['/', '/blog', '/blog/*'] };
