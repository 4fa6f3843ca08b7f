// The blog list's only script (no framework). Two jobs:
// 1. URL parameters `category`, `search` (and `page`) preset the filters: the list is rendered from
//    GET /api/blog/posts with them (spec: the search form is a plain GET form to /blog).
// 2. Without parameters the server-rendered page (possibly from the CDN's cache) is shown at once,
//    then checked against the API: view counts are refreshed in place, and the list is re-rendered
//    only if posts changed since the page was rendered.
import { BLOG_PAGE_SIZE, type BlogCategory, type BlogListResponse } from '../../contract/blog-constants.ts';
import type { ROUTES } from '../../contract/routes.ts';
import { getRoute } from '../../lib/get-route.ts';
import { formatViews } from './format.ts';
import { listHref, listSignature } from './list-pages.ts';
import { renderCards, renderChips, renderEmpty, renderPagination } from './render.ts';

const root = document.querySelector<HTMLElement>('[data-blog-list]');

interface View {
  /** Category as given (name or id), or '' for all. */
  category: string;
  search: string;
  page: number;
}

function queryHref(view: View): string {
  const p = new URLSearchParams();
  if (view.category) p.set('category', view.category);
  if (view.search) p.set('search', view.search);
  if (view.page > 1) p.set('page', String(view.page));
  const q = p.toString();
  return q ? `/blog?${q}` : '/blog';
}

function part(name: string): HTMLElement {
  return root!.querySelector<HTMLElement>(`[data-${name}]`)!;
}

function render(view: View, categories: BlogCategory[], list: BlogListResponse | null): void {
  const wanted = view.category.toLowerCase();
  const active = categories.find((c) => c.name.toLowerCase() === wanted || c.id === wanted);
  const filtered = Boolean(view.category || view.search);
  // Without a search the links are the list's own addresses, as the server renders them (a list
  // refreshed here after a post was published kept linking chips to `?category=`); a search's
  // results exist only as a query.
  part('chips').innerHTML = renderChips({
    categories,
    active: view.category ? (active?.name ?? view.category) : null,
    hrefFor: (c) =>
      view.search ? queryHref({ category: c ? c.name : '', search: view.search, page: 1 }) : listHref(c ?? null),
  });
  const posts = list?.data ?? [];
  part('results').innerHTML = posts.length ? renderCards(posts) : renderEmpty(filtered);
  const pages = list?.pagination.pages ?? 0;
  part('pagination').innerHTML = renderPagination(view.page, pages, (page) =>
    view.search || (view.category && !active) ? queryHref({ ...view, page }) : listHref(active ?? null, page),
  );
  const total = list?.pagination.total ?? 0;
  part('status').textContent = view.search
    ? `${total} ${total === 1 ? 'article' : 'articles'} found for “${view.search}”${active ? ` in ${active.name}` : ''}`
    : '';
  const hidden = root!.querySelector<HTMLInputElement>('input[name="category"]');
  if (hidden) hidden.value = active?.name ?? view.category;
}

async function load(view: View): Promise<{ categories: BlogCategory[]; list: BlogListResponse }> {
  const q = new URLSearchParams({ page: String(view.page), limit: String(BLOG_PAGE_SIZE) });
  if (view.category) q.set('category', view.category);
  if (view.search) q.set('q', view.search);
  const [cats, list] = await Promise.all([
    getRoute<typeof ROUTES.blogCategories>('/api/blog/categories', {}),
    getRoute<typeof ROUTES.blogPosts>('/api/blog/posts', {}, { query: q }),
  ]);
  return { categories: cats.data, list };
}

/**
 * The cards' view counts as they are now: the list and the page come from
 * the CDN and may be a day old; GET /api/blog/views is never cached. Failures leave the numbers.
 */
async function refreshViews(el: HTMLElement): Promise<void> {
  const cards = [...el.querySelectorAll<HTMLElement>('[data-slug]')];
  const slugs = [...new Set(cards.map((c) => c.dataset['slug'] ?? '').filter(Boolean))];
  if (slugs.length === 0) return;
  try {
    const { data } = await getRoute<typeof ROUTES.blogViewCounts>(
      '/api/blog/views',
      {},
      { query: new URLSearchParams({ slugs: slugs.join(',') }) },
    );
    for (const card of cards) {
      const n = data[card.dataset['slug'] ?? ''];
      const views = card.querySelector('[data-views]');
      if (n !== undefined && views) views.textContent = formatViews(n);
    }
  } catch (error) {
    console.error('Failed to refresh view counts', error);
  }
}

async function start(el: HTMLElement): Promise<void> {
  await startList(el);
  await refreshViews(el);
}

async function startList(el: HTMLElement): Promise<void> {
  const params = new URLSearchParams(location.search);
  const search = params.get('search')?.trim() ?? '';
  const category = params.get('category')?.trim() ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const input = el.querySelector<HTMLInputElement>('input[name="search"]');
  if (input) input.value = search;

  if (search || category || params.has('page')) {
    const view = { search, category, page };
    try {
      const { categories, list } = await load(view);
      render(view, categories, list);
    } catch (error) {
      // Spec: list and category failures are only logged; the empty state shows.
      console.error('Failed to load articles', error);
      render(view, [], null);
    } finally {
      el.removeAttribute('aria-busy');
    }
    return;
  }

  // Prerendered view: refresh from the live blog.
  const view = { category: el.dataset['category'] ?? '', search: '', page: Number(el.dataset['page']) || 1 };
  try {
    const { categories, list } = await load(view);
    if (listSignature(list.data, list.pagination.pages, categories) !== el.dataset['signature']) {
      render(view, categories, list);
      return;
    }
    for (const post of list.data) {
      const views = el.querySelector(`[data-slug="${CSS.escape(post.slug)}"] [data-views]`);
      if (views) views.textContent = formatViews(post.views);
    }
  } catch (error) {
    console.error('Failed to refresh articles', error);
  }
}

if (root) void start(root);
