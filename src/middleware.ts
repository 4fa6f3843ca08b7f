// Security headers of the pages rendered on demand (the blog). Static pages get them from
// netlify.toml and functions from withApi; an on-demand page is a function response, which
// netlify.toml's [[headers]] do not reach. Its policy allows exactly the inline scripts it carries,
// by their SHA-256 (docs/decisions/0094-content-security-policy.md, 0033-blog-on-demand.md).
import { defineMiddleware } from 'astro:middleware';
import { inlineScriptHashes } from './server/http/inline-script-hashes.ts';
import { contentSecurityPolicy, withSecurityHeaders } from './server/http/security-headers.ts';
import { unavailablePageFor } from './server/http/unavailable-page.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const started = performance.now();
  let response: Response;
  let html: string;
  try {
    response = await next();
    if (context.isPrerendered) return response;
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('text/html')) return withSecurityHeaders(response);
    html = await response.text(); // a page streams: a failure while rendering surfaces here too
  } catch (error) {
    // The database cannot answer: a 503 page, as the API answers.
    const unavailable = unavailablePageFor(error, context.request.method, context.url.pathname);
    if (unavailable) return unavailable;
    throw error;
  }
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', contentSecurityPolicy(inlineScriptHashes(html)));
  // How long the page took to render, database reads included (bench/article-render.ts reads it).
  headers.set('Server-Timing', `render;dur=${(performance.now() - started).toFixed(1)}`);
  return withSecurityHeaders(new Response(html, { status: response.status, statusText: response.statusText, headers }));
});
