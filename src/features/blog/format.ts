/** HTML-escapes text for the string renderers (the only place blog text enters markup). */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * en-US date of a post, read in UTC so that the prerendered page, the browser and the API agree
 * whatever the visitor's time zone: 'September 8, 2025'.
 */
export function formatPostDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The date a post shows: published date, else created date (docs/product.md §2). */
export function postDate(post: { publishedAt: string | null; createdAt: string }): string {
  return post.publishedAt ?? post.createdAt;
}

export function formatViews(views: number): string {
  return `${views.toLocaleString('en-US')} ${views === 1 ? 'view' : 'views'}`;
}
