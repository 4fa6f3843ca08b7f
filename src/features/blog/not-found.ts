import { BLOG_TEXT } from '../../contract/blog-constants.ts';
import { esc } from './format.ts';
import { ICONS, icon } from './icons.ts';

/** 'Article Not Found' with a way back (spec: the screen after a failed article load). */
export function renderNotFound(message: string): string {
  return `<div class="mx-auto max-w-xl py-16 text-center">
<h1 class="text-3xl font-bold text-foreground">${BLOG_TEXT.notFoundTitle}</h1>
<p class="mt-3 text-muted-foreground">${esc(message)}</p>
<a class="mt-8 inline-flex h-10 items-center gap-2 rounded-md bg-accent px-4 text-sm font-semibold text-accent-foreground hover:bg-accent-hover" href="/blog">${icon(ICONS.back)}${BLOG_TEXT.backToBlog}</a>
</div>`;
}

export const NOT_FOUND_MESSAGES = {
  missing: BLOG_TEXT.notFoundMessage,
  failed: 'Failed to load article. Please check your connection and try again.',
} as const;
