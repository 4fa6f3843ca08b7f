import sanitizeHtml from 'sanitize-html';
import { decodeEntities } from './text.ts';

/**
 * The allow-list for article HTML. Anything not listed is removed: no script, style, iframe,
 * form or object elements, no event-handler or style attributes, and links and images only with
 * http(s) (links also mailto/tel) URLs, so a `javascript:` URL never survives.
 */
const ARTICLE_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'kbd',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'small',
    'sub',
    'sup',
    'abbr',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    abbr: ['title'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // The page has one h1 (the post title): a heading 1 in the body becomes a section heading.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out['target'] === '_blank') out['rel'] = 'noopener noreferrer';
      else delete out['target'];
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  // Text inside removed script/style/etc. is dropped too, not shown as text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
  ],
};

/** Article HTML made safe to render: run on save and again before rendering. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_POLICY).trim();
}

const TEXT_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: ARTICLE_POLICY.nonTextTags!,
};

/**
 * Plain-text fields (title, excerpt, category, tags, meta): markup is removed and entities read
 * back as characters. Pages escape them when rendering; this keeps the stored text clean.
 */
export function plainText(text: string): string {
  const stripped = decodeEntities(sanitizeHtml(text, TEXT_POLICY));
  // Decoding may rebuild something tag-like from escaped input ("&lt;b&gt;"): never keep it.
  return stripped
    .replace(/<\/?[a-z!?][^>]*>/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
}
