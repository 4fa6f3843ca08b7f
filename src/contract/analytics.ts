import { z } from './zod.ts';

/**
 * Google Analytics on the public pages, with the visitor's consent
 * (docs/decisions/0275-analytics-with-consent.md). One source for the console's key field, the
 * public settings read, the consent banner, the content policy and the edge function.
 */

/** A GA4 web stream's measurement ID, as Google shows it (Admin > Data streams): G-XXXXXXXXXX. */
export const MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{4,16}$/;

export const MeasurementIdSchema = z
  .string({ error: 'Measurement ID is required' })
  .trim()
  .toUpperCase()
  .regex(
    MEASUREMENT_ID_PATTERN,
    'Measurement ID must look like G-XXXXXXX (Google Analytics > Admin > Data streams > your web stream)',
  );

export {
  ANALYTICS_PATHS,
  CONSENT_STORAGE_KEY,
  type AnalyticsConsent,
  GOOGLE_TAG_ORIGIN,
  analyticsCspSources,
  isAnalyticsPath,
  withAnalyticsSources,
  type SiteAnalytics,
} from './analytics-policy.ts';
