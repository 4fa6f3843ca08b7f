// The quote form's enumerations, defaults and constants, free of zod: the browser's islands import
// this module so that the home page does not ship the validation library (quote.ts re-exports it
// and holds the schema, which the server and tests use).
import type { Option } from './options.ts';

/** The public quote form's services (the marketplace's are MARKETPLACE_SERVICE_TYPES). */
export const QUOTE_SERVICE_TYPES = [
  { value: '100-hour', label: '100-Hour Inspection' },
  { value: 'annual', label: 'Annual Inspection' },
  { value: 'maintenance', label: 'General Maintenance' },
  { value: 'repair', label: 'Repair Services' },
  { value: 'emergency', label: 'Emergency Service' },
] as const satisfies readonly Option[];

export const AIRCRAFT_TYPES = [
  { value: 'single-engine', label: 'Single Engine Piston' },
  { value: 'multi-engine', label: 'Multi Engine Piston' },
  { value: 'turboprop', label: 'Turboprop' },
  { value: 'jet', label: 'Jet/Turbine' },
  { value: 'helicopter', label: 'Helicopter' },
  { value: 'experimental', label: 'Experimental' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const PREFERRED_TIMEFRAMES = [
  { value: 'asap', label: 'As Soon As Possible' },
  { value: '1-week', label: 'Within 1 Week' },
  { value: '2-weeks', label: 'Within 2 Weeks' },
  { value: '1-month', label: 'Within 1 Month' },
  { value: 'flexible', label: 'Flexible' },
] as const satisfies readonly Option[];

export type QuoteServiceType = (typeof QUOTE_SERVICE_TYPES)[number]['value'];
export type AircraftType = (typeof AIRCRAFT_TYPES)[number]['value'];

/** Bounds the spec leaves open, chosen to fit real names, addresses and messages. */
export const QUOTE_LIMITS = {
  name: 100,
  email: 254,
  shortText: 120,
  message: 5000,
  notes: 2000,
  maxTotalHours: 100_000,
  maxInvoiceAmount: 10_000_000,
  discountCode: 20,
} as const;

/** Honeypot: a field people never see and bots fill in. Named like a real field on purpose. */
export const HONEYPOT_FIELD = 'website';

/** The form's starting values (docs/product.md §4: the form resets to these after a success). */
export const QUOTE_FORM_DEFAULTS = {
  firstName: '',
  lastName: '',
  returnEmail: '',
  returnPhone: '',
  aircraftMake: '',
  aircraftModel: '',
  registrationNumber: '',
  totalHours: '',
  aircraftType: '',
  serviceType: '',
  preferredTimeframe: '',
  location: '',
  lastInvoiceAmount: '',
  invoiceIncludesParts: 'unsure',
  currentProvider: '',
  message: '',
  scheduleConsultation: false,
  emailUpdates: true,
  discountCode: '',
} as const;

export interface QuoteResponse {
  success: boolean;
  message: string;
  /** Percent of the labor compared (src/contract/savings.ts). */
  estimatedSavings?: number;
  /** The same estimate in dollars: the figure the email and the console repeat. */
  estimatedSavingsDollars?: number;
  /** The discount code the request was taken with, when one was given. */
  discountCode?: string;
  /** False while email is not going out (docs/decisions/0466): no "on its way" is promised. */
  emailGoing?: boolean;
}

export const QUOTE_SUCCESS_MESSAGE =
  "Thank you! Your quote request has been received. We'll reply with a competitive quote within 24 hours.";
