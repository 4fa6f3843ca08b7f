import type { SiteSettings } from '../../contract/settings-catalog.ts';

/**
 * The public pages' view of the administrator's settings (GET /api/site/settings, kept by the CDN
 * until a setting changes): one request per page, shared by the popup, the business hours and the
 * analytics consent. The pages stay static; what a setting changes is applied by the page
 * (docs/decisions/0190-settings-catalog.md).
 */
let pending: Promise<SiteSettings | null> | undefined;

export function loadSiteSettings(): Promise<SiteSettings | null> {
  pending ??= fetch('/api/site/settings', { headers: { Accept: 'application/json' } })
    .then(async (res) => (res.ok ? ((await res.json()) as { data: SiteSettings }).data : null))
    .catch(() => null);
  return pending;
}
