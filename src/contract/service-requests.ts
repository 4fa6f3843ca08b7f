import { z } from './zod.ts';
import { enumOf, optionalText, requiredText } from './fields.ts';
import { refineRegistration } from './registration.ts';
import {
  MARKETPLACE,
  MARKETPLACE_SERVICE_TYPES,
  type MarketplaceServiceType,
  URGENCY_LEVELS,
  type UrgencyLevel,
} from './marketplace.ts';
import { flag, isBlank, optionalDate, optionalNumber, requiredNumber, thisYear, uuid } from './marketplace-fields.ts';
import type { Bid } from './bids.ts';

// ---------------------------------------------------------------------------------------------
// Service request, the "enhanced quote" (docs/product.md §3 and 5)

/**
 * The earliest preferred start the server takes: yesterday in UTC, so that "today" passes in every
 * time zone (the form itself offers nothing before the user's own today).
 */
export const earliestStartDay = (now = Date.now()) => new Date(now - 86_400_000).toISOString().slice(0, 10);

export const ServiceRequestSchema = z
  .object({
    /** One of the pilot's own aircraft; its details fill any aircraft field left out. */
    aircraftId: uuid('Aircraft')
      .nullish()
      .transform((v) => v ?? null),
    aircraftMake: optionalText('Aircraft make', MARKETPLACE.text.short),
    aircraftModel: optionalText('Aircraft model', MARKETPLACE.text.short),
    aircraftYear: optionalNumber('Aircraft year', { min: 1903, max: thisYear + 1, integer: true }),
    aircraftTailNumber: optionalText('Tail number', MARKETPLACE.text.tail)
      .transform((v) => (v ? v.toUpperCase() : null))
      .superRefine(refineRegistration),
    aircraftTotalHours: optionalNumber('Aircraft total hours', { max: MARKETPLACE.maxHours }),
    aircraftLocation: requiredText('Aircraft location', MARKETPLACE.text.short),
    serviceType: enumOf(MARKETPLACE_SERVICE_TYPES, 'Service type'),
    serviceDescription: requiredText('Service description', MARKETPLACE.text.description),
    // `prefault`: a request without the field is a valid input (its type says so), read as 'normal'.
    urgencyLevel: z
      .preprocess((v) => (isBlank(v) ? 'normal' : v), enumOf(URGENCY_LEVELS, 'Urgency level'))
      .prefault('normal'),
    preferredStartDate: optionalDate('Preferred start date').refine(
      (d) => d === null || d >= earliestStartDay(),
      'Preferred start date cannot be in the past',
    ),
    serviceLocation: requiredText('Service location', MARKETPLACE.text.short),
    customerWillTravel: flag('customerWillTravel', false),
    maxTravelDistance: requiredNumber(
      'Max travel distance',
      { max: MARKETPLACE.maxRadiusMiles, integer: true },
      MARKETPLACE.maxTravelDistance,
    ),
    estimatedBudget: optionalNumber('Estimated budget', { max: MARKETPLACE.maxMoney, money: true }),
  })
  .superRefine((v, ctx) => {
    if (v.aircraftId) return; // filled from the aircraft on the server
    const required: Array<[keyof typeof v, string]> = [
      ['aircraftMake', 'Aircraft make'],
      ['aircraftModel', 'Aircraft model'],
      ['aircraftTailNumber', 'Tail number'],
    ];
    for (const [key, label] of required) {
      if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${label} is required` });
    }
  });
export type ServiceRequestInput = z.input<typeof ServiceRequestSchema>;
export type ServiceRequestData = z.output<typeof ServiceRequestSchema>;

export interface MatchedMechanic {
  mechanicId: string;
  mechanicName: string;
  distanceMiles: number;
  rating: number;
  completedJobs: number;
}

export type RequestStatus = 'pending' | 'matched' | 'quoted' | 'approved' | 'in_progress' | 'completed' | 'cancelled';

export interface ServiceRequest {
  id: string;
  aircraftId: string | null;
  aircraftMake: string;
  aircraftModel: string;
  aircraftYear: number | null;
  aircraftTailNumber: string;
  aircraftTotalHours: number | null;
  aircraftLocation: string;
  serviceType: MarketplaceServiceType;
  serviceDescription: string;
  urgencyLevel: UrgencyLevel;
  preferredStartDate: string | null;
  serviceLocation: string;
  serviceLocationLabel: string | null;
  customerWillTravel: boolean;
  maxTravelDistance: number;
  estimatedBudget: number | null;
  status: RequestStatus;
  createdAt: string;
  customerName: string;
  /**
   * The nearest few matched mechanics and every one who quoted (a mechanic sees only themself);
   * `matchedMechanicsCount` says how many were matched in all (docs/decisions/0200).
   */
  matchedMechanics: MatchedMechanic[];
  matchedMechanicsCount: number;
  quotes: Bid[];
  /** Mechanic view only: this mechanic's distance and own quote. */
  distanceMiles?: number | null;
  myQuote?: Bid | null;
  /** Owner's list: the job's mechanic can no longer work (rejected or suspended); it may be re-listed (POST .../relist). */
  relistable?: boolean;
}
