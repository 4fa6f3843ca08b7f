import { sql } from 'kysely';
import { PASSWORD_RESET, SESSION_MESSAGES, type AuthResponse } from '../../contract/auth.ts';
import { hashPassword, verifyPassword } from '../../server/auth/password.server.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { VerifiedClaims } from '../../server/auth/token.server.ts';
import type { Db } from '../../server/db/client.ts';
import { env, LOCAL_SITE_URL } from '../../server/env.ts';
import { allowResetEmail, type ResetRequester } from './reset-budget.server.ts';
import {
  hashResetSecret,
  maskedResetLink,
  RESET_EMAIL_KIND,
  RESET_UNSENT_HOURS,
} from '../../server/auth/reset-link.server.ts';
import { badRequest } from '../../server/http/errors.ts';
import { enforceRateLimit } from '../../server/http/rate-limit.server.ts';
import { enqueueEmail } from '../messaging/outbox.server.ts';
import { safeFirstName } from '../messaging/recipient-limit.server.ts';
import { findUserByEmail, issueSession } from './auth.server.ts';

/**
 * Sessions that can end (docs/decisions/0090-revocable-sessions.md): logout revokes the token's id
 * until it would have expired; logout-all, a password change and a reset bump the user's token
 * version, which every request checks.
 */
export async function logout(db: Db, claims: VerifiedClaims): Promise<{ success: true; message: string }> {
  await db
    .insertInto('revokedTokens')
    .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  // Expired entries protect nothing (the token is refused anyway): trim now and then.
  if (Math.random() < 0.05) await db.deleteFrom('revokedTokens').where('expiresAt', '<', new Date()).execute();
  return { success: true, message: SESSION_MESSAGES.loggedOut };
}

async function bumpTokenVersion(db: Db, userId: string, passwordHash?: string): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ tokenVersion: sql`token_version + 1`, updatedAt: new Date(), ...(passwordHash ? { passwordHash } : {}) })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function logoutAll(db: Db, user: UserRow): Promise<{ success: true; message: string }> {
  await bumpTokenVersion(db, user.id);
  return { success: true, message: SESSION_MESSAGES.loggedOutEverywhere };
}

/**
 * Changes the password after checking the current one (at most 10 tries an hour per account, so a
 * stolen token cannot be used to guess it), ends every other session and answers a new token in
 * the sign-in's shape.
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  data: { currentPassword: string; newPassword: string },
): Promise<AuthResponse> {
  await enforceRateLimit(db, `password-change:${user.id}`, { limit: 10, windowSeconds: 3600 });
  if (!(await verifyPassword(data.currentPassword, user.passwordHash)))
    throw badRequest(SESSION_MESSAGES.wrongCurrentPassword);
  const updated = await bumpTokenVersion(db, user.id, await hashPassword(data.newPassword));
  return issueSession(db, updated);
}

/**
 * The address reset links point to: the configured site (SITE_URL, else Netlify's URL), else the
 * local product's default. Never the request's Host header: anyone can send one, and a reset link
 * on the attacker's domain would hand them the token.
 */
function siteOrigin(): string {
  const { SITE_URL, URL: netlifyUrl } = env();
  return (SITE_URL || netlifyUrl || LOCAL_SITE_URL).replace(/\/+$/, '');
}

/**
 * Asks for a reset link. Always the same answer, whether or not the address has an account, and
 * each email within the reset budget (docs/decisions/0341-resets-and-sign-in-a-stranger-cannot-spend.md).
 * The link's secret is made when the email is sent and only its SHA-256 is stored
 * (docs/decisions/0340-reset-links-made-when-sent.md): the queued email holds the link masked. A
 * new link does not cancel older unused ones (each expires 30 minutes after it was sent); the first
 * one used cancels the others.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  requester: ResetRequester,
): Promise<{ success: true; message: string }> {
  const answer = { success: true as const, message: SESSION_MESSAGES.resetRequested };
  const user = await findUserByEmail(db, email);
  if (!user) return answer;
  // Resets to an account have their own budget, never the anonymous forms'.
  if (!(await allowResetEmail(db, user.id, requester))) return answer;
  await db.transaction().execute(async (trx) => {
    const outboxId = await enqueueEmail(trx, {
      to: user.email,
      subject: 'Reset your Skyward Mobile Aviation password',
      text: [
        `Hello ${safeFirstName(user.firstName)},`,
        '',
        'Someone (hopefully you) asked to reset the password of your Skyward Mobile Aviation account.',
        `Open this link within ${PASSWORD_RESET.ttlMinutes} minutes to choose a new password. It works once:`,
        maskedResetLink(siteOrigin()),
        '',
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ].join('\n'),
      kind: RESET_EMAIL_KIND,
    });
    await trx
      .insertInto('passwordResetTokens')
      .values({
        userId: user.id,
        tokenHash: null,
        outboxId,
        // Until it is sent: a request the outbox cannot send within two hours is dropped (the
        // person asks again); once sent, the link lives PASSWORD_RESET.ttlMinutes.
        expiresAt: new Date(Date.now() + RESET_UNSENT_HOURS * 3600_000),
        usedAt: null,
      })
      .execute();
  });
  return answer;
}

/**
 * Sets a new password with a reset link's token: single use (the row is locked and marked used in
 * one transaction, with every other open link of the user), valid 30 minutes. Ends every session,
 * clears the account's sign-in lockout (a reset proves ownership of the mailbox) and signs in.
 */
export async function confirmPasswordReset(
  db: Db,
  data: { token: string; newPassword: string },
): Promise<AuthResponse> {
  const passwordHash = await hashPassword(data.newPassword);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('passwordResetTokens')
      .select(['id', 'userId'])
      .where('tokenHash', '=', hashResetSecret(data.token))
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', new Date())
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw badRequest(SESSION_MESSAGES.resetInvalid);
    await trx
      .updateTable('passwordResetTokens')
      .set({ usedAt: new Date() })
      .where('userId', '=', row.userId)
      .where('usedAt', 'is', null)
      .execute();
    const user = await bumpTokenVersion(trx, row.userId, passwordHash);
    await unlockAccount(trx, user.email);
    return issueSession(trx, user);
  });
}

/** Forgets the counted sign-in failures of an email (a reset, or an administrator's unlock). */
export async function unlockAccount(db: Db, email: string): Promise<void> {
  await db
    .deleteFrom('loginFailures')
    .where('scope', '=', 'account')
    .where('key', '=', email.trim().toLowerCase())
    .execute();
}
