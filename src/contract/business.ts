/**
 * The savings the business claims against an owner's current provider (docs/product.md §1, §9):
 * typically 10 to 20% or more. Every wording of it on the site is derived from these two numbers.
 */
const SAVINGS_PERCENT = { typicalLow: 10, typicalHigh: 20 } as const;
const SAVINGS_RANGE = `${SAVINGS_PERCENT.typicalLow}-${SAVINGS_PERCENT.typicalHigh}%` as const;

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
  emergencyLine: '24/7 Emergency Service',
  yearsExperience: '20+',
  /** The savings claim of the whole site, in a sentence ("save … below your current provider"). */
  savingsClaim: `${SAVINGS_RANGE} or more`,
  /** The same claim in a title ("Save … on Aircraft Inspections"). */
  savingsHeadline: `${SAVINGS_RANGE} or More`,
} as const;

export const MARKETING_STATS = {
  years: '20+',
  states: '50',
  faaCertified: '100%',
  /** The stat card's figure: the top of the typical range, or more. */
  averageSavings: `${SAVINGS_PERCENT.typicalHigh}%+`,
  aircraftServiced: '500+',
  satisfaction: '98%',
  support: '24/7',
} as const;

/** docs/product.md §9: the timing and size constants of the public site. */
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
