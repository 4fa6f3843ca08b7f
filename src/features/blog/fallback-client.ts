// Renders, in the browser, an article published after the last build. Netlify serves this page
// for any /blog/* path without a prerendered file (netlify.toml rewrite, URL unchanged); the next
// build prerenders the post. Also sends list routes that did not exist at build to the live list.
import { BLOG_RELATED, type BlogListResponse, type BlogPost } from '../../contract/blog-constants.ts';
import { NOT_FOUND_MESSAGES, renderArticle, renderNotFound } from './render.ts';

const root = document.querySelector<HTMLElement>('[data-fallback]');

function notFound(message: string): void {
  document.title = 'Article Not Found';
  root!.innerHTML = renderNotFound(message);
  root!.removeAttribute('aria-busy');
}

async function relatedFor(post: BlogPost): Promise<BlogPost[]> {
  try {
    const q = new URLSearchParams({ category: post.category, limit: String(BLOG_RELATED + 1) });
    const res = await fetch(`/api/blog/posts?${q}`, { headers: { Accept: 'application/json' } });
    if (!res.ok) return [];
    const list = (await res.json()) as BlogListResponse;
    return list.data.filter((p) => p.id !== post.id).slice(0, BLOG_RELATED);
  } catch {
    return [];
  }
}

/**
 * The admin's Preview of a draft: drafts are not public, so a signed-in admin (token stored by the
 * console under the 'token' key) reads it from the admin list. Anyone else gets the 404.
 */
async function draftFor(slug: string): Promise<BlogPost | undefined> {
  const token = localStorage.getItem('token');
  if (!token) return undefined;
  try {
    const res = await fetch('/api/blog/admin/posts', { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
    if (!res.ok) return undefined;
    return ((await res.json()) as { data: BlogPost[] }).data.find((p) => p.slug === slug);
  } catch {
    return undefined;
  }
}

async function show(slug: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/blog/posts/${encodeURIComponent(slug)}`, { headers: { Accept: 'application/json' } });
  } catch {
    return notFound(NOT_FOUND_MESSAGES.failed);
  }
  let post: BlogPost | undefined;
  if (res.ok) post = ((await res.json()) as { data: BlogPost }).data;
  else if (res.status === 404) post = await draftFor(slug);
  if (!post) return notFound(res.status === 404 ? NOT_FOUND_MESSAGES.missing : NOT_FOUND_MESSAGES.failed);
  document.title = post.metaTitle || post.title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', post.metaDescription);
  const related = await relatedFor(post);
  // The API sanitizes article HTML on save (and the public call again before answering it).
  const banner = post.published
    ? ''
    : '<p role="note" class="mx-auto mb-6 max-w-3xl rounded-md border border-warning/40 bg-warning-muted px-4 py-3 text-sm text-warning">Draft preview: only administrators can see this post until it is published.</p>';
  // Share buttons are handled by the article script, delegated on the document.
  root!.innerHTML = banner + renderArticle(post, related, location.origin + location.pathname);
  root!.removeAttribute('aria-busy');
}

function route(): void {
  const rest = decodeURIComponent(location.pathname.replace(/^\/blog\/?/, '').replace(/\/+$/, ''));
  const category = /^category\/([^/]+)(?:\/page\/(\d+))?$/.exec(rest);
  if (category) return location.replace(`/blog?category=${encodeURIComponent(category[1]!)}${category[2] ? `&page=${category[2]}` : ''}`);
  const page = /^page\/(\d+)$/.exec(rest);
  if (page) return location.replace(`/blog?page=${page[1]}`);
  if (!rest || rest.includes('/')) return notFound(NOT_FOUND_MESSAGES.missing);
  void show(rest);
}

if (root) route();
