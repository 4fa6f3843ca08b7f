/**
 * Security headers of every function response (docs/decisions/0094-content-security-policy.md).
 * Static pages get the same policy, plus the hashes of Astro's inline scripts, from
 * `netlify.toml` (kept in step by scripts/csp-headers.ts after each build).
 */
export const CSP_DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  // React and Astro set inline style attributes; styles cannot run code, scripts stay strict.
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self'"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['frame-ancestors', "'none'"],
  ['form-action', "'self'"],
];

/** The policy, with extra script sources (e.g. `'sha256-...'` of inline scripts) when given. */
export function contentSecurityPolicy(scriptSources: readonly string[] = []): string {
  return CSP_DIRECTIVES.map(([name, value]) =>
    name === 'script-src' && scriptSources.length ? `${name} ${value} ${scriptSources.join(' ')}` : `${name} ${value}`,
  ).join('; ');
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Adds the headers to a function's response. A response that brings its own, stricter policy (a
 * downloaded document is sandboxed) keeps it, with the directives every response must carry added.
 */
export function withSecurityHeaders(res: Response): Response {
  let headers: Headers;
  try {
    headers = res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    // Immutable headers (a fetched Response): copy.
    const copy = new Response(res.body, res);
    return withSecurityHeaders(copy);
  }
  const own = headers.get('Content-Security-Policy');
  if (own) {
    const missing = ['object-src', 'base-uri', 'frame-ancestors', 'form-action']
      .filter((d) => !new RegExp(`(^|;)\\s*${d}\\s`).test(own))
      .map((d) => `${d} ${CSP_DIRECTIVES.find(([n]) => n === d)?.[1]}`);
    if (missing.length) headers.set('Content-Security-Policy', [own, ...missing].join('; '));
  } else {
    headers.set('Content-Security-Policy', contentSecurityPolicy());
  }
  headers.set('Strict-Transport-Security', HSTS);
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  return res;
}
