import {
  CONSENT_STORAGE_KEY,
  isAnalyticsPath,
  type AnalyticsConsent,
  type SiteAnalytics,
} from '../../contract/analytics-policy.ts';
import { loadGoogleTag } from './google-tag.ts';
import { loadSiteSettings } from './site-settings-fetch.ts';

/**
 * Google Analytics with the visitor's consent (docs/decisions/0275): on the
 * public pages only, and only when the console has a measurement ID. The banner asks; nothing is
 * requested from Google before "Accept" or after "Decline". The choice is kept in this browser and
 * can be changed from the footer's "Cookie settings". After acceptance Google's tag loads with
 * Consent Mode v2: everything denied by default, then analytics_storage granted; ads stay denied.
 */

function storedChoice(): AnalyticsConsent | null {
  try {
    const v = localStorage.getItem(CONSENT_STORAGE_KEY);
    return v === 'granted' || v === 'denied' ? v : null;
  } catch {
    return null; // Storage blocked: ask each time, never assume consent.
  }
}

function remember(choice: AnalyticsConsent): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, choice);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
}

/** What a decline after an acceptance can still do on this page: tell the loaded tag. */
function revoke(): void {
  window.gtag?.('consent', 'update', { analytics_storage: 'denied' });
}

function setUp(analytics: SiteAnalytics): void {
  const banner = document.getElementById('analytics-consent');
  const settingsButton = document.querySelector<HTMLButtonElement>('[data-cookie-settings]');
  if (!banner) return;
  const root = document.documentElement;

  // Opened from "Cookie settings": the choice made, focus goes back there. Shown on arrival: focus
  // is only moved if it was in the banner (to the page's main, without scrolling).
  let fromSettings = false;
  const show = (focus: boolean) => {
    fromSettings = focus;
    banner.hidden = false;
    // Room under the page for the banner, so the last thing on it (the quote form's submit on a
    // phone) can always be scrolled above the banner; padding at the end shifts nothing above.
    const room = `${banner.offsetHeight}px`;
    document.body.style.paddingBottom = room;
    root.style.scrollPaddingBottom = room;
    if (focus) banner.focus();
  };
  const hide = () => {
    banner.hidden = true;
    document.body.style.paddingBottom = '';
    root.style.scrollPaddingBottom = '';
  };

  banner.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-consent]');
    const choice = button?.dataset['consent'];
    if (choice !== 'granted' && choice !== 'denied') return;
    remember(choice);
    hide();
    root.dataset['analyticsConsent'] = choice;
    if (choice === 'granted') loadGoogleTag(analytics);
    else revoke();
    if (fromSettings) settingsButton?.focus();
    else document.getElementById('main')?.focus({ preventScroll: true });
  });
  if (settingsButton) {
    settingsButton.hidden = false;
    settingsButton.addEventListener('click', () => show(true));
  }

  const choice = storedChoice();
  root.dataset['analyticsConsent'] = choice ?? 'unasked';
  if (choice === 'granted') loadGoogleTag(analytics);
  else if (choice === null) show(false);
}

export function startAnalyticsConsent(): void {
  if (!isAnalyticsPath(location.pathname)) return;
  void loadSiteSettings().then((settings) => {
    if (settings?.analytics) setUp(settings.analytics);
    else document.documentElement.dataset['analyticsConsent'] = 'off';
  });
}
