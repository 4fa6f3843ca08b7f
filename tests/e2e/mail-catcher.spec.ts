import { expect, test } from '@playwright/test';
import { signInToConsole } from '../helpers/e2e-admin.ts';

// With no email provider configured, `npm start` delivers email to its local mail catcher; the
// Outbox tab says so and links it. A popup claim's email (with its code) can be read there.

const SERVER = { timeout: 25_000 };

test('the popup claim email can be read in the local mail catcher', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const visitor = await browser.newContext({ ...(baseURL ? { baseURL } : {}) });
  const home = await visitor.newPage();
  await home.goto('/');
  const dialog = home.getByRole('dialog', { name: 'Save 25% on Your Next Aircraft Service' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  const email = `catcher-${Date.now().toString(36)}@example.com`;
  await dialog.getByLabel('First Name *').fill('Bessie');
  await dialog.getByLabel('Email Address *').fill(email);
  await dialog.getByRole('button', { name: /Claim My 25% Discount/ }).click();
  const code = (await dialog.locator('[data-discount-code]').textContent({ timeout: SERVER.timeout }))!.trim();
  expect(code).toMatch(/^SKY25-/);
  await visitor.close();

  await signInToConsole(page);
  await page.getByRole('tab', { name: 'Outbox' }).click();
  const notice = page.locator('[data-delivery-notice]');
  await expect(notice).toContainText('emails go to the local mail catcher', SERVER);
  await expect(notice).toContainText('Text messages cannot be sent: no Twilio key is configured');
  const catcher = (await notice.getByRole('link').getAttribute('href'))!;
  await page.getByRole('button', { name: 'Deliver now' }).click();
  await expect(page.getByText(/^Delivery run: /)).toBeVisible(SERVER);

  const found = async () => {
    const messages = (await (await page.request.get(`${catcher}/messages.json`)).json()) as {
      to: string[];
      subject: string;
      text: string;
    }[];
    // The offer may be worded by the admin's welcome template (the demo data has one): it still
    // carries the code the popup showed.
    return messages.find((m) => m.to.includes(email) && m.text.includes(code));
  };
  await expect.poll(found, SERVER).toBeTruthy();
  const message = (await found())!;
  expect(message.text).toContain(`Your discount code: ${code}`);
  expect(message.text).toContain('labor');
  // The inbox page lists it for a person too.
  await page.goto(catcher);
  await expect(page.getByText(`Your discount code: ${code}`)).toBeVisible();
});
