/** Longest slug kept: URLs stay readable and well under any path limit. */
export const MAX_SLUG_LENGTH = 80;

/**
 * Path segments under /blog that are static routes of the site, not articles: a post may never
 * take one of them (its page would be shadowed by the route).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['article', 'category', 'page', 'rss', 'feed', 'search']);

/** 'Annual vs. 100-Hour: What & Why?' -> 'annual-vs-100-hour-what-and-why'. Never empty. */
export function slugify(text: string): string {
  const base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents: é -> e
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '') // owner's -> owners
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (base.length <= MAX_SLUG_LENGTH) return base || 'post';
  const cut = base.slice(0, MAX_SLUG_LENGTH);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > MAX_SLUG_LENGTH / 2 ? cut.slice(0, lastDash) : cut).replace(/-+$/g, '');
}

/**
 * The first free slug for `base`: `base`, then `base-2`, `base-3`... `taken` holds the slugs
 * already used (only those equal to base or base-N matter).
 */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base) && !RESERVED_SLUGS.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
