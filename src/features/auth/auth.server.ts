import { AUTH_MESSAGES, type AuthResponse, type LoginData, type RegisterData } from '../../contract/auth.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../server/auth/password.server.ts';
import { SETTINGS_CATALOG } from '../../contract/settings-catalog.ts';
import { MECHANIC_VETTING_START } from '../../contract/status-machines.ts';
import { signAccessToken } from '../../server/auth/token.server.ts';
import { readCatalogSetting } from '../../server/settings.server.ts';
import type { Db } from '../../server/db/client.ts';
import { badRequest, unauthorized } from '../../server/http/errors.ts';
import { requireAddressKey } from '../../server/http/client-ip.ts';
import type { TrustedDevice } from './device-cookie.server.ts';
import { beginLoginAttempt } from './login-throttle.server.ts';
import { toPublicUser, type UserRecord } from './public-user.ts';
import { enqueueEmail } from '../messaging/outbox.server.ts';
import { allowEmailTo } from '../messaging/recipient-limit.server.ts';
import { welcomeEmail } from './welcome.server.ts';

/** Postgres unique_violation: two sign-ups with one email raced past the existence check. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
}

/** A new sign-in lasts the session_hours setting (docs/decisions/0190-settings-catalog.md). */
export async function issueSession(db: Db, user: UserRecord & { tokenVersion?: number }): Promise<AuthResponse> {
  const ttl = (await readCatalogSetting(db, SETTINGS_CATALOG.sessionHours)) * 3600;
  return {
    access_token: await signAccessToken({ sub: user.id, role: user.role, tv: user.tokenVersion ?? 0 }, ttl),
    token_type: 'bearer',
    expires_in: ttl,
    user: toPublicUser(user),
  };
}

/**
 * Self-registration: a pilot or a mechanic (the schema refuses every other role). One account per
 * email, compared case-insensitively.
 */
export async function register(db: Db, data: RegisterData): Promise<AuthResponse> {
  if (await findUserByEmail(db, data.email)) throw badRequest(AUTH_MESSAGES.userExists);
  const passwordHash = await hashPassword(data.password);
  try {
    const user = await db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('users')
        .values({
          email: data.email,
          passwordHash,
          firstName: data.firstName,
          lastName: data.lastName,
          role: data.role,
          // A new mechanic waits for an administrator's approval (docs/decisions/0093).
          mechanicStatus: data.role === 'mechanic' ? MECHANIC_VETTING_START : null,
          phone: data.phone,
          location: data.location,
          certificationNumber: data.certificationNumber,
          yearsExperience: data.yearsExperience,
          serviceRadius: data.serviceRadius,
          hourlyRate: data.hourlyRate,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // The welcome email is queued with the account (the outbox delivers it after the answer).
      if (await allowEmailTo(trx, created.email)) await enqueueEmail(trx, welcomeEmail(created));
      return created;
    });
    return await issueSession(db, user);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(AUTH_MESSAGES.userExists);
    throw error;
  }
}

/**
 * Sign-in. An unknown email costs the same hash time as a wrong password and gets the same 401,
 * so neither the answer nor its timing tells whether an address is registered. A password stored
 * under an older scheme (scrypt) or a lower cost is re-hashed with the current one on success.
 *
 * A browser holding a valid device cookie of this very account has its failures counted under the
 * device instead of the email: the email's lockout (which anyone can trigger) does not stop the
 * owner's own browser (docs/decisions/0096). The per-address limit applies to everyone.
 */
export async function login(
  db: Db,
  data: LoginData,
  ip: string,
  device: TrustedDevice | null = null,
): Promise<{ session: AuthResponse; userId: string }> {
  const user = await findUserByEmail(db, data.email);
  const trusted = device !== null && user !== undefined && device.userId === user.id;
  const accountKey = trusted ? `device:${device.deviceId}` : data.email;
  const attempt = await beginLoginAttempt(db, accountKey, requireAddressKey(ip));
  const ok = user ? await verifyPassword(data.password, user.passwordHash) : await verifyAgainstDummy(data.password);
  if (!user || !ok) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  await attempt.succeeded();
  if (needsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(data.password);
    await db
      .updateTable('users')
      .set({ passwordHash })
      .where('id', '=', user.id)
      .where('passwordHash', '=', user.passwordHash)
      .execute();
  }
  return { session: await issueSession(db, user), userId: user.id };
}
