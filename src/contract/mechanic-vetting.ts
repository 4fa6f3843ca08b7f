import type { AirmenMatch } from './airmen-file.ts';
import type { CredentialReview } from './credentials.ts';
import { z } from './zod.ts';

/** Vetting of mechanics by an administrator (docs/decisions/0093-mechanic-vetting.md). */
export const MECHANIC_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type MechanicVettingStatus = (typeof MECHANIC_STATUSES)[number];

export const MECHANIC_STATUS_LABELS: Record<MechanicVettingStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const REJECT_REASON_MAX = 500;

export const MechanicListQuerySchema = z.object({
  // '?status=' (empty) is the default queue too.
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(MECHANIC_STATUSES, { error: 'Status must be pending, approved or rejected' }).default('pending'),
  ),
});

export const RejectMechanicSchema = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(REJECT_REASON_MAX, `Reason must be at most ${REJECT_REASON_MAX} characters`),
});
export type RejectMechanicInput = z.input<typeof RejectMechanicSchema>;

/** One mechanic in the admin's vetting queue. */
export interface MechanicForReview {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  location: string | null;
  certificationNumber: string | null;
  apNumber: string | null;
  yearsExperience: number | null;
  serviceRadius: number | null;
  status: MechanicVettingStatus;
  reviewReason: string | null;
  reviewedAt: string | null;
  createdAt: string;
  /** What the last FAA airmen file said about this mechanic (docs/decisions/0120); null before a file is imported. */
  airmen: AirmenMatch | null;
  /**
   * An approved mechanic's certificate number or IA that waits to be verified (docs/decisions/0180):
   * what the profile asks for beside what was verified. Approving verifies it; null otherwise.
   */
  credentialChange?: CredentialReview | null;
  /** The account used up its sign-in failures and cannot sign in now (docs/decisions/0096): "Unlock sign-in" is offered. */
  signInLocked?: boolean;
}

export const VETTING_MESSAGES = {
  pendingRequests:
    'Your mechanic account is awaiting approval by an administrator. You will see service requests once it is approved.',
  pendingBid:
    'Your mechanic account is awaiting approval by an administrator. You can submit quotes once it is approved.',
  rejected: 'Your mechanic application was not approved. Contact us if you think this is a mistake.',
  stopped:
    'Your mechanic account is not approved: you can no longer work on jobs or read their documents. Contact us if you think this is a mistake.',
} as const;
