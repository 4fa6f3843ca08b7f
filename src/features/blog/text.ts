import {
  BLOG_EXCERPT_LIST,
  BLOG_META_DESCRIPTION_LENGTH,
  BLOG_WORDS_PER_MINUTE,
} from '../../contract/blog-constants.ts';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  deg: '°',
  copy: '©',
  reg: '®',
  trade: '™',
};

/** Turns the entities HTML text commonly carries back into characters (isomorphic, no DOM). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/**
 * The readable text of an HTML fragment: tags removed (script and style with their content),
 * entities decoded, whitespace collapsed. For excerpts, word counts and meta descriptions.
 */
export function htmlToText(html: string): string {
  const withoutCode = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ');
  // Block ends become spaces so that "</p><p>" never glues two words together.
  const stripped = withoutCode.replace(/<\/?[a-z!?/][^>]*>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' ');
  return decodeEntities(stripped).replace(/\s+/g, ' ').trim();
}

export function countWords(text: string): number {
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu);
  return words ? words.length : 0;
}

/** Minutes to read an HTML article: words / 225 rounded up, at least 1. */
export function readingTimeMinutes(html: string): number {
  return Math.max(1, Math.ceil(countWords(htmlToText(html)) / BLOG_WORDS_PER_MINUTE));
}

/**
 * The first `length` characters of the article's text, then '...' when it was cut (the spec's
 * excerpt fallback: 150 on the list, 120 in related articles).
 */
export function excerptFallback(html: string, length = BLOG_EXCERPT_LIST): string {
  const text = htmlToText(html);
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}

/** What a card shows: the excerpt when there is one, else the fallback from the content. */
export function cardExcerpt(post: { excerpt: string; content: string }, length = BLOG_EXCERPT_LIST): string {
  const excerpt = post.excerpt.trim();
  return excerpt || excerptFallback(post.content, length);
}

/** A related-article blurb: the excerpt or else the text, the first `length` characters then '...'. */
export function shortExcerpt(post: { excerpt: string; content: string }, length: number): string {
  const text = post.excerpt.trim() || htmlToText(post.content);
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}

/** Cuts at a word boundary so that the result, ellipsis included, fits in `max` characters. */
export function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 3);
  const lastSpace = room.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? room.slice(0, lastSpace) : room).replace(/[\s,;:.-]+$/, '')}...`;
}

/**
 * Meta fields left empty are generated: the title from the post title, the description from the
 * excerpt or else the article's text, cut to 155 characters.
 */
export function metaFor(post: {
  title: string;
  excerpt: string;
  content: string;
  metaTitle?: string;
  metaDescription?: string;
}): {
  metaTitle: string;
  metaDescription: string;
} {
  const metaTitle = post.metaTitle?.trim() || post.title.trim();
  const source = post.excerpt.trim() || htmlToText(post.content);
  const metaDescription = post.metaDescription?.trim() || truncateAtWord(source, BLOG_META_DESCRIPTION_LENGTH);
  return { metaTitle, metaDescription };
}

/** 'Mike Reynolds, A&P/IA' -> 'MR': the avatar of an author. */
export function initials(name: string): string {
  const words = name
    .split(',')[0]!
    .split(/\s+/)
    .filter((w) => /^[\p{L}]/u.test(w));
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => w[0]!.toUpperCase()).join('') || '?';
}
