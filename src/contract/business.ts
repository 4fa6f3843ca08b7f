/** Facts about the business shown across the site: one place to change them. */
export const BUSINESS = {
  name: 'Skyward Mobile Aviation',
  shortName: 'Skyward',
  tagline: 'Mobile aircraft inspection & maintenance',
  location: 'San Francisco, California',
  phoneDisplay: '(415) 555-0142',
  phoneHref: 'tel:+14155550142',
  phoneE164: '+14155550142',
  /** Where the mobile service goes (all 50 states) and when it answers (24/7 emergency support). */
  areaServed: 'United States',
  openingHours: 'Mo-Su 00:00-23:59',
  emergencyLine: '24/7 Emergency Service',
  yearsExperience: '20+',
  /** The savings claim of the whole site ("typical savings of 10-20% or more"): said one way everywhere. */
  savingsRange: '10-20%',
  savingsClaim: '10-20% or more',
} as const;

export const MARKETING_STATS = {
  years: '20+',
  states: '50',
  faaCertified: '100%',
  averageSavings: '20%+',
  aircraftServiced: '500+',
  satisfaction: '98%',
  support: '24/7',
} as const;

/** Spec section 9: the timing and size constants of the public site. */
export const SITE_TIMING = {
  headerScrollDelayMs: 100,
  savingsToastDelayMs: 2000,
  popupDelayMs: 6000,
} as const;

export const TOASTS = {
  durationMs: 4000,
  visible: 3,
  widthPx: 356,
  gapPx: 14,
} as const;
