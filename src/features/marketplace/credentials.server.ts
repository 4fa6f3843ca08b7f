import { credentialsPending, sameCertificate, type CredentialReview } from '../../contract/credentials.ts';
import type { Db } from '../../server/db/client.ts';
import { sql } from 'kysely';

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

const certificateDigits = (number: string) => number.replace(/\D/g, '');

/**
 * Holds every verification of this certificate number (its digits) until the transaction ends, so
 * two approvals of one number cannot both find it free (docs/decisions/0350). Takes nothing for a
 * number without digits: an FAA certificate number has them.
 */
export async function lockCertificate(db: Db, number: string): Promise<void> {
  const digits = certificateDigits(number);
  if (digits === '') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`certificate:${digits}`}, 0))`.execute(db);
}

export interface CertificateHolder {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Another approved account that holds this number verified (digits compared), or null: a verified
 * certificate number belongs to one approved account. Call after `lockCertificate`.
 */
export async function certificateHolder(db: Db, number: string, exceptId: string): Promise<CertificateHolder | null> {
  const digits = certificateDigits(number);
  if (digits === '') return null;
  const holder = await db
    .selectFrom('mechanicProfiles as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.email'])
    .where(sql<boolean>`regexp_replace(p.verified_ap_number, '[^0-9]', '', 'g') = ${digits}`)
    .where('u.mechanicStatus', '=', 'approved')
    .where('u.id', '!=', exceptId)
    .orderBy('p.credentialsVerifiedAt', 'asc')
    .limit(1)
    .executeTakeFirst();
  return holder ?? null;
}

/**
 * Whether no other approved account holds this number verified, with the number held until the
 * transaction ends. A number another account holds is not taken on trust: it waits for an
 * administrator, whose approval refuses it with the reason (docs/decisions/0350).
 */
async function numberFree(db: Db, number: string, mechanicId: string): Promise<boolean> {
  await lockCertificate(db, number);
  return (await certificateHolder(db, number, mechanicId)) === null;
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
    sameCertificate(row.apNumber, row.certificationNumber) &&
    (await numberFree(db, row.apNumber, mechanicId))
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
