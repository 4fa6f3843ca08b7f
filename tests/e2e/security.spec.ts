import { expect as baseExpect, test, type Page } from '@playwright/test';
import { demoAdminPassword } from '../helpers/e2e-admin.ts';

// The content security policy blocks nothing the product itself does, on every page and
// every dashboard tab; and the new session screens (forgot password, change password).

// A busy machine makes each function call a fresh worker of up to seconds: generous waits.
const expect = baseExpect.configure({ timeout: 120_000 });
test.describe.configure({ timeout: 600_000 });

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.documentURI} (${e.sample})`,
      );
    });
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

async function visitTabs(page: Page, names: readonly string[]) {
  for (const name of names) {
    await page.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name, exact: true })).toBeVisible();
    await settle(page);
  }
}

/**
 * Lets lazy chunks and the calls a screen makes happen: waits for the load event, then until no
 * request has been in flight for 250 ms (networkidle never comes: the bell polls every 30 s).
 */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  const inFlight = new Set<unknown>();
  let quietSince = Date.now();
  const start = (r: unknown) => inFlight.add(r);
  const end = (r: unknown) => {
    inFlight.delete(r);
    if (inFlight.size === 0) quietSince = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    const deadline = Date.now() + 5_000;
    do await page.waitForTimeout(50);
    while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - quietSince < 250));
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

async function signIn(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('pages send the policy and HSTS, and no page violates it', async ({ page }) => {
  const violations = await watchCsp(page);
  const home = await page.goto('/');
  const csp = home!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
  for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"])
    expect(csp).toContain(d);
  expect(home!.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  await settle(page);
  // The quote form island hydrates when visible, the popup when idle.
  await page.locator('#quote').scrollIntoViewIfNeeded();
  await settle(page);

  for (const path of [
    '/blog',
    '/blog/category/inspections',
    '/login',
    '/dashboard',
    '/admin',
    '/reset-password',
    '/no-such-page',
  ]) {
    await page.goto(path);
    await settle(page);
  }
  await page.goto('/blog');
  await page.locator('article h2 a').first().click();
  await settle(page);
  await page.goto('/blog/published-after-the-last-build');
  await settle(page);
  const api = await page.request.get('/api/blog/categories');
  expect(api.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(api.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(violations).toEqual([]);
});

for (const who of ['pilot', 'mechanic', 'admin'] as const) {
  test(`no dashboard tab violates the policy: ${who}`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations = await watchCsp(page);
    if (who === 'admin') {
      await signIn(page, 'admin@example.com', demoAdminPassword(), '/admin');
      await expect(page.getByRole('button', { name: 'System Config' })).toBeVisible();
      await visitTabs(page, [
        'Quote Requests',
        'Leads',
        'Marketing',
        'Blog Posts',
        'Customers',
        'Mechanics',
        'Outbox',
        'Reported Messages',
      ]);
      await page.getByRole('button', { name: 'System Config' }).click();
      await settle(page);
    } else {
      const password = 'Preflight-Check-7';
      const res = await page.request.post('/api/auth/register', {
        data: {
          role: who,
          firstName: 'Casey',
          lastName: `Policy${who}`,
          email: `csp.${who}.${stamp}@example.com`,
          password,
          location: 'San Jose, CA',
        },
      });
      expect(res.status()).toBe(201);
      await signIn(page, `csp.${who}.${stamp}@example.com`, password);
      await expect(page.getByText(`Casey Policy${who}`).first()).toBeVisible();
      if (who === 'mechanic') {
        const setup = page.getByRole('dialog', { name: 'Mechanic Profile Setup' });
        await expect(setup).toBeVisible();
        await setup.getByRole('button', { name: 'Cancel' }).click();
        // A new mechanic is told it waits for approval.
        await expect(page.getByRole('status').filter({ hasText: 'awaiting approval' })).toBeVisible();
        await visitTabs(page, [
          'Overview',
          'Service Requests',
          'Appointments',
          'Profile',
          'Earnings',
          'Messages',
          'AOG calls',
        ]);
      } else {
        await visitTabs(page, [
          'Overview',
          'Service Requests',
          'My Aircraft',
          'Appointments',
          'Documents',
          'Notifications',
          'Messages',
        ]);
      }
    }
    expect(violations, who).toEqual([]);
    await context.close();
  });
}

test('forgot password: the link on sign-in, the same answer for any address, a bad link is refused', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(`nobody.${stamp}@example.com`);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(/If an account exists for that address, we have emailed a link/);

  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/); // the secret leaves the address bar
  await page.getByLabel('New password').fill('Brand-New-Pass-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This reset link is invalid, already used or expired. Please ask for a new one.',
  );
});

test('change password signs the other browsers out; logout ends the session on the server', async ({ browser }) => {
  const email = `change.${stamp}@example.com`;
  const password = 'Original-Pass-11';
  const first = await (await browser.newContext()).newPage();
  const res = await first.request.post('/api/auth/register', {
    data: { role: 'pilot', firstName: 'Robin', lastName: 'Rotate', email, password },
  });
  expect(res.status()).toBe(201);
  await signIn(first, email, password);
  await expect(first.getByText('Robin Rotate').first()).toBeVisible();
  const second = await (await browser.newContext()).newPage();
  await signIn(second, email, password);
  await expect(second.getByText('Robin Rotate').first()).toBeVisible();

  await first.getByRole('button', { name: 'Change password' }).click();
  const dialog = first.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByLabel('New password').fill('Rotated-Pass-22');
  await dialog.getByRole('button', { name: 'Save password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect');
  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByRole('button', { name: 'Save password' }).click();
  await expect(dialog).toBeHidden();
  await expect(first.getByText('Your password has been changed.')).toBeVisible();

  // This browser keeps working with its new token; the other one is signed out on its next load.
  await first.reload();
  await expect(first.getByText('Robin Rotate').first()).toBeVisible();
  await second.reload();
  await expect(second.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

  // Logout revokes the token itself: reusing it is refused.
  const token = await first.evaluate(() => localStorage.getItem('token'));
  await first.getByRole('button', { name: 'Logout' }).click();
  await expect(first.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect
    .poll(async () =>
      (await first.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status(),
    )
    .toBe(401);
  await signIn(first, email, 'Rotated-Pass-22');
  await expect(first.getByText('Robin Rotate').first()).toBeVisible();
});
