import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// On a 390 px phone every section of each dashboard is in reach without the page scrolling
// sideways: the section tabs wrap instead of running off the right edge, except the console's
// eleven, which are one row that scrolls inside itself.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

function demoAdminPassword(): string {
  const file = path.resolve(process.env['E2E_SECRETS_FILE'] ?? '.data/e2e/postgres-secrets.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { DEMO_ADMIN_PASSWORD: string }).DEMO_ADMIN_PASSWORD;
}

async function signIn(page: Page, entry: string, email: string, password: string) {
  await page.goto(entry);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
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
  await signIn(page, '/dashboard', 'pilot@example.com', 'DemoPilot!2026');
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
  await signIn(page, '/dashboard', 'mechanic@example.com', 'DemoMechanic!2026');
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
  await signIn(page, '/admin', 'admin@example.com', demoAdminPassword());
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
