import { BLOG_PAGINATION_WINDOW } from '../../contract/blog-constants.ts';

export type PageItem = number | 'ellipsis';

/**
 * The numbered pagination: always the first and last page, the current page with `window` pages
 * either side, and an ellipsis wherever pages are skipped. 1 page or none: nothing to show.
 */
export function paginationWindow(page: number, pages: number, window = BLOG_PAGINATION_WINDOW): PageItem[] {
  if (pages <= 1) return [];
  const current = Math.min(Math.max(1, page), pages);
  const items: PageItem[] = [];
  for (let n = 1; n <= pages; n += 1) {
    const shown = n === 1 || n === pages || Math.abs(n - current) <= window;
    if (shown) items.push(n);
    else if (items[items.length - 1] !== 'ellipsis') items.push('ellipsis');
  }
  return items;
}
