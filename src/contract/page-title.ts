import { BUSINESS } from './business.ts';

/** Between a page's own name and the business's name in a title. */
const TITLE_SEPARATOR = ' | ';

/** What a title is made of: a page's own name, or an article (its meta title, else its title). */
export type TitleOf = string | { metaTitle?: string | null; title: string };

/**
 * Every title of the site, in one place (docs/decisions/0461): a page is "<page> | Skyward Mobile
 * Aviation"; an article is its meta title alone, as the spec says ("page title ... from
 * metaTitle when present"), which is its title unless the author typed another.
 */
export function pageTitle(of: TitleOf): string {
  if (typeof of !== 'string') return of.metaTitle?.trim() || of.title.trim();
  return `${of}${TITLE_SEPARATOR}${BUSINESS.name}`;
}
