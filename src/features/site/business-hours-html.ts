import { openingHoursSpecification, type BusinessHours } from '../../contract/business-hours.ts';

/**
 * The business hours written into a page as it is served (docs/decisions/0468-hours-in-the-html.md):
 * the footer's hours list (built hidden and empty, src/components/site/Footer.astro) filled and
 * shown, and the LocalBusiness data given its opening hours, so a crawler or a visitor without
 * JavaScript reads them. The page's script still fills the same places (site-settings-client.ts):
 * the same text again, or the newer hours when the served page was cached before a change.
 */
export interface HoursForPage {
  business_hours: BusinessHours;
  business_hours_text: string[];
  time_zone: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const HOURS_ITEM =
  /<li id="business-hours"([^>]*?)\s+hidden(?=[\s>])([^>]*)>([\s\S]*?<span data-time-zone>)(<\/span>[\s\S]*?<ul\b[^>]*>)(<\/ul>)/;
const LD_JSON = /(<script type="application\/ld\+json">)([\s\S]*?)(<\/script>)/g;

export function withBusinessHours(html: string, hours: HoursForPage): string {
  const lines = hours.business_hours_text.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  let out = html.replace(
    HOURS_ITEM,
    (_m, before: string, after: string, head: string, mid: string, end: string) =>
      `<li id="business-hours"${before}${after}>${head}${escapeHtml(hours.time_zone)}${mid}${lines}${end}`,
  );
  out = out.replace(LD_JSON, (whole, open: string, json: string, close: string) => {
    try {
      const data = JSON.parse(json) as Record<string, unknown>;
      if (data['@type'] !== 'LocalBusiness') return whole;
      data['openingHoursSpecification'] = openingHoursSpecification(hours.business_hours);
      return `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}${close}`;
    } catch {
      return whole;
    }
  });
  return out;
}
