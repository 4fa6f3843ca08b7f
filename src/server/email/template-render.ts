/**
 * Email personalisation (docs/product.md §3: placeholders firstName, lastName, userId). Both spellings
 * are accepted, `{{firstName}}` (the documented one) and `{firstName}` (what people type by
 * habit), with optional spaces inside the braces. Unknown names are left as written so a typo is
 * visible in the preview instead of silently vanishing. See docs/decisions/0053-email-templates.md.
 */
export const PLACEHOLDERS = ['firstName', 'lastName', 'userId'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type Recipient = Record<Placeholder, string>;

export const SAMPLE_RECIPIENT: Recipient = { firstName: 'Jordan', lastName: 'Reyes', userId: 'sample-user-0001' };

const PATTERN = /\{\{\s*(firstName|lastName|userId)\s*\}\}|\{\s*(firstName|lastName|userId)\s*\}/g;

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Fills the placeholders; in HTML the values are escaped so a name can never inject markup. */
export function fillPlaceholders(template: string, recipient: Recipient, mode: 'text' | 'html'): string {
  return template.replace(PATTERN, (_m, double: string | undefined, single: string | undefined) => {
    const value = recipient[(double ?? single) as Placeholder];
    return mode === 'html' ? escapeHtml(value) : value;
  });
}

/**
 * Puts a block the message must carry (the discount code) before the template's sign-off: the
 * last paragraph when it is short ("Blue skies, The Skyward team"), else at the end.
 */
export function beforeSignOff(html: string, block: string): string {
  const last = html.lastIndexOf('<p');
  if (last <= 0) return html + block;
  const tail = htmlToText(html.slice(last));
  return tail.length <= 80 ? html.slice(0, last) + block + html.slice(last) : html + block;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Readable plain text of an email's HTML: for draft previews and the text part of a message. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
