// How the CDN keeps GET /api/site/settings (docs/decisions/0190-settings-catalog.md): every home
// page asks for it, so the CDN answers from its cache until a settings change purges the tag.
// Browsers always revalidate, so a change reaches a returning visitor at once.

export const TAG_SITE_SETTINGS = 'site-settings';

export const SITE_SETTINGS_HEADERS: Record<string, string> = {
  'Netlify-CDN-Cache-Control': 'public, durable, max-age=86400, stale-while-revalidate=604800',
  'Cache-Control': 'public, max-age=0, must-revalidate',
  'Netlify-Cache-Tag': TAG_SITE_SETTINGS,
};
