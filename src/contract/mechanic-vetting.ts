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

/**
 * An approval names what the administrator reviewed (docs/decisions/0350): the certificate number
 * and the IA line as they were shown. A profile changed since answers 409 with what changed. The
 * IA is verified on its own: `verifyIa` says the administrator checked it too.
 */
export const ApproveMechanicSchema = z.object(
  {
    apNumber: z
      .string({ error: 'Name the certificate number you reviewed (apNumber, or null when none was shown)' })
      .trim()
      .max(60, 'Certificate number must be at most 60 characters')
      .nullable(),
    iaAuthorization: z.boolean({
      error: 'Name the inspection authorization line you reviewed (iaAuthorization: true or false)',
    }),
    verifyIa: z.boolean({ error: 'verifyIa must be true or false' }).default(false),
  },
  { error: 'Name the certificate number and the inspection authorization you reviewed' },
);

/** What an approval of this mechanic verifies now, as the console shows it for review. */
export interface CredentialsToVerify {
  /** The number approval verifies: the profile's, or the one given at sign-up before any profile. */
  apNumber: string | null;
  /** Whether the profile asks for an inspection authorization (shown as its own line). */
  iaAuthorization: boolean;
  verifiedApNumber: string | null;
  verifiedIa: boolean;
}

/** One field an approval named that the profile no longer holds (the 409's `changed`). */
export interface ReviewedChange {
  field: 'apNumber' | 'iaAuthorization';
  label: string;
  reviewed: string;
  now: string;
}

export const APPROVAL_FIELD_LABELS: Record<ReviewedChange['field'], string> = {
  apNumber: 'Certificate number',
  iaAuthorization: 'Inspection authorization',
};

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
  /** What approving verifies now; the approval sends it back (docs/decisions/0350). */
  toVerify: CredentialsToVerify;
  /** The account used up its sign-in failures and cannot sign in now (docs/decisions/0096): "Unlock sign-in" is offered. */
  signInLocked?: boolean;
}

export const VETTING_MESSAGES = {
  pendingRequests:
    'Your mechanic account is awaiting approval by an administrator. You will see service requests once it is approved.',
  pendingBid:
    'Your mechanic account is awaiting approval by an administrator. You can submit quotes once it is approved.',
  rejected: 'Your mechanic application was not approved. Contact us if you think this is a mistake.',
  changedSinceReview: (changes: readonly ReviewedChange[]) =>
    `The profile changed since you reviewed it: ${changes.map((c) => `${c.label.toLowerCase()} ${c.reviewed} is now ${c.now}`).join('; ')}. Nothing was verified: review the new values and approve again.`,
  certificateTaken: (certificate: string, holder: string) =>
    `Certificate ${certificate} is already verified for another approved mechanic (${holder}). One certificate number belongs to one account: nothing was verified, and ${holder} and the business were told.`,
  nothingToVerify: 'Nothing waits to be verified: the certificate is verified and the IA was not ticked.',
  iaNotAsked: 'The profile does not ask for an inspection authorization: there is no IA to verify.',
  stopped:
    'Your mechanic account is not approved: you can no longer work on jobs or read their documents. Contact us if you think this is a mistake.',
} as const;
