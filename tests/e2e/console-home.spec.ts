import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signInToConsole } from '../helpers/e2e-admin.ts';

// The console as addresses, with the Inbox as its home (docs/decisions/0420, 0421): it opens on the
// Inbox with an urgent request flagged and first; each tab is an address a reload keeps and Back
// returns from; System Config's tab and an open request are addresses too (at 1366 px). On a phone
// (390 px) the requests are cards, the tabs are one row and the figures one line, so a tab's
// content starts near the top.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const selectedTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name, exact: true, selected: true });
const section = (page: Page) => new URL(page.url()).searchParams.get('section');

for (const { name, width, height } of [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the console opens on the Inbox, urgent first, ${width < 640 ? 'laid out for a phone' : 'and each tab is an address'}, at ${width} px`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    // An urgent request of this test's own: flagged, and first among the unanswered.
    const lastName = `Ramp${name}${Date.now().toString(36)}`;
    const sent = await request.post('/api/quotes', {
      data: {
        firstName: 'Alex',
        lastName,
        returnEmail: `alex.${lastName.toLowerCase()}@example.com`,
        returnPhone: '(415) 555-0142',
        aircraftMake: 'Piper',
        aircraftModel: 'PA-28-181 Archer',
        registrationNumber: '',
        totalHours: '',
        aircraftType: 'single-engine',
        serviceType: 'repair',
        preferredTimeframe: '1-week',
        location: 'KSQL',
        lastInvoiceAmount: '',
        currentProvider: '',
        message: 'Alternator died on the ramp at KSQL, need someone today.',
        scheduleConsultation: false,
        emailUpdates: false,
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    await signInToConsole(page);
    // Home: the Inbox, its address plain /admin.
    await expect(selectedTab(page, 'Inbox')).toBeVisible();
    expect(section(page)).toBeNull();
    const who = `Alex ${lastName}`;
    const list =
      width < 768
        ? page.getByRole('list', { name: 'Quote requests' }).getByRole('listitem')
        : page.getByRole('table', { name: 'Quote requests' }).getByRole('row');
    const mine = list.filter({ hasText: who });
    await expect(mine.getByTestId('urgent-flag')).toHaveText('Urgent');
    // First: the urgent unanswered come before every other request, oldest first, so every row up
    // to this one (the newest urgent request) carries the flag.
    const flags = await list.evaluateAll(
      (rows, mark) =>
        rows
          .filter((r) => !r.querySelector('th'))
          .map((r) => ({
            urgent: !!r.querySelector('[data-testid="urgent-flag"]'),
            mine: r.textContent!.includes(mark),
          })),
      who,
    );
    const at = flags.findIndex((f) => f.mine);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(flags.slice(0, at + 1).every((f) => f.urgent)).toBe(true);

    if (width >= 640) await page.screenshot({ path: testInfo.outputPath(`console-home-${width}.png`) });
    if (width < 640) {
      // Phone: one row of tabs, the figures one line: the Inbox starts near the top.
      const tabs = page.getByRole('tablist', { name: 'Admin sections' });
      expect((await tabs.boundingBox())!.height).toBeLessThan(60);
      const heading = (await page.getByRole('heading', { name: 'Inbox' }).boundingBox())!;
      expect(heading.y).toBeLessThan(330);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: testInfo.outputPath('console-home-390.png') });
      // The figures open on a tap.
      await page.getByRole('button', { name: /Show the figures/ }).click();
      await expect(page.getByRole('region', { name: 'Quote statistics' })).toBeVisible();
      await page.getByRole('button', { name: /Hide the figures/ }).click();
      await expect(page.getByRole('region', { name: 'Quote statistics' })).toBeHidden();
    }

    // The rest of the walk is the same at every width: run once, at the laptop's.
    if (width < 640) return;

    // Tabs are addresses: each a history entry.
    await page.getByRole('tab', { name: 'Leads', exact: true }).click();
    await expect(selectedTab(page, 'Leads')).toBeVisible();
    expect(section(page)).toBe('leads');
    await page.getByRole('tab', { name: 'Customers', exact: true }).click();
    await expect(selectedTab(page, 'Customers')).toBeVisible();
    expect(section(page)).toBe('customers');
    // A reload keeps the tab.
    await page.reload();
    await expect(selectedTab(page, 'Customers')).toBeVisible();
    // Back returns to the previous tab, then to the Inbox, still inside the console.
    await page.goBack();
    await expect(selectedTab(page, 'Leads')).toBeVisible();
    await page.goBack();
    await expect(selectedTab(page, 'Inbox')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/admin');

    // System Config and its tab are addresses too; Back to Dashboard returns to the tab it left.
    await page.getByRole('button', { name: 'System Config' }).click();
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Settings', selected: true })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('config')).toBe('settings');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'System Configuration' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Settings', selected: true })).toBeVisible();
    // The urgent rule and its clock are named in the settings.
    await expect(page.locator('[data-testid="catalog-setting"][data-key="urgent_reply_hours"]')).toContainText(
      '"asap"',
    );
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(selectedTab(page, 'Inbox')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('config')).toBeNull();

    // An open request is part of the address: a reload opens it again; Back closes it.
    await mine.getByRole('button', { name: who }).click();
    const dialog = page.getByRole('dialog', { name: who });
    await expect(dialog).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('open')).not.toBeNull();
    await page.reload();
    await expect(page.getByRole('dialog', { name: who })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog', { name: who })).toBeHidden();
    await expect(selectedTab(page, 'Inbox')).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('open')).toBeNull();
  });
}
