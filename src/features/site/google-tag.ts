import type { SiteAnalytics } from '../../contract/analytics-policy.ts';

// Google's tag with Consent Mode v2, loaded only after the visitor accepted analytics cookies
// (src/features/site/analytics-consent.ts, docs/decisions/0275-analytics-with-consent.md). Bundled
// with the banner's script: a dynamic import would add Vite's preload helper (0.9 KB gzip) to
// every blog article, more than this loader weighs.

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

let loaded = false;

/** gtag.js with the ID, analytics granted, ads denied. Once per page. */
export function loadGoogleTag(analytics: SiteAnalytics): void {
  if (loaded) return;
  loaded = true;
  const dataLayer = (window.dataLayer ??= []);
  // gtag.js reads the `arguments` objects pushed here, as Google's own snippet defines gtag.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag('consent', 'default', {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
  });
  window.gtag('consent', 'update', { analytics_storage: 'granted' });
  window.gtag('js', new Date());
  window.gtag('config', analytics.measurement_id, {
    allow_google_signals: false,
    allow_ad_personalization_signals: false,
  });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${analytics.script_origin}/gtag/js?id=${encodeURIComponent(analytics.measurement_id)}`;
  document.head.append(script);
}
