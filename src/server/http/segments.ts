import type { ApiContext } from './with-api.ts';

/**
 * The path segments after `base`, e.g. '/api/enhanced/quotes/123/bid' -> ['123', 'bid']. Functions
 * serving several paths dispatch on these rather than on router params, so '/quotes/user' never
 * depends on which of two matching patterns a router picked.
 */
export function segmentsAfter(ctx: ApiContext, base: string): string[] {
  const path = ctx.url.pathname.replace(/\/+$/, '');
  if (!path.startsWith(base)) return [];
  return path
    .slice(base.length)
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
}
