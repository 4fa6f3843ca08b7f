import { expect, test, type Page } from '@playwright/test';
import { signInToConsole } from '../helpers/e2e-admin.ts';
import { openSignedIn, type ApiSession } from '../helpers/e2e-session.ts';

// On a 390 px phone every section of each dashboard is in reach without the page scrolling
// sideways: the section tabs wrap instead of running off the right edge, except the console's
// eleven, which are one row that scrolls inside itself. Each dashboard opens signed in as the
// sign-in form leaves a browser (the form itself: tests/e2e/auth.spec.ts).

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The demo account's dashboard, signed in by the API's sign-in answer. */
async function signIn(page: Page, email: string, password: string) {
  const login = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  await openSignedIn(page, (await login.json()) as ApiSession);
  // Its first load fetches the dashboard's code, which the sign-in form would have fetched while
  // the password was typed: on a loaded machine that takes longer than one expectation's wait.
  await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible({ timeout: 30_000 });
}

/**
 * Every tab of the list named `label` lies inside the viewport (after scrolling its row, for a row
 * that scrolls inside itself), and the page does not scroll sideways.
 */
async function expectAllSectionsInReach(
  page: Page,
  label: string,
  expected: string[],
  { scrollRow = false }: { scrollRow?: boolean } = {},
) {
  const list = page.getByRole('tablist', { name: label });
  await expect(list).toBeVisible();
  const tabs = list.getByRole('tab');
  await expect(tabs).toHaveCount(expected.length);
  for (const [i, name] of expected.entries()) {
    const tab = tabs.nth(i);
    await expect(tab).toContainText(name);
    // A row that scrolls sideways inside itself: the tab is reached by scrolling the row.
    if (scrollRow) await tab.scrollIntoViewIfNeeded();
    const box = (await tab.boundingBox())!;
    expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('the pilot reaches every section, Notifications included', async ({ page }, testInfo) => {
  await signIn(page, 'pilot@example.com', 'DemoPilot!2026');
  await expectAllSectionsInReach(page, 'Dashboard sections', [
    'Overview',
    'Service Requests',
    'My Aircraft',
    'Appointments',
    'Documents',
    'Notifications',
    'Messages',
  ]);
  await page.screenshot({ path: testInfo.outputPath('pilot-phone.png'), fullPage: false });
});

test('the mechanic reaches every section', async ({ page }, testInfo) => {
  await signIn(page, 'mechanic@example.com', 'DemoMechanic!2026');
  await expectAllSectionsInReach(page, 'Dashboard sections', [
    'Overview',
    'Service Requests',
    'Appointments',
    'Profile',
    'Earnings',
    'Messages',
    'AOG calls',
  ]);
  await page.screenshot({ path: testInfo.outputPath('mechanic-phone.png'), fullPage: false });
});

test('the administrator reaches every section of the console and of System Config', async ({ page }, testInfo) => {
  await signInToConsole(page);
  const sections = page.getByRole('tablist', { name: 'Admin sections' });
  await expect(sections).toBeVisible();
  const names = (await sections.getByRole('tab').allTextContents()).map((t) => t.trim());
  expect(names.length).toBeGreaterThan(2);
  // The console's eleven tabs are one row that scrolls inside itself (docs/decisions/0421), so its
  // content starts near the top: each tab is brought into reach, and the page never scrolls sideways.
  expect((await sections.boundingBox())!.height).toBeLessThan(60);
  await expectAllSectionsInReach(page, 'Admin sections', names, { scrollRow: true });
  await page.screenshot({ path: testInfo.outputPath('admin-phone.png'), fullPage: false });
  await page.getByRole('button', { name: 'System Config' }).click();
  await expectAllSectionsInReach(page, 'System configuration sections', [
    'API Keys',
    'Settings',
    'Referrals',
    'Email',
    'Analytics',
    'A/B Tests',
  ]);
});
