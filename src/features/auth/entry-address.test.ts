import { describe, expect, it } from 'vitest';
import { entryAddress } from './entry-address.ts';

describe('the address follows the session', () => {
  it('goes to /dashboard once signed in on /login, and stays on /dashboard', () => {
    expect(entryAddress('signed-in', 'pilot', '/login')).toEqual({ kind: 'replace', path: '/dashboard' });
    expect(entryAddress('signed-in', 'mechanic', '/login/')).toEqual({ kind: 'replace', path: '/dashboard' });
    expect(entryAddress('signed-in', 'pilot', '/dashboard')).toBeNull();
  });
  it('sends an administrator to the console', () => {
    expect(entryAddress('signed-in', 'admin', '/dashboard')).toEqual({ kind: 'navigate', path: '/admin' });
  });
  it('goes to /login on signing out from /dashboard, and waits while the session is checked', () => {
    expect(entryAddress('signed-out', null, '/dashboard', 'signed-in')).toEqual({ kind: 'replace', path: '/login' });
    // Opened signed out, /dashboard is the sign-in screen at the address the Login button uses.
    expect(entryAddress('signed-out', null, '/dashboard', 'checking')).toBeNull();
    expect(entryAddress('signed-out', null, '/login')).toBeNull();
    expect(entryAddress('checking', null, '/dashboard')).toBeNull();
  });
});
