import { env } from './env.ts';

/**
 * The site's public address for links in emails and calendar files: SITE_URL, else the deploy's
 * URL (Netlify sets it), else the local server's default address.
 */
export function siteUrl(path = ''): string {
  const { SITE_URL, URL: deployUrl } = env();
  return `${(SITE_URL || deployUrl || 'http://localhost:4321').replace(/\/+$/, '')}${path}`;
}
