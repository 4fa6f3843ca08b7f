/**
 * Google Analytics' place in the content policy and on which pages it may load
 * (docs/decisions/0275-analytics-with-consent.md). No dependencies: the edge function that widens
 * the policy imports it as well as the site.
 */

/** Where Google's tag is loaded from in production; tests and `npm start` point GA_SCRIPT_BASE at a stand-in. */
export const GOOGLE_TAG_ORIGIN = 'https://www.googletagmanager.com';

/** What the public pages need: the ID, and the origin the tag is loaded from. */
export interface SiteAnalytics {
  measurement_id: string;
  script_origin: string;
}

/** The visitor's choice, kept in localStorage (not a cookie: nothing is sent with requests). */
export const CONSENT_STORAGE_KEY = 'skyward.analytics-consent';
export type AnalyticsConsent = 'granted' | 'denied';

/**
 * The public pages: the home page and the blog. Never the dashboards, the console or the sign-in
 * pages. The edge function's `config.path` lists the same (netlify/edge-functions/analytics-csp.ts;
 * a unit test keeps them equal).
 */
export const ANALYTICS_PATHS = ['/', '/blog', '/blog/*'] as const;

export function isAnalyticsPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/blog' || pathname.startsWith('/blog/');
}

/**
 * The sources the content policy adds when an ID is set, and nothing broader: Google's tag host
 * for the script; the GA4 collection hosts for its hits (fetch/beacon) and its fallback pixel.
 * A stand-in (any other origin) gets exactly its own origin in the three directives.
 */
export function analyticsCspSources(scriptOrigin: string): { script: string[]; connect: string[]; img: string[] } {
  if (scriptOrigin !== GOOGLE_TAG_ORIGIN)
    return { script: [scriptOrigin], connect: [scriptOrigin], img: [scriptOrigin] };
  return {
    script: [GOOGLE_TAG_ORIGIN],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', GOOGLE_TAG_ORIGIN],
    img: ['https://*.google-analytics.com', GOOGLE_TAG_ORIGIN],
  };
}

/** A content policy with the analytics sources added to script-src, connect-src and img-src. */
export function withAnalyticsSources(policy: string, scriptOrigin: string): string {
  const sources = analyticsCspSources(scriptOrigin);
  const extra: Record<string, string[]> = {
    'script-src': sources.script,
    'connect-src': sources.connect,
    'img-src': sources.img,
  };
  const seen = new Set<string>();
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => {
      const name = d.split(/\s+/)[0] ?? '';
      const add = extra[name];
      if (!add) return d;
      seen.add(name);
      const have = new Set(d.split(/\s+/).slice(1));
      return [d, ...add.filter((s) => !have.has(s))].join(' ');
    });
  for (const [name, add] of Object.entries(extra))
    if (!seen.has(name)) directives.push(`${name} 'self' ${add.join(' ')}`);
  return directives.join('; ');
}
