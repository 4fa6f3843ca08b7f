import { expect, test, type Page } from '@playwright/test';
import { serious, axeViolations } from '../helpers/e2e-axe.ts';
import { signInToConsole } from '../helpers/e2e-admin.ts';
import { mechanicAt, ownerWithPlane, signIn } from '../helpers/e2e-booking.ts';

// axe on the first screen of each signed-in home: the owner's and the mechanic's dashboards and
// the console's Inbox, at 1366 px and, on the same page made narrow, at 390 px (one page load a
// screen: the layouts follow the width as it changes). A serious or critical violation fails.

test.use({ bypassCSP: true, viewport: { width: 1366, height: 900 } });
test.describe.configure({ timeout: 300_000 });

/** The screen at both widths: its serious and critical violations, by width. */
async function scanAtBothWidths(page: Page, ready: () => Promise<void>) {
  await ready();
  const wide = serious(await axeViolations(page));
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  const phone = serious(await axeViolations(page));
  return { 1366: wide, 390: phone };
}

const firstScreen = (page: Page, tab: string) => async () => {
  await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
};

test('the owner’s and the mechanic’s dashboards have no serious or critical axe violation at 1366 and 390 px', async ({
  page,
  browser,
}) => {
  const [owner, mechanic] = await Promise.all([ownerWithPlane(page.request, 'KEUG'), mechanicAt(page.request, 'KEUG')]);
  await signIn(page, owner);
  expect(await scanAtBothWidths(page, firstScreen(page, 'Overview'))).toEqual({ 1366: [], 390: [] });

  const mechanicPage = await browser.newPage({ bypassCSP: true, viewport: { width: 1366, height: 900 } });
  await signIn(mechanicPage, mechanic);
  expect(await scanAtBothWidths(mechanicPage, firstScreen(mechanicPage, 'Overview'))).toEqual({ 1366: [], 390: [] });
  await mechanicPage.close();
});

test('the console’s Inbox has no serious or critical axe violation at 1366 and 390 px', async ({ page }) => {
  await signInToConsole(page);
  const inbox = async () => {
    await expect(
      page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Inbox', selected: true }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
  };
  expect(await scanAtBothWidths(page, inbox)).toEqual({ 1366: [], 390: [] });
});
