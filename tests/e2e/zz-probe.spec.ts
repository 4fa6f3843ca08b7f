import { test, expect } from '@playwright/test';
// Look at the records UI on a phone: reuse the records spec flow quickly by API.
test('shots', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await page.getByLabel('Email').fill('pilot@example.com');
  await page.getByLabel('Password').fill('DemoPilot!2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('tab', { name: 'My Aircraft' }).click();
  await page.getByRole('button', { name: /Due list/ }).first().click();
  await page.getByRole('button', { name: 'Logbook' }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/logbook-390.png' });
});
