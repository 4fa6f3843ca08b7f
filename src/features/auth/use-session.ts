import { useCallback, useEffect, useState } from 'react';
import { ROUTES } from '../../contract/routes/auth.ts';
import { ApiError, call } from '../../lib/api-client.ts';
import { useWrite } from '../../lib/use-write.ts';
import { $token, clearSession, restoreSession, saveSession, type SessionUser } from '../../lib/session.ts';

export type SessionState =
  { status: 'checking' } | { status: 'signed-out' } | { status: 'signed-in'; user: SessionUser };

/**
 * The entry screens' session: starts as 'checking' (the server render and the first paint show
 * 'Loading...'), restores the stored session, then asks the server whether the token is still
 * good. 401 clears it and shows the sign-in screen; a network failure keeps the stored user so a
 * flaky connection does not sign anyone out. Signing out in another tab signs this one out too.
 */
export function useSession() {
  const [state, setState] = useState<SessionState>({ status: 'checking' });

  useEffect(() => {
    const stored = restoreSession();
    if (!stored) {
      setState({ status: 'signed-out' });
      return;
    }
    const controller = new AbortController();
    call(ROUTES.authMe, { signal: controller.signal })
      .then(({ user }) => {
        saveSession(stored.token, user);
        setState({ status: 'signed-in', user });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          clearSession();
          setState({ status: 'signed-out' });
        } else {
          setState({ status: 'signed-in', user: stored.user });
        }
      });
    return () => controller.abort();
  }, []);

  useEffect(
    () =>
      $token.listen((token) => {
        if (!token) setState((s) => (s.status === 'signed-in' ? { status: 'signed-out' } : s));
      }),
    [],
  );

  const signedIn = useCallback((token: string, user: SessionUser) => {
    saveSession(token, user);
    setState({ status: 'signed-in', user });
  }, []);

  // Logout ends the session on the server too (the token is revoked, not just forgotten). The
  // screen does not wait for it: a failed call still signs this browser out.
  const logout = useWrite(ROUTES.authLogout, { fallback: '' });
  const sendLogout = logout.run;
  const signOut = useCallback(() => {
    if ($token.get()) void sendLogout();
    clearSession();
    setState({ status: 'signed-out' });
  }, [sendLogout]);

  return { state, signedIn, signOut };
}
