import { certificateKey } from './bids.ts';

/**
 * A mechanic's credentials as the business verified them (docs/decisions/0180-verified-credentials.md).
 * What the profile form holds is only asked for until an administrator approves it.
 */
export interface CredentialReview {
  /** What the mechanic asks for on the profile. */
  apNumber: string;
  iaAuthorization: boolean;
  /** What an administrator verified (null before any approval of a number). */
  verifiedApNumber: string | null;
  verifiedIa: boolean;
}

/**
 * Two certificate numbers are the same when their digits are (FAA certificate numbers are digits;
 * "A&P 3456789", "3456789" and "IA 3456789" are one number); a number without digits compares by
 * its letters.
 */
export function sameCertificate(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const digits = (v: string) => v.replace(/\D/g, '');
  if (digits(a) !== '' || digits(b) !== '') return digits(a) === digits(b);
  return certificateKey(a) !== '' && certificateKey(a) === certificateKey(b);
}

/**
 * The number as a signature states it: the verified number without a label typed before it
 * ("A&P 3456789" and "IA #3456789" sign as "3456789"); the entry already names the certificate's kind.
 */
export function signedCertificate(verified: string): string {
  const bare = verified.trim().replace(/^(A\s*&\s*P|A\/P|AP|IA)\b[\s#:.-]*/i, '');
  return bare === '' ? verified.trim() : bare;
}

/** Whether the profile asks for more than was verified: another number, or an IA not verified. */
export function credentialsPending(c: CredentialReview): boolean {
  return !sameCertificate(c.apNumber, c.verifiedApNumber) || (c.iaAuthorization && !c.verifiedIa);
}

export const CREDENTIAL_MESSAGES = {
  pending:
    'Your new certificate number or inspection authorization waits for an administrator to verify it. Until then your verified credentials are the ones that count.',
  unverified:
    'Your certificate number is not verified yet: an administrator verifies it before you can sign a maintenance record.',
  numberDiffers: (typed: string, verified: string) =>
    `The certificate number you typed (${typed}) is not your verified certificate number (${verified}). Entries are signed with the verified number; change it on your profile and an administrator verifies it first.`,
  nameDiffers: (typed: string, verified: string) =>
    `The name you typed (${typed}) is not the name on your verified account (${verified}). Entries are signed with the name on your account.`,
} as const;
