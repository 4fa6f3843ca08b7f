// The blog's markup as HTML strings, shared by the prerendered pages (Astro, `set:html`) and the
// small browser scripts that render the same views from the API (filters, search, posts newer
// than the last build). One renderer, so the static and client views cannot drift apart.
import {
  BLOG_CARD_TAGS,
  BLOG_EXCERPT_RELATED,
  BLOG_SHARE_POPUP,
  BLOG_TEXT,
  type BlogCategory,
  type BlogPost,
} from '../../contract/blog-constants.ts';
import { esc, formatPostDate, formatViews, postDate } from './format.ts';
import { ICONS, icon } from './icons.ts';
import { paginationWindow } from './pagination.ts';
import { shareLinks } from './share-links.ts';
import { cardExcerpt, initials, shortExcerpt } from './text.ts';

export type CardPost = Pick<
  BlogPost,
  | 'title'
  | 'slug'
  | 'excerpt'
  | 'content'
  | 'category'
  | 'tags'
  | 'authorName'
  | 'publishedAt'
  | 'createdAt'
  | 'views'
  | 'readingTime'
>;

export const articleHref = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

function tagList(tags: string[], max: number): string {
  if (!tags.length) return '';
  const shown = tags.slice(0, max);
  const more = tags.length - shown.length;
  return `<ul class="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">${shown
    .map((t) => `<li class="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">${esc(t)}</li>`)
    .join('')}${more > 0 ? `<li class="px-1 py-0.5 text-xs text-muted-foreground">+${more} more</li>` : ''}</ul>`;
}

function byline(post: CardPost, size: 'sm' | 'md'): string {
  const date = postDate(post);
  const avatar = size === 'sm' ? 'h-9 w-9 text-xs' : 'h-11 w-11 text-sm';
  return `<div class="flex items-center gap-3">
<span class="${avatar} inline-flex shrink-0 items-center justify-center rounded-full bg-brand font-semibold text-brand-foreground" aria-hidden="true">${esc(initials(post.authorName))}</span>
<div class="min-w-0 text-sm"><p class="truncate font-medium text-foreground">${esc(post.authorName)}</p>
<p class="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground"><time datetime="${esc(date)}">${esc(formatPostDate(date))}</time><span class="inline-flex items-center gap-1">${icon(ICONS.eye, 'h-3.5 w-3.5')}<span data-views>${esc(formatViews(post.views))}</span></span></p></div></div>`;
}

/** One article card of the list (spec: category, reading time, title, excerpt, tags, author, date, views). */
export function renderCard(post: CardPost): string {
  return `<article class="flex flex-col rounded-lg border border-border bg-background p-5 shadow-sm transition-shadow hover:shadow-md" data-slug="${esc(post.slug)}">
<div class="flex items-center justify-between gap-2 text-xs"><span class="rounded-full bg-info-muted px-2.5 py-0.5 font-semibold text-accent">${esc(post.category)}</span><span class="inline-flex items-center gap-1 text-muted-foreground">${icon(ICONS.clock, 'h-3.5 w-3.5')}${post.readingTime} min read</span></div>
<h2 class="mt-3 text-lg font-semibold leading-snug text-foreground"><a class="rounded-sm hover:text-accent" href="${articleHref(post.slug)}">${esc(post.title)}</a></h2>
<p class="mt-2 text-sm leading-relaxed text-muted-foreground">${esc(cardExcerpt(post))}</p>
${tagList(post.tags, BLOG_CARD_TAGS)}
<div class="min-h-4 flex-1"></div>
<div class="border-t border-border pt-4">${byline(post, 'sm')}</div>
</article>`;
}

export function renderCards(posts: CardPost[]): string {
  return `<div class="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">${posts.map(renderCard).join('')}</div>`;
}

/** 'No articles found' with the hint the spec gives for a filtered or an empty blog. */
export function renderEmpty(filtered: boolean): string {
  return `<div class="rounded-lg border border-dashed border-border px-6 py-16 text-center">
<h2 class="text-xl font-semibold text-foreground">${BLOG_TEXT.emptyTitle}</h2>
<p class="mt-2 text-muted-foreground">${filtered ? BLOG_TEXT.emptyFiltered : BLOG_TEXT.emptyUnfiltered}</p>
${filtered ? `<a href="/blog" class="mt-6 inline-flex h-10 items-center rounded-md bg-accent px-4 text-sm font-semibold text-accent-foreground hover:bg-accent-hover">${BLOG_TEXT.viewAll}</a>` : ''}
</div>`;
}

export interface ChipView {
  categories: BlogCategory[];
  /** Name of the active category, or null for 'All Articles'. */
  active: string | null;
  hrefFor: (category: BlogCategory | null) => string;
}

const chipClass = (on: boolean) =>
  `inline-flex h-9 shrink-0 items-center whitespace-nowrap rounded-full border px-4 text-sm font-medium transition-colors ${
    on ? 'border-accent bg-accent text-accent-foreground' : 'border-border bg-background text-foreground hover:bg-muted'
  }`;

/** 'All Articles' then one chip per category with its number of published posts. */
export function renderChips({ categories, active, hrefFor }: ChipView): string {
  const chip = (label: string, href: string, on: boolean) =>
    `<li><a class="${chipClass(on)}" href="${esc(href)}"${on ? ' aria-current="page"' : ''}>${label}</a></li>`;
  const activeKey = active?.toLowerCase() ?? null;
  // One scrollable row on phones (the page starts with the articles, not a wall of chips).
  return `<ul class="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2 sm:flex-wrap sm:overflow-visible">${chip(BLOG_TEXT.allArticles, hrefFor(null), activeKey === null)}${categories
    .map((c) => chip(`${esc(c.name)} (${c.postCount})`, hrefFor(c), c.name.toLowerCase() === activeKey))
    .join('')}</ul>`;
}

/** Numbered pagination with Previous/Next, first and last, two pages either side, ellipses. */
export function renderPagination(page: number, pages: number, hrefFor: (page: number) => string): string {
  const items = paginationWindow(page, pages);
  if (!items.length) return '';
  const box = 'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md px-3 text-sm font-medium';
  const edge = (label: string, target: number, enabled: boolean, iconPath: string, after: boolean) => {
    const inner = after ? `${label}${icon(iconPath)}` : `${icon(iconPath)}${label}`;
    return enabled
      ? `<li><a class="${box} border border-border hover:bg-muted" href="${esc(hrefFor(target))}" rel="${after ? 'next' : 'prev'}">${inner}</a></li>`
      : `<li><span class="${box} border border-border text-muted-foreground opacity-60" aria-disabled="true">${inner}</span></li>`;
  };
  const numbers = items
    .map((item) =>
      item === 'ellipsis'
        ? `<li><span class="${box} text-muted-foreground" aria-hidden="true">…</span></li>`
        : item === page
          ? `<li><a class="${box} bg-accent text-accent-foreground" href="${esc(hrefFor(item))}" aria-current="page" aria-label="Page ${item}">${item}</a></li>`
          : `<li><a class="${box} border border-border hover:bg-muted" href="${esc(hrefFor(item))}" aria-label="Page ${item}">${item}</a></li>`,
    )
    .join('');
  return `<nav aria-label="Pagination" class="mt-10"><ul class="flex flex-wrap items-center justify-center gap-2">${edge(
    'Previous',
    page - 1,
    page > 1,
    ICONS.chevronLeft,
    false,
  )}${numbers}${edge('Next', page + 1, page < pages, ICONS.chevronRight, true)}</ul></nav>`;
}

function relatedCard(post: CardPost): string {
  return `<article class="flex flex-col rounded-lg border border-border p-4">
<span class="text-xs font-semibold text-accent">${esc(post.category)}</span>
<h3 class="mt-1 font-semibold leading-snug"><a class="hover:text-accent" href="${articleHref(post.slug)}">${esc(post.title)}</a></h3>
<p class="mt-2 text-sm text-muted-foreground">${esc(shortExcerpt(post, BLOG_EXCERPT_RELATED))}</p>
<p class="mt-auto pt-3 text-xs text-muted-foreground">${post.readingTime} min read</p>
</article>`;
}

/**
 * Wide tables scroll inside their own focusable region on phones. (A table set to display:block
 * would scroll too, but loses its table semantics for screen readers.) Sanitized HTML carries no
 * attributes on <table>, so the plain tags are matched.
 */
function withScrollableTables(html: string): string {
  return html
    .replace(/<table>/g, '<div class="blog-table" role="region" aria-label="Table" tabindex="0"><table>')
    .replace(/<\/table>/g, '</table></div>');
}

export type ArticlePost = CardPost & Pick<BlogPost, 'id' | 'updatedAt'>;

/**
 * The article: breadcrumb, header (category, title, excerpt, author, date, reading time, views),
 * share buttons, tags, the content (sanitized HTML, inserted as is), related articles, back link.
 */
export function renderArticle(post: ArticlePost, related: CardPost[], pageUrl: string): string {
  const date = postDate(post);
  const share = shareLinks(pageUrl, post.title)
    .map(
      (s) =>
        `<li><a class="inline-flex h-9 items-center rounded-md border border-border px-3 text-sm font-medium hover:bg-muted" href="${esc(s.href)}" target="_blank" rel="noopener noreferrer" data-share="${s.network}" aria-label="Share on ${s.label}">${s.label}</a></li>`,
    )
    .join('');
  const excerpt = post.excerpt.trim();
  return `<article class="mx-auto max-w-3xl" data-article="${esc(post.slug)}" data-title="${esc(post.title)}">
<nav aria-label="Breadcrumb" class="text-sm text-muted-foreground"><ol class="flex flex-wrap items-center gap-1.5">
<li><a class="hover:text-accent" href="/">Home</a></li><li aria-hidden="true">/</li>
<li><a class="hover:text-accent" href="/blog">Blog</a></li><li aria-hidden="true">/</li>
<li><span aria-current="page" class="text-foreground">${esc(post.title)}</span></li></ol></nav>
<header class="mt-6">
<span class="rounded-full bg-info-muted px-3 py-1 text-xs font-semibold text-accent">${esc(post.category)}</span>
<h1 class="mt-4 text-3xl font-bold leading-tight tracking-tight text-foreground sm:text-4xl">${esc(post.title)}</h1>
${excerpt ? `<p class="mt-4 text-lg leading-relaxed text-muted-foreground">${esc(excerpt)}</p>` : ''}
<div class="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 border-y border-border py-4 text-sm text-muted-foreground">
<div class="flex items-center gap-3"><span class="inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand text-sm font-semibold text-brand-foreground" aria-hidden="true">${esc(initials(post.authorName))}</span><span class="font-medium text-foreground">${esc(post.authorName)}</span></div>
<span class="inline-flex items-center gap-1.5">${icon(ICONS.calendar)}<time datetime="${esc(date)}">${esc(formatPostDate(date))}</time></span>
<span class="inline-flex items-center gap-1.5">${icon(ICONS.clock)}${post.readingTime} min read</span>
<span class="inline-flex items-center gap-1.5">${icon(ICONS.eye)}<span data-views>${esc(formatViews(post.views))}</span></span>
</div>
<div class="mt-4 flex flex-wrap items-center gap-2"><span class="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground">${icon(ICONS.share)}Share:</span><ul class="flex flex-wrap gap-2" data-share-popup="width=${BLOG_SHARE_POPUP.width},height=${BLOG_SHARE_POPUP.height}">${share}</ul></div>
</header>
${post.tags.length ? `<ul class="mt-6 flex flex-wrap gap-2" aria-label="Tags">${post.tags.map((t) => `<li class="rounded-full bg-muted px-3 py-1 text-xs text-muted-foreground">${esc(t)}</li>`).join('')}</ul>` : ''}
<div class="blog-prose mt-8">${withScrollableTables(post.content)}</div>
<aside class="mt-10 rounded-lg border border-border bg-info-muted p-5 sm:p-6" aria-labelledby="article-cta-heading" data-article-cta>
<h2 id="article-cta-heading" class="text-lg font-semibold text-foreground">${BLOG_TEXT.ctaTitle}</h2>
<p class="mt-1 text-sm text-muted-foreground">${BLOG_TEXT.ctaText}</p>
<a class="mt-4 inline-flex h-11 items-center rounded-md bg-accent px-5 text-sm font-semibold text-accent-foreground hover:bg-accent-hover" href="/#quote">${BLOG_TEXT.ctaLink}</a>
</aside>
</article>
${
  related.length
    ? `<section class="mx-auto mt-16 max-w-5xl" aria-labelledby="related-heading"><h2 id="related-heading" class="text-2xl font-bold">${BLOG_TEXT.related}</h2><div class="mt-6 grid gap-6 md:grid-cols-3">${related.map(relatedCard).join('')}</div></section>`
    : ''
}
<p class="mx-auto mt-12 max-w-3xl"><a class="inline-flex items-center gap-2 font-semibold text-accent hover:underline" href="/blog">${icon(ICONS.back)}${BLOG_TEXT.backToAll}</a></p>`;
}
