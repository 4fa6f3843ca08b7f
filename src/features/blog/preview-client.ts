// The admin's Preview of a draft (/blog/article/?slug=...): published articles are pages of their
// own, rendered on demand; a draft is not public, so the browser renders it from the admin API.
import { BLOG_RELATED, BLOG_TEXT, type BlogPost } from '../../contract/blog-constants.ts';
import { pageTitle } from '../../contract/page-title.ts';
import type { ROUTES } from '../../contract/routes.ts';
import { getRoute } from '../../lib/get-route.ts';
import { articleHref, renderArticle } from './render.ts';
import { NOT_FOUND_MESSAGES, renderNotFound } from './not-found.ts';

const root = document.querySelector<HTMLElement>('[data-fallback]');

function notFound(message: string): void {
  document.title = pageTitle(BLOG_TEXT.notFoundTitle);
  root!.innerHTML = renderNotFound(message);
  root!.removeAttribute('aria-busy');
}

async function relatedFor(post: BlogPost): Promise<BlogPost[]> {
  try {
    const q = new URLSearchParams({ category: post.category, limit: String(BLOG_RELATED + 1) });
    const list = await getRoute<typeof ROUTES.blogPosts>('/api/blog/posts', {}, { query: q });
    return list.data.filter((p) => p.id !== post.id).slice(0, BLOG_RELATED);
  } catch {
    return [];
  }
}

/**
 * Drafts are not public: a signed-in admin (token stored by the console under the 'token' key)
 * reads the post from the admin list. Anyone else gets 'Article Not Found'.
 */
async function draftFor(slug: string): Promise<BlogPost | undefined> {
  const token = localStorage.getItem('token');
  if (!token) return undefined;
  try {
    const list = await getRoute<typeof ROUTES.blogAdminPosts>('/api/blog/admin/posts', {}, { token });
    return (list.data as BlogPost[]).find((p) => p.slug === slug);
  } catch {
    return undefined;
  }
}

async function show(slug: string): Promise<void> {
  const post = await draftFor(slug);
  if (!post) return notFound(NOT_FOUND_MESSAGES.missing);
  document.title = pageTitle(post);
  document.querySelector('meta[name="description"]')?.setAttribute('content', post.metaDescription);
  const related = await relatedFor(post);
  // The API sanitizes article HTML on save.
  const banner = post.published
    ? ''
    : '<p role="note" class="mx-auto mb-6 max-w-3xl rounded-md border border-warning/40 bg-warning-muted px-4 py-3 text-sm text-warning">Draft preview: only administrators can see this post until it is published.</p>';
  // Share buttons are handled by the article script, delegated on the document.
  root!.innerHTML = banner + renderArticle(post, related, `${location.origin}${articleHref(post.slug)}`);
  root!.removeAttribute('aria-busy');
}

if (root) {
  const slug = new URLSearchParams(location.search).get('slug');
  if (slug) void show(slug);
  else notFound(NOT_FOUND_MESSAGES.missing);
}
