import type { SiteSettings } from '../../contract/settings-catalog.ts';
import { openingHoursSpecification } from '../../contract/business-hours.ts';

// One request per page, shared by the popup, the business hours and the analytics consent; in its
// own module so pages without the hours (the blog) load only the request (docs/decisions/0275).

/** Fills the footer's hours and adds them to the LocalBusiness data of the page. */
export function applyBusinessHours(settings: SiteSettings): void {
  const box = document.getElementById('business-hours');
  const list = box?.querySelector('ul');
  if (box && list) {
    list.replaceChildren(
      ...settings.business_hours_text.map((line) => {
        const li = document.createElement('li');
        li.textContent = line;
        return li;
      }),
    );
    const zone = box.querySelector('[data-time-zone]');
    if (zone) zone.textContent = settings.time_zone;
    box.hidden = false;
  }
  for (const ld of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const data = JSON.parse(ld.textContent ?? '') as Record<string, unknown>;
      if (data['@type'] !== 'LocalBusiness') continue;
      data['openingHoursSpecification'] = openingHoursSpecification(settings.business_hours);
      ld.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
    } catch {
      // Not this block, or not JSON: it stays as it is.
    }
  }
}
