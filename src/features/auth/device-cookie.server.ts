import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { env } from '../../server/env.ts';

/**
 * A browser that has signed in to an account before carries a signed cookie naming that account
 * and a random device id. Its sign-in attempts are counted under the device, not the email, so an
 * attacker failing on the email cannot lock the owner out of their own browser
 * (docs/decisions/0096-lockout-that-cannot-be-aimed.md). The cookie proves nothing by itself: the
 * password is still checked. HttpOnly (scripts never see it), Secure, SameSite=Strict, sent only
 * to the sign-in path.
 */
export const DEVICE_COOKIE = 'sma_device';
const MAX_AGE_SECONDS = 365 * 24 * 3600;

function mac(payload: string): string {
  const secret = env().JWT_SECRET;
  if (!secret) throw new Error('JWT_SECRET is not configured');
  return createHmac('sha256', `device-cookie:${secret}`).update(payload).digest('base64url');
}

export interface TrustedDevice {
  userId: string;
  deviceId: string;
}

/** The device the request's cookie names, when its signature holds. */
export function readDeviceCookie(req: Request): TrustedDevice | null {
  const header = req.headers.get('cookie') ?? '';
  const raw = header
    .split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  if (!raw) return null;
  const [userId, deviceId, signature] = raw.split('.');
  if (!userId || !deviceId || !signature) return null;
  const expected = Buffer.from(mac(`${userId}.${deviceId}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, deviceId };
}

/** The Set-Cookie value remembering this browser for `userId` (keeps an existing device id). */
export function deviceCookieHeader(userId: string, existing: TrustedDevice | null): string {
  const deviceId = existing && existing.userId === userId ? existing.deviceId : randomUUID();
  const value = `${userId}.${deviceId}.${mac(`${userId}.${deviceId}`)}`;
  return `${DEVICE_COOKIE}=${value}; Max-Age=${MAX_AGE_SECONDS}; Path=/api/auth; HttpOnly; Secure; SameSite=Strict`;
}

/** The header that remembers this browser for `userId`, on any answer that proves the account is its own. */
export function rememberBrowser(req: Request, userId: string): { 'Set-Cookie': string } {
  return { 'Set-Cookie': deviceCookieHeader(userId, readDeviceCookie(req)) };
}
