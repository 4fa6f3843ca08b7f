import { credentialsPending, sameCertificate, type CredentialReview } from '../../contract/credentials.ts';
import type { Db } from '../../server/db/client.ts';

/**
 * Verified credentials (docs/decisions/0180-verified-credentials.md). The profile's `apNumber` and
 * `iaAuthorization` are what a mechanic asks for; `verifiedApNumber` and `verifiedIa` are what an
 * administrator approved. Every check that lets someone sign or see a record reads these only.
 */
export interface VerifiedCredentials {
  /** null when no number was ever verified, or the account is not approved (then nothing counts). */
  apNumber: string | null;
  ia: boolean;
}

/** What counts for this mechanic now: their verified values while the account is approved, nothing otherwise. */
export async function verifiedCredentials(db: Db, mechanicId: string): Promise<VerifiedCredentials> {
  const row = await db
    .selectFrom('mechanicProfiles as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.verifiedApNumber', 'p.verifiedIa', 'u.mechanicStatus'])
    .where('p.userId', '=', mechanicId)
    .executeTakeFirst();
  if (!row || row.mechanicStatus !== 'approved') return { apNumber: null, ia: false };
  return { apNumber: row.verifiedApNumber, ia: row.verifiedIa && row.verifiedApNumber !== null };
}

/** An administrator's approval: what the profile asks for becomes what is verified. */
export async function verifyCredentials(db: Db, mechanicId: string): Promise<void> {
  await db
    .updateTable('mechanicProfiles')
    .set((eb) => ({
      verifiedApNumber: eb.ref('apNumber'),
      verifiedIa: eb.ref('iaAuthorization'),
      credentialsVerifiedAt: new Date(),
    }))
    .where('userId', '=', mechanicId)
    .execute();
}

/**
 * After a profile save: giving up an IA counts at once (asking for less needs nobody's approval);
 * the first profile of an approved mechanic whose number is the one approved at sign-up has that
 * number verified. Anything more (a new number, an IA) waits in the administrator's queue.
 */
export async function settleCredentials(db: Db, mechanicId: string): Promise<{ pending: boolean }> {
  const row = await db
    .selectFrom('mechanicProfiles as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select([
      'p.apNumber',
      'p.iaAuthorization',
      'p.verifiedApNumber',
      'p.verifiedIa',
      'p.credentialsVerifiedAt',
      'u.mechanicStatus',
      'u.certificationNumber',
    ])
    .where('p.userId', '=', mechanicId)
    .executeTakeFirstOrThrow();
  const set: { verifiedIa?: boolean; verifiedApNumber?: string; credentialsVerifiedAt?: Date } = {};
  if (!row.iaAuthorization && row.verifiedIa) set.verifiedIa = false;
  if (
    row.mechanicStatus === 'approved' &&
    row.credentialsVerifiedAt === null &&
    row.verifiedApNumber === null &&
    sameCertificate(row.apNumber, row.certificationNumber)
  ) {
    set.verifiedApNumber = row.apNumber;
    set.credentialsVerifiedAt = new Date();
  }
  if (Object.keys(set).length > 0)
    await db.updateTable('mechanicProfiles').set(set).where('userId', '=', mechanicId).execute();
  const review: CredentialReview = {
    apNumber: row.apNumber,
    iaAuthorization: row.iaAuthorization,
    verifiedApNumber: set.verifiedApNumber ?? row.verifiedApNumber,
    verifiedIa: set.verifiedIa ?? row.verifiedIa,
  };
  return { pending: credentialsPending(review) };
}
