import sanitizeHtml from 'sanitize-html';

/**
 * Email HTML an admin wrote, made safe to store and to render in the console: no scripts, event
 * handlers, iframes or forms; links and images over http(s) or mailto only; inline styles kept
 * for the properties emails use (they need inline CSS), each value checked.
 */
const SAFE_STYLE = [/^[#a-z0-9(),.%\s-]+$/i];

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'center', 'font'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'title'],
      td: ['align', 'valign', 'colspan', 'rowspan', 'width'],
      th: ['align', 'valign', 'colspan', 'rowspan', 'width'],
      table: ['width', 'cellpadding', 'cellspacing', 'border', 'align', 'role'],
      '*': ['style', 'align'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    allowedStyles: {
      '*': Object.fromEntries(
        [
          'color',
          'background-color',
          'font-size',
          'font-weight',
          'font-family',
          'font-style',
          'text-align',
          'text-decoration',
          'line-height',
          'padding',
          'padding-top',
          'padding-bottom',
          'padding-left',
          'padding-right',
          'margin',
          'margin-top',
          'margin-bottom',
          'margin-left',
          'margin-right',
          'border',
          'border-radius',
          'width',
          'max-width',
          'height',
          'display',
        ].map((p) => [p, SAFE_STYLE]),
      ),
    },
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    },
  });
}
