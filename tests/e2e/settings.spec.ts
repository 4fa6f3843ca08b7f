import { expect as baseExpect, test, type Page } from '@playwright/test';
import { demoAdminPassword } from '../helpers/e2e-admin.ts';

// Issue 28, points 1 and 2: the settings screen shows each setting the product reads with its own
// control, and each one changes what it says on the public site and at sign-in.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function openSettings(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill(demoAdminPassword());
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: 'System Config' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
}

const setting = (page: Page, key: string) => page.locator(`[data-testid="catalog-setting"][data-key="${key}"]`);

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the popup switch turns the home page popup off and on', async ({ page, context }, testInfo) => {
      await openSettings(page);
      const popup = setting(page, 'lead_popup_enabled');
      await expect(popup).toContainText(
        'Affects: When off, visitors of the home page are not offered the discount popup.',
      );
      const toggle = popup.getByRole('switch');
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await page.screenshot({ path: testInfo.outputPath(`settings-${viewport.width}.png`), fullPage: true });
      try {
        await toggle.click();
        await expect(page.getByText('Discount popup saved', { exact: true })).toBeVisible();
        await expect(toggle).toHaveAttribute('aria-checked', 'false');

        const visitor = await context.newPage();
        await visitor.clock.install();
        await visitor.goto('/');
        await visitor.clock.fastForward(10_000);
        await expect(visitor.locator('html')).toHaveAttribute('data-lead-popup', 'off');
        await expect(visitor.getByRole('dialog')).toHaveCount(0);
        await visitor.close();
      } finally {
        if ((await toggle.getAttribute('aria-checked')) === 'false') await toggle.click();
      }
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      const visitor = await context.newPage();
      await visitor.clock.install();
      await visitor.goto('/');
      await visitor.clock.fastForward(10_000);
      await expect(visitor.locator('html')).toHaveAttribute('data-lead-popup', 'offered');
      await expect(visitor.getByRole('dialog', { name: 'Save 25% on Your Next Aircraft Service' })).toBeVisible();
    });

    test('business hours set in the week grid show on the home page and in its LocalBusiness data', async ({
      page,
      context,
    }) => {
      await openSettings(page);
      const hours = setting(page, 'business_hours');
      const saturday = hours.getByTestId('hours-sat');
      await saturday.getByRole('checkbox', { name: 'Open on Saturday' }).check();
      await saturday.getByLabel('Saturday opens at').fill('09:00');
      await saturday.getByLabel('Saturday closes at').fill('08:00');
      await expect(saturday.getByRole('alert')).toHaveText('Closing time must be after the opening time');
      await expect(hours.getByRole('button', { name: 'Save business hours' })).toBeDisabled();
      await saturday.getByLabel('Saturday closes at').fill('13:00');
      await expect(hours).toContainText('Visitors read: Mon-Fri: 7:00 AM-6:00 PM · Sat: 9:00 AM-1:00 PM · Sun: Closed');
      await hours.getByRole('button', { name: 'Save business hours' }).click();
      await expect(page.getByText('Business hours saved', { exact: true })).toBeVisible();

      const visitor = await context.newPage();
      await visitor.addInitScript(() => sessionStorage.setItem('leadPopupShown', 'true'));
      await visitor.goto('/');
      const office = visitor.locator('#business-hours');
      await office.scrollIntoViewIfNeeded();
      await expect(office).toBeVisible();
      await expect(office).toContainText('Office hours (Pacific time)');
      await expect(office).toContainText('Sat: 9:00 AM-1:00 PM');
      const ld = JSON.parse((await visitor.locator('#business-json-ld').textContent()) ?? '{}') as Record<
        string,
        unknown
      >;
      expect(ld['openingHoursSpecification']).toContainEqual({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'https://schema.org/Saturday',
        opens: '09:00',
        closes: '13:00',
      });
      expect(ld['openingHoursSpecification']).not.toContainEqual(
        expect.objectContaining({ dayOfWeek: 'https://schema.org/Sunday' }),
      );

      // Back to closed on Saturday, for the next run.
      await saturday.getByRole('checkbox', { name: 'Open on Saturday' }).uncheck();
      await hours.getByRole('button', { name: 'Save business hours' }).click();
      await expect(page.getByText('Business hours saved', { exact: true }).first()).toBeVisible();
    });

    test('sign-in length is a bounded number of hours that sets the next sign-in', async ({ page, request }) => {
      await openSettings(page);
      const session = setting(page, 'session_hours');
      const field = session.getByLabel('Sign-in lasts (hours)');
      await field.fill('200');
      await session.getByRole('button', { name: 'Save sign-in lasts' }).click();
      await expect(session.getByText('Sign-in lasts must be between 1 and 72 hours')).toBeVisible();
      await field.fill('3');
      await session.getByRole('button', { name: 'Save sign-in lasts' }).click();
      await expect(page.getByText('Sign-in lasts saved', { exact: true })).toBeVisible();
      try {
        const login = await request.post('/api/auth/login', {
          data: { email: 'admin@example.com', password: demoAdminPassword() },
        });
        expect(((await login.json()) as { expires_in: number }).expires_in).toBe(3 * 3600);
      } finally {
        await field.fill('12');
        await session.getByRole('button', { name: 'Save sign-in lasts' }).click();
        await expect(page.getByText('Sign-in lasts saved', { exact: true }).first()).toBeVisible();
      }
    });
  });
}
