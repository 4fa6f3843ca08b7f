import { BUSINESS } from '../../contract/business.ts';
import { pageTitle } from '../../contract/page-title.ts';
import { DATABASE_RETRY_AFTER_SECONDS, describeDatabaseError, isDatabaseUnavailable } from '../db/unavailable.ts';
import { contentSecurityPolicy, withSecurityHeaders } from './security-headers.ts';

/**
 * The page an on-demand page (the blog) answers while the database cannot: 503 with Retry-After,
 * a short page saying so in the site's words, never cached. The API answers
 * the same moments with its JSON 503 (withApi); before, the blog gave a 500 with an empty body.
 * Self-contained (no stylesheet or script to load from a site that is struggling).
 */
export function unavailablePage(requestId: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${pageTitle('Briefly unavailable')}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem;color:#0f172a;line-height:1.5}a{color:#1d4ed8}</style>
</head>
<body>
<main>
<h1>The blog is briefly unavailable</h1>
<p>We could not load this page just now. Please try again in a moment.</p>
<p><a href="/">Back to ${BUSINESS.name}</a></p>
<p><small>Reference: ${requestId}</small></p>
</main>
</body>
</html>`;
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
    'content-security-policy': contentSecurityPolicy(),
  });
  return withSecurityHeaders(new Response(html, { status: 503, headers }));
}

/** The 503 page when `error` means the database cannot answer now, else null (a real bug: rethrow). */
export function unavailablePageFor(error: unknown, method: string, path: string): Response | null {
  if (!isDatabaseUnavailable(error)) return null;
  const requestId = crypto.randomUUID();
  console.error(`[${requestId}] ${method} ${path} 503 database unavailable: ${describeDatabaseError(error)}`);
  return unavailablePage(requestId);
}
