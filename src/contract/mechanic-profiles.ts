import { z } from './zod.ts';
import { enumOf, optionalText, requiredText } from './fields.ts';
import { MARKETPLACE, MARKETPLACE_SERVICE_TYPES, type MarketplaceServiceType } from './marketplace.ts';
import { flag, optionalNumber, requiredNumber } from './marketplace-fields.ts';

// ---------------------------------------------------------------------------------------------
// Mechanic profile (docs/product.md §3 and 5)

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const MechanicProfileSchema = z.object({
  apNumber: requiredText('A&P certificate number', 40),
  iaAuthorization: flag('iaAuthorization', false),
  specialties: z
    .array(enumOf(MARKETPLACE_SERVICE_TYPES, 'Specialty'), { error: 'Specialties must be a list of service types' })
    .max(MARKETPLACE_SERVICE_TYPES.length)
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  hourlyRate: requiredNumber('Hourly rate', { max: 100_000, money: true }),
  travelRate: optionalNumber('Travel rate', { max: 100_000, money: true }),
  serviceRadius: requiredNumber(
    'Service radius',
    { min: 1, max: MARKETPLACE.maxServiceRadiusMiles, integer: true },
    MARKETPLACE.serviceRadius,
  ),
  baseLocation: requiredText('Base location', MARKETPLACE.text.short),
  businessName: optionalText('Business name', MARKETPLACE.text.short),
  availableWeekdays: z
    // Coerced: checkbox groups give '1'..'5' as text.
    .array(z.coerce.number().int().min(0).max(6), {
      error: 'Available weekdays must be a list of days 0-6 (Sunday is 0)',
    })
    .optional()
    .transform((v) => (v === undefined ? [...MARKETPLACE.availableWeekdays] : [...new Set(v)].sort((a, b) => a - b))),
  preferredHours: z
    .object({
      start: z.string().regex(HHMM, 'Start time must be HH:MM'),
      end: z.string().regex(HHMM, 'End time must be HH:MM'),
    })
    .nullish()
    .transform((v) => v ?? { ...MARKETPLACE.preferredHours })
    .refine((v) => v.start < v.end, 'Preferred hours must end after they start'),
});
export type MechanicProfileInput = z.input<typeof MechanicProfileSchema>;
export type MechanicProfileData = z.output<typeof MechanicProfileSchema>;

export interface MechanicProfile {
  apNumber: string;
  iaAuthorization: boolean;
  specialties: MarketplaceServiceType[];
  hourlyRate: number;
  travelRate: number | null;
  serviceRadius: number;
  baseLocation: string;
  /** How the base location was understood, e.g. 'KSJC (San Jose, CA)'. */
  baseLocationLabel: string;
  businessName: string | null;
  availableWeekdays: number[];
  preferredHours: { start: string; end: string };
  /** The average of the mechanic's ratings; meaningless while `ratingCount` is 0 (a new mechanic). */
  rating: number;
  ratingCount: number;
  completedJobs: number;
  /** The certificate number and IA an administrator verified: the only ones that count (docs/decisions/0180). */
  verifiedApNumber: string | null;
  verifiedIa: boolean;
  /** The profile asks for a number or an IA not verified yet: it waits in the administrator's queue. */
  credentialsPending: boolean;
}

/** A review an owner left with a rating, as other owners read it (the reviewer as "Olga O."). */
export interface PublicReview {
  rating: number;
  review: string;
  reviewer: string;
  createdAt: string;
}

/**
 * A mechanic as an owner who got their quote sees them (GET /api/mechanics/:id/profile): what the
 * mechanic states, what the platform counted, and the FAA airmen file's single match. Never the
 * certificate number, contact details or the schedule (docs/decisions/0150-mechanic-profile-for-owners.md).
 */
export interface PublicMechanicProfile {
  mechanicId: string;
  name: string;
  businessName: string | null;
  baseLocationLabel: string;
  serviceRadius: number;
  specialties: MarketplaceServiceType[];
  hourlyRate: number;
  iaAuthorization: boolean;
  rating: number;
  ratingCount: number;
  completedJobs: number;
  /** 'YYYY-MM-DD' of the account's creation. */
  memberSince: string;
  /** "Found in the FAA airmen file of <month>: ..." for a single match; null otherwise. */
  faaAirmen: string | null;
  /** The latest reviews with words, newest first (at most `MARKETPLACE.publicReviews`). */
  reviews: PublicReview[];
}
