import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import type { PublicUser } from '../contract/fields.ts';

/**
 * The user object as the server returns it on login/register and stores it in the browser: the
 * public user, whose optional fields an older stored copy may lack.
 */
export type SessionUser = Pick<PublicUser, 'id' | 'email' | 'firstName' | 'lastName' | 'role'> &
  Partial<Omit<PublicUser, 'id' | 'email' | 'firstName' | 'lastName' | 'role'>>;

/** Browser storage keys (spec: one for the token, one for the user as JSON). */
export const SESSION_KEYS = { token: 'token', user: 'user' } as const;

/** '' means signed out: the key is then removed from storage, not kept as an empty string. */
const removeWhenEmpty = { encode: (value: string) => (value === '' ? undefined : value), decode: (raw: string) => raw };

export const $token = persistentAtom<string>(SESSION_KEYS.token, '', removeWhenEmpty);

function decodeUser(raw: string): SessionUser | null {
  try {
    const value = JSON.parse(raw) as Partial<SessionUser> | null;
    if (!value || typeof value !== 'object' || typeof value.firstName !== 'string' || typeof value.role !== 'string') {
      throw new Error('not a user');
    }
    return value as SessionUser;
  } catch {
    return null;
  }
}

export const $userJson = persistentAtom<string>(SESSION_KEYS.user, '', removeWhenEmpty);

/** The stored user, or null when absent or corrupt. */
export const $user = computed($userJson, (raw) => (raw ? decodeUser(raw) : null));

export function saveSession(token: string, user: SessionUser): void {
  $token.set(token);
  $userJson.set(JSON.stringify(user));
}

/** Logout: clears both keys. */
export function clearSession(): void {
  $token.set('');
  $userJson.set('');
}

/**
 * Restores the stored session on load. Corrupt user data (or a token without a user) clears
 * both keys silently, as the spec asks.
 */
export function restoreSession(): { token: string; user: SessionUser } | null {
  const token = $token.get();
  const raw = $userJson.get();
  if (!token && !raw) return null;
  const user = raw ? decodeUser(raw) : null;
  if (!token || !user) {
    clearSession();
    return null;
  }
  return { token, user };
}

/** What the entry screen hands each role's dashboard. */
export interface DashboardProps {
  user: SessionUser;
  onLogout: () => void;
}
