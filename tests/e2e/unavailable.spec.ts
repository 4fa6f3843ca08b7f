import { expect, test, type Page } from '@playwright/test';
import { POPUP_STORAGE } from '../../src/contract/popup.ts';
import { QUOTE_SUCCESS_MESSAGE } from '../../src/contract/quote-fields.ts';

// What a visitor sees while the API answers 503 (its database briefly down): nothing typed is
// lost, and "Try again" sends the same answers once the service is back.

const SERVER = { timeout: 25_000 };
const UNAVAILABLE = {
  status: 503,
  contentType: 'application/json',
  headers: { 'Retry-After': '5' },
  body: JSON.stringify({
    detail:
      'The service is briefly unavailable. Please try again in a moment. Reference: 00000000-0000-4000-8000-000000000000',
  }),
};

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillQuoteForm(page: Page) {
  const values = { first: unique('Amelia'), email: `${unique('amelia')}@example.com` };
  await page.getByLabel('First Name *').fill(values.first);
  await page.getByLabel('Last Name *').fill('Earhart');
  await page.getByLabel('Your Email Address *').fill(values.email);
  await page.getByLabel('Your Phone Number *').fill('(415) 555-0199');
  await page.getByLabel('Aircraft Make *').fill('Cessna');
  await page.getByLabel('Aircraft Model *').fill('182 Skylane');
  await page.getByLabel('Aircraft Type *').selectOption({ label: 'Single Engine Piston' });
  await page.getByLabel('Service Type *').selectOption({ label: 'Annual Inspection' });
  await page.getByLabel('Preferred Timeframe *').selectOption({ label: 'Within 2 Weeks' });
  await page.getByLabel('Message *').fill('Annual due next month.');
  return values;
}

test('quote form on a 503: keeps every answer and sends them again with "Try again"', async ({ page }) => {
  await page.addInitScript((key) => sessionStorage.setItem(key, 'true'), POPUP_STORAGE.shown);
  await page.goto('/');
  await page.locator('#quote').scrollIntoViewIfNeeded();
  const values = await fillQuoteForm(page);

  let refused = 0;
  await page.route('**/api/quotes', (route) => {
    refused += 1;
    return route.fulfill(UNAVAILABLE);
  });
  await page.getByRole('button', { name: 'Send Message & Get Quote' }).click();
  await expect(page.getByText('We could not take your request just now.')).toBeVisible();
  await expect(
    page.getByText('The service is briefly unavailable. What you entered is still here: try again in a moment.'),
  ).toBeVisible();
  expect(refused).toBe(1);
  await expect(page.getByLabel('First Name *')).toHaveValue(values.first);
  await expect(page.getByLabel('Your Email Address *')).toHaveValue(values.email);
  await expect(page.getByLabel('Service Type *')).toHaveValue('annual');
  await expect(page.getByLabel('Message *')).toHaveValue('Annual due next month.');
  await expect(page.getByLabel('Aircraft Type *')).not.toHaveAttribute('aria-invalid', 'true');

  // The service is back: the same answers go through from the toast's button.
  await page.unroute('**/api/quotes');
  const sent = page.waitForRequest('**/api/quotes');
  await page.getByRole('button', { name: 'Try again' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ firstName: values.first, returnEmail: values.email, serviceType: 'annual' });
  await expect(page.locator('[data-quote-confirmation]').getByText(QUOTE_SUCCESS_MESSAGE)).toBeVisible(SERVER);
  await expect(page.getByLabel('First Name *')).toHaveValue('');
});

test('lead popup on a 503: keeps what was typed and offers "Try again" inside the dialog', async ({ page }) => {
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Save 25% on Your Next Aircraft Service' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  const email = `${unique('bessie')}@example.com`;
  await dialog.getByLabel('First Name *').fill('Bessie');
  await dialog.getByLabel('Email Address *').fill(email);
  await page.route('**/api/leads', (route) => route.fulfill(UNAVAILABLE));
  await dialog.getByRole('button', { name: /Claim My 25% Discount/ }).click();
  // Said inside the dialog: its overlay would cover a toast's button.
  await expect(dialog.getByRole('alert')).toContainText(
    'The service is briefly unavailable. What you entered is still here',
  );
  await expect(dialog.getByLabel('First Name *')).toHaveValue('Bessie');
  await expect(dialog.getByLabel('Email Address *')).toHaveValue(email);

  await page.unroute('**/api/leads');
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.locator('[data-discount-code]')).toHaveText(/^SKY25-/, SERVER);
  await expect(dialog).toContainText(`We sent it to ${email}.`);
});
