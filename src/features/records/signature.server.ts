import { CREDENTIAL_MESSAGES, sameCertificate, signedCertificate } from '../../contract/credentials.ts';
import type { SignRecordData } from '../../contract/records.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { badRequest, forbidden } from '../../server/http/errors.ts';
import { verifiedCredentials } from '../marketplace/credentials.server.ts';
import { fullName } from '../../server/db/full-name.ts';

/** What a signature says: the signer's account name and verified certificate, never typed text. */
export interface Signature {
  name: string;
  number: string;
  ia: boolean;
}

const plain = (v: string) => v.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The name and number an entry is signed with come from the signer's verified profile
 * (docs/decisions/0180-verified-credentials.md). What the signer types is their confirmation: a
 * name or a number that is not theirs is refused with the reason, so a typo never reaches a
 * legal record and nobody signs under somebody else's certificate.
 */
export async function signatureOf(
  db: Db,
  user: UserRow,
  typed: Pick<SignRecordData, 'fullName' | 'certificateNumber'>,
): Promise<Signature> {
  const creds = await verifiedCredentials(db, user.id);
  if (!creds.apNumber) throw forbidden(CREDENTIAL_MESSAGES.unverified);
  const name = fullName(user);
  if (plain(typed.fullName) !== plain(name)) {
    const message = CREDENTIAL_MESSAGES.nameDiffers(typed.fullName, name);
    throw badRequest(message, [{ path: 'fullName', message }]);
  }
  if (!sameCertificate(typed.certificateNumber, creds.apNumber)) {
    const message = CREDENTIAL_MESSAGES.numberDiffers(typed.certificateNumber, signedCertificate(creds.apNumber));
    throw badRequest(message, [{ path: 'certificateNumber', message }]);
  }
  return { name, number: signedCertificate(creds.apNumber), ia: creds.ia };
}
