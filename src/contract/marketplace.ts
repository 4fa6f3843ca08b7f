import { z } from './zod.ts';
import type { Option } from './options.ts';
import { optionalText, requiredText } from './fields.ts';
import { refineRegistration } from './registration.ts';
import { optionalNumber, thisYear } from './marketplace-fields.ts';

/**
 * The marketplace's payloads: one zod schema per form, used by the React form and by the function
 * that receives it. Inputs arrive as typed in a form (numbers as text, '' for empty) or as JSON
 * numbers from other clients; both parse to the same output.
 */

/** docs/product.md §3: the marketplace's service types (the public quote form has its own, QUOTE_SERVICE_TYPES); labels are the codes in title case. */
export const MARKETPLACE_SERVICE_TYPES = [
  { value: 'annual_inspection', label: 'Annual Inspection' },
  { value: 'hundred_hour', label: 'Hundred Hour' },
  { value: 'prepurchase', label: 'Prepurchase' },
  { value: 'avionics_install', label: 'Avionics Install' },
  { value: 'engine_repair', label: 'Engine Repair' },
  { value: 'scheduled_maintenance', label: 'Scheduled Maintenance' },
  { value: 'emergency_repair', label: 'Emergency Repair' },
] as const satisfies readonly Option[];
export type MarketplaceServiceType = (typeof MARKETPLACE_SERVICE_TYPES)[number]['value'];

export const URGENCY_LEVELS = [
  { value: 'low', label: 'Low' },
  { value: 'normal', label: 'Normal' },
  { value: 'high', label: 'High' },
  { value: 'emergency', label: 'Emergency' },
] as const satisfies readonly Option[];
export type UrgencyLevel = (typeof URGENCY_LEVELS)[number]['value'];

export const WEEKDAYS = [
  { value: 0, label: 'Sun' },
  { value: 1, label: 'Mon' },
  { value: 2, label: 'Tue' },
  { value: 3, label: 'Wed' },
  { value: 4, label: 'Thu' },
  { value: 5, label: 'Fri' },
  { value: 6, label: 'Sat' },
] as const;

/** docs/product.md §9 defaults and steps, and the bounds the spec leaves open. */
export const MARKETPLACE = {
  maxTravelDistance: 50,
  warrantyPeriodDays: 90,
  serviceRadius: 50,
  availableWeekdays: [1, 2, 3, 4, 5] as number[],
  preferredHours: { start: '08:00', end: '17:00' },
  rating: 5.0,
  completedJobs: 0,
  /** Shown instead of stars until a mechanic's first rating: a new mechanic is not "5.0". */
  newMechanicLabel: 'New · no ratings yet',
  /** How many reviews with words a mechanic's profile shows owners. */
  publicReviews: 5,
  hoursStep: 0.5,
  moneyStep: 0.01,
  /** Time of day an appointment gets when the mechanic's profile has no preferred hours. */
  defaultScheduledTime: '09:00',
  notificationsLimit: 20,
  notificationsMaxLimit: 100,
  overviewItems: 3,
  maxRadiusMiles: 3000,
  /** How far a mechanic may say they travel (wide radii exposed every request). */
  maxServiceRadiusMiles: 500,
  maxMoney: 10_000_000,
  maxHours: 100_000,
  maxEstimatedHours: 5000,
  maxWarrantyDays: 3650,
  text: { short: 120, tail: 20, description: 5000, notes: 2000 },
} as const;

// ---------------------------------------------------------------------------------------------
// Aircraft (docs/product.md §5: tailNumber, make, model required; year and total hours numbers or null)

export const AircraftSchema = z.object({
  tailNumber: requiredText('Tail number', MARKETPLACE.text.tail)
    .transform((v) => v.toUpperCase())
    .superRefine(refineRegistration),
  make: requiredText('Make', MARKETPLACE.text.short),
  model: requiredText('Model', MARKETPLACE.text.short),
  year: optionalNumber('Year', { min: 1903, max: thisYear + 1, integer: true, year: true }),
  totalHours: optionalNumber('Total hours', { max: MARKETPLACE.maxHours }),
  /** Maintenance tracking: private, or used for hire (the 100-hour rule applies). */
  usage: z
    .enum(['private', 'for_hire'], { error: 'Usage must be one of: private, for_hire' })
    .optional()
    .transform((v) => v ?? 'private'),
  homeAirport: optionalText('Home airport', 60),
});
export type AircraftInput = z.input<typeof AircraftSchema>;
export type AircraftData = z.output<typeof AircraftSchema>;

export interface Aircraft {
  id: string;
  tailNumber: string;
  make: string;
  model: string;
  year: number | null;
  totalHours: number | null;
  usage: 'private' | 'for_hire';
  homeAirport: string | null;
  dueSoonDays: number;
  dueSoonHours: number;
  createdAt: string;
}
