import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { PASSWORD_RESET } from '../../contract/auth.ts';
import type { Db } from '../db/client.ts';

/**
 * A password-reset link is never stored readable (docs/decisions/0340-reset-links-made-when-sent.md).
 * The queued email carries the link with this mask in place of its secret; the secret is made by
 * the delivery run at the moment the email leaves, only its SHA-256 is kept, and the outbox row
 * keeps the masked text. So no administrator opening the message, and no backup, holds a link that
 * works.
 */
export const RESET_SECRET_MASK = '••••••••';
export const RESET_EMAIL_KIND = 'auth.password_reset';
/** How long a requested link may wait for its email to leave before it is dropped unsent. */
export const RESET_UNSENT_HOURS = 2;

export const hashResetSecret = (value: string) => createHash('sha256').update(value).digest('hex');

/** The link as it is queued and shown: the site's reset page with the masked secret. */
export const maskedResetLink = (origin: string) => `${origin}${PASSWORD_RESET.path}?token=${RESET_SECRET_MASK}`;

const MASKED_QUERY = `?token=${RESET_SECRET_MASK}`;

/**
 * Makes the secret of the reset link queued as outbox message `outboxId` and answers the email's
 * texts with the working link in place of the mask; null when the request behind it expired or a
 * link of the same person was used meanwhile (nothing is then sent). Each send makes a new secret
 * and replaces the stored hash, so a link of an earlier attempt that may not have arrived stops
 * working. The link lives `ttlMinutes` from now: the email says so.
 */
export async function mintResetLink(
  db: Db,
  outboxId: string,
  texts: { text: string; html: string | null },
): Promise<{ text: string; html: string | null } | null> {
  const secret = randomBytes(32).toString('base64url');
  const minted = await db
    .updateTable('passwordResetTokens')
    .set({
      tokenHash: hashResetSecret(secret),
      expiresAt: sql<Date>`now() + make_interval(mins => ${PASSWORD_RESET.ttlMinutes})`,
    })
    .where('outboxId', '=', outboxId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  if (!minted) return null;
  const live = `?token=${encodeURIComponent(secret)}`;
  return { text: texts.text.replaceAll(MASKED_QUERY, live), html: texts.html?.replaceAll(MASKED_QUERY, live) ?? null };
}
