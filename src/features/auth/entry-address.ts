import type { Role } from '../../contract/roles.ts';

/**
 * Where the address bar should be for the entry island's state (/login and /dashboard serve the
 * same island): signed in -> /dashboard, or /admin for an administrator (another page, so a full
 * navigation); signing out -> /login. A visitor who opens /dashboard signed out stays there (the
 * spec's Login button goes to /dashboard, which shows the sign-in screen). `null` when the address
 * is already right.
 */
export type AddressChange = { kind: 'replace'; path: string } | { kind: 'navigate'; path: string } | null;

type Status = 'checking' | 'signed-in' | 'signed-out';

export function entryAddress(
  status: Status,
  role: Role | null,
  pathname: string,
  previous: Status | null = null,
): AddressChange {
  const onDashboard = /^\/dashboard\/?$/.test(pathname);
  const onLogin = /^\/login\/?$/.test(pathname);
  if (status === 'signed-in') {
    if (role === 'admin') return { kind: 'navigate', path: '/admin' };
    return onLogin ? { kind: 'replace', path: '/dashboard' } : null;
  }
  if (status === 'signed-out')
    return onDashboard && previous === 'signed-in' ? { kind: 'replace', path: '/login' } : null;
  return null;
}
