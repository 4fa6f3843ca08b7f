import type { Page } from '@playwright/test';

/** What POST /api/auth/register and /api/auth/login answer. */
export interface ApiSession {
  access_token: string;
  user: object;
}

/**
 * Opens the dashboard (or `path`) signed in as the sign-in form leaves a browser: the token and the
 * user in localStorage under the spec's keys (`token`, `user`: src/lib/session.ts), taken from a
 * sign-up or sign-in answer of the API. For tests whose subject comes after signing in; the form
 * itself is tested in tests/e2e/auth.spec.ts. Skips the form's page and its password hash.
 */
export async function openSignedIn(page: Page, session: ApiSession, path = '/dashboard'): Promise<Page> {
  // Storage belongs to the origin: a static file of the site opens it without running the app.
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [session.access_token, JSON.stringify(session.user)] as const,
  );
  await page.goto(path);
  return page;
}
