import { labelOf } from '../../contract/options.ts';
import { QUOTE_SERVICE_TYPES } from '../../contract/quote-fields.ts';
import { BUSINESS } from '../../contract/business.ts';
import type { InboxDetail, InboxItem } from '../../contract/inbox.ts';
import { POPUP_CONDITIONS, POPUP_OFFER } from '../../contract/popup.ts';

/**
 * A console email template filled with the request's fields, as plain text for the reply box:
 * the templates' own placeholders (firstName, lastName, userId: docs/decisions/0053) plus aircraft
 * and service, each in `{{name}}` or `{name}` form. Unknown names stay as written so a typo shows.
 */
export function fillReplyTemplate(
  template: { subject_line: string; html_content: string },
  item: InboxItem,
): { subject: string; body: string } {
  const values: Record<string, string> = {
    firstName: item.firstName,
    lastName: item.lastName ?? '',
    userId: item.id,
    aircraft: item.aircraft ? `${item.aircraft.make} ${item.aircraft.model}`.trim() : 'your aircraft',
    service: item.serviceType ? labelOf(QUOTE_SERVICE_TYPES, item.serviceType).toLowerCase() : 'service',
  };
  const fill = (s: string) =>
    s.replace(
      /\{\{\s*(\w+)\s*\}\}|\{\s*(\w+)\s*\}/g,
      (m, a: string | undefined, b: string | undefined) => values[(a ?? b)!] ?? m,
    );
  return { subject: fill(template.subject_line), body: htmlToPlain(fill(template.html_content)) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Readable text of a template's HTML (paragraphs and line breaks kept). */
export function htmlToPlain(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * "Here is your quote": the reply a quote request is answered with, filled with its aircraft,
 * service and (when the popup gave one) the discount code it was promised. The price line is left
 * for the administrator to write: a template never states a figure nobody checked.
 */
export function quoteReply(d: InboxDetail): { subject: string; body: string } {
  const f = d.fields;
  const aircraft = d.aircraft ? `${d.aircraft.make} ${d.aircraft.model}`.trim() : 'your aircraft';
  const registration = d.aircraft?.registrationNumber ? ` (${d.aircraft.registrationNumber})` : '';
  const service = d.serviceType ? labelOf(QUOTE_SERVICE_TYPES, d.serviceType) : 'Service';
  const code = typeof f['discountCode'] === 'string' ? f['discountCode'] : null;
  const body = [
    `Hi ${d.firstName},`,
    '',
    `Thank you for asking ${BUSINESS.name} about the ${service.toLowerCase()} on your ${aircraft}${registration}. Here is your quote:`,
    '',
    'Price: $____ (labor $____, parts $____)',
    'What it includes: ____',
    'When we can be there: ____',
    ...(code
      ? ['', `Your discount code ${code} takes ${POPUP_OFFER.discountPercent}% off the labor. ${POPUP_CONDITIONS}`]
      : []),
    '',
    `Reply to this email or call ${BUSINESS.phoneDisplay} to book.`,
    '',
    BUSINESS.name,
  ].join('\n');
  return { subject: `Your ${service.toLowerCase()} quote for ${aircraft}${registration}`, body };
}
