// The savings model (docs/decisions/0005-savings-model.md), shared by the quote form (the live
// estimate while the visitor types) and the function (the stored `estimatedSavings`): one model,
// so the estimate on screen is the figure the console shows. No imports beyond types: it ships to
// the home page.
import type { AircraftType, QuoteServiceType } from './quote-fields.ts';

/**
 * Our typical price for each service on each class of aircraft, in USD: flat-rate figures for a
 * mobile A&P/IA (no hangar overhead), before parts. Reviewed against published shop rates of
 * 2025-2026; see docs/decisions/0005-savings-model.md.
 */
export const OUR_TYPICAL_PRICE: Record<QuoteServiceType, Record<AircraftType, number>> = {
  annual: { 'single-engine': 1800, 'multi-engine': 3200, turboprop: 7500, jet: 18000, helicopter: 4500, experimental: 1200, other: 2500 },
  '100-hour': { 'single-engine': 1500, 'multi-engine': 2700, turboprop: 6400, jet: 15000, helicopter: 3800, experimental: 1000, other: 2100 },
  maintenance: { 'single-engine': 900, 'multi-engine': 1500, turboprop: 3500, jet: 8000, helicopter: 2000, experimental: 700, other: 1200 },
  repair: { 'single-engine': 1200, 'multi-engine': 2000, turboprop: 4500, jet: 10000, helicopter: 2600, experimental: 900, other: 1500 },
  emergency: { 'single-engine': 1600, 'multi-engine': 2600, turboprop: 5500, jet: 12000, helicopter: 3200, experimental: 1200, other: 2000 },
};

/** We never promise more than this, whatever the invoice: beyond it the invoice likely included parts. */
export const MAX_CLAIMED_SAVINGS_PERCENT = 50;

/**
 * Percent saved against the visitor's last invoice for the same service, rounded to a whole
 * percent; undefined when no invoice was given or we would not be cheaper.
 */
export function estimateSavingsPercent(
  serviceType: QuoteServiceType,
  aircraftType: AircraftType,
  lastInvoiceAmount: number | null,
): number | undefined {
  if (lastInvoiceAmount === null || lastInvoiceAmount <= 0) return undefined;
  const ours = OUR_TYPICAL_PRICE[serviceType][aircraftType];
  const percent = Math.round(((lastInvoiceAmount - ours) / lastInvoiceAmount) * 100);
  if (percent < 1) return undefined;
  return Math.min(percent, MAX_CLAIMED_SAVINGS_PERCENT);
}

export interface SavingsEstimate {
  /** Whole percent of the invoice, capped at MAX_CLAIMED_SAVINGS_PERCENT. */
  percent: number;
  /** Dollars saved, from the (capped) percent, rounded to whole dollars. */
  dollars: number;
  /** Our typical price for the service on this class of aircraft. */
  ourPrice: number;
}

/** The estimate in dollars and percent; undefined when estimateSavingsPercent is. */
export function estimateSavings(
  serviceType: QuoteServiceType,
  aircraftType: AircraftType,
  lastInvoiceAmount: number | null,
): SavingsEstimate | undefined {
  const percent = estimateSavingsPercent(serviceType, aircraftType, lastInvoiceAmount);
  if (percent === undefined || lastInvoiceAmount === null) return undefined;
  return { percent, dollars: Math.round((lastInvoiceAmount * percent) / 100), ourPrice: OUR_TYPICAL_PRICE[serviceType][aircraftType] };
}
