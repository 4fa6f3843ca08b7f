// The public pages' content policy names Google's tag and collection hosts only while the console
// has a Google Analytics measurement ID (docs/decisions/0275). The pages are
// static and their policy is a fixed line in netlify.toml: only a step per response can widen
// it without a deploy. The ID comes from the public settings read the pages use themselves,
// which the CDN keeps until a key or setting changes. `npm start` runs this same module around
// its static files and on-demand pages (scripts/lib/serve.ts): the emulator's edge runtime needs Deno.
import { isAnalyticsPath, withAnalyticsSources, type SiteAnalytics } from '../../src/contract/analytics-policy.ts';
import { inlineScriptHashes } from '../../src/server/http/inline-script-hashes.ts';
import { contentSecurityPolicy, withSecurityHeaders } from '../../src/server/http/security-headers.ts';

interface EdgeContext {
  next(): Promise<Response>;
}

/** How long the page waits for the settings before it goes out with the strict policy. */
const SETTINGS_TIMEOUT_MS = 1500;

async function readAnalytics(pageUrl: string): Promise<SiteAnalytics | null> {
  try {
    const res = await fetch(new URL('/api/site/settings', pageUrl), {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(SETTINGS_TIMEOUT_MS),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { analytics?: SiteAnalytics | null } };
    return body.data?.analytics ?? null;
  } catch {
    return null; // No answer: the page keeps the strict policy, and its script shows no banner either.
  }
}

export default async function analyticsCsp(request: Request, context: EdgeContext): Promise<Response> {
  const response = await context.next();
  if (!isAnalyticsPath(new URL(request.url).pathname)) return response;
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  const analytics = await readAnalytics(request.url);
  const given = response.headers.get('content-security-policy');
  // The strict policy of netlify.toml is on the page and nothing widens it: the page as it came.
  if (given && !analytics) return response;
  const headers = new Headers(response.headers);
  let body: BodyInit | null = response.body;
  let policy = given;
  if (!policy) {
    // Netlify's docs do not apply netlify.toml's headers to what an edge function answers; a page
    // that reached here without them gets the same policy, with the hashes of its inline scripts,
    // as src/middleware.ts gives the blog pages, and the other security headers: never none.
    const html = await response.text();
    body = html;
    policy = contentSecurityPolicy(inlineScriptHashes(html));
  }
  headers.set('content-security-policy', analytics ? withAnalyticsSources(policy, analytics.script_origin) : policy);
  return withSecurityHeaders(new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

export const config = { path: ['/', '/blog', '/blog/*'] };
