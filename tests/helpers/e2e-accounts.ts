import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { approveMechanicAsAdmin, uniqueCertificateNumber } from './e2e-admin.ts';
import { openSignedIn, openSignedInOn, type ApiSession, type DashboardSection } from './e2e-session.ts';

/** A browser test's account: its own browser context at `viewport`, and its API bearer headers. */
export interface E2eAccount {
  page: Page;
  email: string;
  id: string;
  headers: { authorization: string };
  /** The sign-up answer: what the sign-in form would leave in the browser. */
  session: ApiSession;
}

/** A phone's window, where the dashboards lay out differently (one column, tabs in one row). */
export const PHONE = { width: 390, height: 844 } as const;

export const E2E_PASSWORD = 'Checklist-Complete-1';

/** An account registered through the API, without a browser context of its own. */
export type E2eRegistration = Omit<E2eAccount, 'page'>;

/** Registers an owner or a mechanic through the API with `request` (a page's, or a test's). */
export async function e2eRegister(
  request: APIRequestContext,
  role: 'pilot' | 'mechanic',
  names: { firstName: string; lastName: string; email: string },
): Promise<E2eRegistration> {
  const res = await request.post('/api/auth/register', {
    data: {
      role,
      ...names,
      password: E2E_PASSWORD,
      location: 'Reno, NV',
      ...(role === 'mechanic'
        ? { certificationNumber: '4567890', yearsExperience: 20, serviceRadius: 10, hourlyRate: 110 }
        : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return {
    email: names.email,
    id: body.user.id,
    headers: { authorization: `Bearer ${body.access_token}` },
    session: body,
  };
}

/** Registers an owner or a mechanic through the API, in a new context of `browser`. */
export async function e2eAccount(
  browser: Browser,
  role: 'pilot' | 'mechanic',
  names: { firstName: string; lastName: string; email: string },
  viewport: { width: number; height: number },
): Promise<E2eAccount> {
  const page = await (await browser.newContext({ viewport })).newPage();
  return { page, ...(await e2eRegister(page.request, role, names)) };
}

/** A mechanic approved, with a profile at `baseLocation`, and approved again so its certificate counts (docs/decisions/0180). */
export async function e2eMechanic(
  browser: Browser,
  names: { firstName: string; lastName: string; email: string },
  baseLocation: string,
  viewport: { width: number; height: number },
): Promise<E2eAccount> {
  const mechanic = await e2eAccount(browser, 'mechanic', names, viewport);
  const api = mechanic.page.request;
  await approveMechanicAsAdmin(api, mechanic.id);
  const profile = await api.post('/api/enhanced/mechanic-profile', {
    headers: mechanic.headers,
    data: {
      apNumber: uniqueCertificateNumber(),
      iaAuthorization: true,
      hourlyRate: '110',
      serviceRadius: '5',
      baseLocation,
    },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  await approveMechanicAsAdmin(api, mechanic.id);
  return mechanic;
}

/**
 * Opens the dashboard signed in, as the sign-in form leaves a browser (the form itself:
 * tests/e2e/auth.spec.ts), on `section` when the walk starts there.
 */
export async function e2eSignIn(who: { page: Page; session: ApiSession }, section?: DashboardSection): Promise<void> {
  if (section) await openSignedInOn(who.page, who.session, section);
  else await openSignedIn(who.page, who.session);
}

/**
 * The account's dashboard (or `path`) on a phone, signed in, in a context of its own: for a walk
 * at a laptop's width to check the screens whose layout differs at 390 px without walking twice.
 */
export async function e2ePhonePage(browser: Browser, who: { session: ApiSession }, path = '/dashboard'): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  return openSignedIn(page, who.session, path);
}

/** No part of the page is wider than the window (a phone must not scroll sideways). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, `page is ${scroll} px wide in a ${width} px window`).toBeLessThanOrEqual(width);
}
