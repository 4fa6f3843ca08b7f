// The savings model (docs/decisions/0005-savings-model.md, 0191-honest-savings-estimate.md), shared
// by the quote form (the live estimate while the visitor types), the function (the stored
// estimate), the visitor's email and the console: one model, one figure. No imports beyond types:
// it ships to the home page.
import type { AircraftType, QuoteServiceType } from './quote-fields.ts';

/**
 * Our typical price for each service on each class of aircraft, in USD: flat-rate labor of a
 * mobile A&P/IA (no hangar overhead), parts not included. Reviewed against published shop rates of
 * 2025-2026; see docs/decisions/0005-savings-model.md.
 */
export const OUR_TYPICAL_PRICE: Record<QuoteServiceType, Record<AircraftType, number>> = {
  annual: {
    'single-engine': 1800,
    'multi-engine': 3200,
    turboprop: 7500,
    jet: 18000,
    helicopter: 4500,
    experimental: 1200,
    other: 2500,
  },
  '100-hour': {
    'single-engine': 1500,
    'multi-engine': 2700,
    turboprop: 6400,
    jet: 15000,
    helicopter: 3800,
    experimental: 1000,
    other: 2100,
  },
  maintenance: {
    'single-engine': 900,
    'multi-engine': 1500,
    turboprop: 3500,
    jet: 8000,
    helicopter: 2000,
    experimental: 700,
    other: 1200,
  },
  repair: {
    'single-engine': 1200,
    'multi-engine': 2000,
    turboprop: 4500,
    jet: 10000,
    helicopter: 2600,
    experimental: 900,
    other: 1500,
  },
  emergency: {
    'single-engine': 1600,
    'multi-engine': 2600,
    turboprop: 5500,
    jet: 12000,
    helicopter: 3200,
    experimental: 1200,
    other: 2000,
  },
};

/**
 * The share of an invoice that is usually parts, by service and class of aircraft: what is taken
 * off an invoice that included parts (or may have) before it is compared with our labor-only price.
 * Inspections are mostly labor; repairs mostly parts; turbine parts cost more.
 */
export const PARTS_SHARE: Record<QuoteServiceType, Record<AircraftType, number>> = {
  annual: {
    'single-engine': 0.3,
    'multi-engine': 0.35,
    turboprop: 0.45,
    jet: 0.5,
    helicopter: 0.45,
    experimental: 0.25,
    other: 0.35,
  },
  '100-hour': {
    'single-engine': 0.3,
    'multi-engine': 0.35,
    turboprop: 0.45,
    jet: 0.5,
    helicopter: 0.45,
    experimental: 0.25,
    other: 0.35,
  },
  maintenance: {
    'single-engine': 0.4,
    'multi-engine': 0.45,
    turboprop: 0.5,
    jet: 0.55,
    helicopter: 0.5,
    experimental: 0.35,
    other: 0.45,
  },
  repair: {
    'single-engine': 0.5,
    'multi-engine': 0.5,
    turboprop: 0.6,
    jet: 0.6,
    helicopter: 0.55,
    experimental: 0.45,
    other: 0.5,
  },
  emergency: {
    'single-engine': 0.45,
    'multi-engine': 0.45,
    turboprop: 0.55,
    jet: 0.55,
    helicopter: 0.5,
    experimental: 0.4,
    other: 0.45,
  },
};

/**
 * What one such service can cost, whatever the aircraft: from a light experimental's to a jet's
 * with parts. An invoice outside them is a typo (or not one service), and is refused, with the
 * bounds said in the field.
 */
export const INVOICE_BOUNDS: Record<QuoteServiceType, { min: number; max: number }> = {
  '100-hour': { min: 200, max: 250_000 },
  annual: { min: 300, max: 400_000 },
  maintenance: { min: 50, max: 1_000_000 },
  repair: { min: 50, max: 2_000_000 },
  emergency: { min: 100, max: 1_000_000 },
};

/**
 * The largest invoice, parts included, one such service plausibly costs on each class of aircraft
 * (docs/decisions/0467-savings-bounded-by-aircraft-class.md): the savings sentence is made only up to
 * it. Above it the amount is kept (it may be several jobs, or a typo) but no figure is promised: a
 * $250,000 labor-only annual on a Cessna 172 is not "about $50,000" saved. Each is within the
 * service's INVOICE_BOUNDS, the limit the form refuses beyond.
 */
export const ESTIMATE_CEILING: Record<QuoteServiceType, Record<AircraftType, number>> = {
  annual: {
    'single-engine': 15_000,
    'multi-engine': 30_000,
    turboprop: 75_000,
    jet: 400_000,
    helicopter: 45_000,
    experimental: 10_000,
    other: 25_000,
  },
  '100-hour': {
    'single-engine': 12_000,
    'multi-engine': 25_000,
    turboprop: 60_000,
    jet: 250_000,
    helicopter: 35_000,
    experimental: 8_000,
    other: 20_000,
  },
  maintenance: {
    'single-engine': 10_000,
    'multi-engine': 20_000,
    turboprop: 50_000,
    jet: 150_000,
    helicopter: 30_000,
    experimental: 8_000,
    other: 15_000,
  },
  repair: {
    'single-engine': 60_000,
    'multi-engine': 100_000,
    turboprop: 250_000,
    jet: 600_000,
    helicopter: 150_000,
    experimental: 40_000,
    other: 80_000,
  },
  emergency: {
    'single-engine': 20_000,
    'multi-engine': 40_000,
    turboprop: 100_000,
    jet: 300_000,
    helicopter: 60_000,
    experimental: 15_000,
    other: 30_000,
  },
};

/** True when the invoice is above what the service plausibly costs on this class (no estimate then). */
export const invoiceBeyondClass = (service: QuoteServiceType, aircraft: AircraftType, amount: number) =>
  amount > ESTIMATE_CEILING[service][aircraft];

/** What the form says under an invoice beyond its class, with the labels of the two choices. */
export const beyondClassText = (
  service: QuoteServiceType,
  aircraft: AircraftType,
  serviceLabel: string,
  aircraftLabel: string,
) =>
  `That is far above what this work usually costs on this class of aircraft (${serviceLabel}, ${aircraftLabel}: up to ${usd(ESTIMATE_CEILING[service][aircraft])}). We will not guess a saving: the quote compares item by item`;

/** Did the last invoice include parts? Asked beside the amount; 'unsure' is treated like 'yes'. */
export const INVOICE_PARTS_OPTIONS = [
  { value: 'unsure', label: 'Not sure' },
  { value: 'yes', label: 'Yes, parts included' },
  { value: 'no', label: 'No, labor only' },
] as const;
export type InvoiceParts = (typeof INVOICE_PARTS_OPTIONS)[number]['value'];

/**
 * The business claims 10-20% or more (BUSINESS.savingsClaim). An estimate above the top of that
 * range is shown as the top, with the reason: a difference that large is usually work beyond the
 * standard service, which only the itemized quote can tell.
 */
export const MAX_CLAIMED_SAVINGS_PERCENT = 20;

const usd = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/** The bounds as the invoice field says them: '$300 to $400,000'. */
export const invoiceBoundsText = (service: QuoteServiceType) =>
  `${usd(INVOICE_BOUNDS[service].min)} to ${usd(INVOICE_BOUNDS[service].max)}`;

/** Null when the amount fits the service; else the sentence the field shows. */
export function invoiceOutOfBounds(service: QuoteServiceType, serviceLabel: string, amount: number): string | null {
  const { min, max } = INVOICE_BOUNDS[service];
  if (amount >= min && amount <= max) return null;
  return `Last invoice amount for ${serviceLabel.toLowerCase()} must be between ${usd(min)} and ${usd(max)}`;
}

export interface SavingsEstimate {
  /** Whole percent of the labor compared, at most MAX_CLAIMED_SAVINGS_PERCENT. */
  percent: number;
  /** Dollars saved on that labor, from the percent, rounded to whole dollars. */
  dollars: number;
  /** Our typical labor price for the service on this class of aircraft. */
  ourPrice: number;
  /** The labor of the invoice that was compared with ourPrice. */
  comparedLabor: number;
  /** The parts share taken off the invoice (null when it was labor only). */
  partsShare: number | null;
  /** True when the figure was held to the top of the business's claim. */
  capped: boolean;
}

/**
 * Like with like: the labor of the last invoice (all of it when it was labor only, else less the
 * usual parts share for this service and aircraft) against our labor-only price. Undefined when no
 * usable invoice was given or we would not be at least 1% cheaper.
 */
export function estimateSavings(
  serviceType: QuoteServiceType,
  aircraftType: AircraftType,
  lastInvoiceAmount: number | null,
  parts: InvoiceParts = 'unsure',
): SavingsEstimate | undefined {
  if (lastInvoiceAmount === null || !(lastInvoiceAmount > 0)) return undefined;
  const { min, max } = INVOICE_BOUNDS[serviceType];
  if (lastInvoiceAmount < min || lastInvoiceAmount > max) return undefined;
  if (invoiceBeyondClass(serviceType, aircraftType, lastInvoiceAmount)) return undefined;
  const partsShare = parts === 'no' ? null : PARTS_SHARE[serviceType][aircraftType];
  const comparedLabor = Math.round(lastInvoiceAmount * (1 - (partsShare ?? 0)) * 100) / 100;
  const ourPrice = OUR_TYPICAL_PRICE[serviceType][aircraftType];
  const raw = Math.round(((comparedLabor - ourPrice) / comparedLabor) * 100);
  if (raw < 1) return undefined;
  const percent = Math.min(raw, MAX_CLAIMED_SAVINGS_PERCENT);
  return {
    percent,
    dollars: Math.round((comparedLabor * percent) / 100),
    ourPrice,
    comparedLabor,
    partsShare,
    capped: raw > percent,
  };
}

/** The percent alone (the API's `estimatedSavings`); undefined when estimateSavings is. */
export function estimateSavingsPercent(
  serviceType: QuoteServiceType,
  aircraftType: AircraftType,
  lastInvoiceAmount: number | null,
  parts: InvoiceParts = 'unsure',
): number | undefined {
  return estimateSavings(serviceType, aircraftType, lastInvoiceAmount, parts)?.percent;
}

/** The one sentence of the figure, for the confirmation, the email and the console: 'about $312 (15%) on labor'. */
export const savingsFigure = (dollars: number, percent: number) => `about ${usd(dollars)} (${percent}%) on labor`;

/** How the labor compared was found, said with every estimate. */
export function comparedText(e: SavingsEstimate, invoice: number): string {
  const base =
    e.partsShare === null
      ? `your labor-only invoice of ${usd(invoice)}`
      : `the labor of your ${usd(invoice)} invoice (about ${usd(e.comparedLabor)}, taking off the usual ${Math.round(e.partsShare * 100)}% for parts on this work)`;
  return `Compared with ${base}; our typical labor price is ${usd(e.ourPrice)}.`;
}

/** Why a capped estimate says no more. */
export const CAPPED_TEXT = `Your invoice is far above our typical price: it likely covered work beyond the standard service. We say no more than ${MAX_CLAIMED_SAVINGS_PERCENT}% until the quote compares item by item.`;
