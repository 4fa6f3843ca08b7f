import { MeasurementIdSchema, type SiteAnalytics } from '../../contract/analytics.ts';
import type { Db } from '../../server/db/client.ts';
import { credentialsFor } from './api-keys.server.ts';
import { providerBase, providerFetch } from './http.server.ts';

/**
 * What the public pages need to load Google Analytics after consent: the primary active Google
 * Analytics key's measurement ID and where the tag comes from (GA_SCRIPT_BASE, else Google).
 * Null when no usable ID is set: then no banner, nothing from Google, and no widened policy.
 * A key saved before IDs were checked (an old OAuth token) or one that cannot be decrypted
 * counts as none, never as an error of the public read (docs/decisions/0275).
 */
export async function siteAnalytics(db: Db): Promise<SiteAnalytics | null> {
  let apiKey: string;
  try {
    const creds = await credentialsFor(db, 'google_analytics');
    if (!creds) return null;
    apiKey = creds.apiKey;
  } catch (error) {
    console.error(
      `[analytics] the Google Analytics key cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
  const id = MeasurementIdSchema.safeParse(apiKey);
  if (!id.success) return null;
  return { measurement_id: id.data, script_origin: new URL(providerBase('googleTag')).origin };
}

/**
 * The Test button: Google's tag for this ID loads from the tag host (GET /gtag/js?id=...), as a
 * visitor's browser loads it after consent. Answers the tag's size in bytes.
 */
export async function fetchGoogleTag(measurementId: string): Promise<number> {
  const { body } = await providerFetch(
    'Google tag',
    `${providerBase('googleTag')}/gtag/js?id=${encodeURIComponent(measurementId)}`,
    { headers: { Accept: 'application/javascript' } },
  );
  return typeof body === 'string' ? body.length : 0;
}
