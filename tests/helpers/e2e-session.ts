import { expect, type Page } from '@playwright/test';

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

/** The dashboards' sections a walk can start from, by the label of their tab. */
const SECTION_TABS = {
  requests: 'Service Requests',
  appointments: 'Appointments',
  aircraft: 'My Aircraft',
  documents: 'Documents',
  profile: 'Profile',
  earnings: 'Earnings',
} as const;
export type DashboardSection = keyof typeof SECTION_TABS;

/**
 * The dashboard opened signed in on `section`, its tab selected: for a walk that starts there, so
 * the Overview is not rendered only to be clicked away from. The tabs' clicks are walked in
 * tests/e2e/marketplace.spec.ts (Profile: tests/e2e/aog-availability.spec.ts).
 */
export async function openSignedInOn(page: Page, session: ApiSession, section: DashboardSection): Promise<Page> {
  await openSignedIn(page, session, `/dashboard?section=${section}`);
  // As long as the walks give a screen: a cold function on a busy machine takes seconds.
  await expect(page.getByRole('tab', { name: SECTION_TABS[section] })).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  });
  return page;
}
