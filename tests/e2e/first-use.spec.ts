import { expect, test } from '@playwright/test';
import { openSignedIn, type ApiSession } from '../helpers/e2e-session.ts';

// Small things a first user meets: required fields marked on sign-up, and closing a dialog with
// Escape leaves focus where it was, not at the top of the page. The account of the second is made
// by the API and opened signed in as the sign-in form leaves a browser (the form: tests/e2e/auth.spec.ts).

test('sign-up marks the required fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByText('Fields marked * are required.')).toBeVisible();
  for (const label of ['First Name', 'Last Name', 'Email', 'Password']) {
    // The mark is for the eye; the accessible name stays the label, and the control says "required".
    const input = page.getByLabel(label, { exact: true });
    await expect(input).toHaveAttribute('required', '');
    await expect(page.locator(`label[for="${await input.getAttribute('id')}"] + [aria-hidden="true"]`)).toHaveText('*');
  }
  await expect(page.locator('label[for="signup-phone"] + [aria-hidden="true"]')).toHaveCount(0);
});

test('Escape on Add Aircraft gives focus back to the button that opened it', async ({ page }) => {
  const email = `pilot.focus.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  const res = await page.request.post('/api/auth/register', {
    data: { role: 'pilot', firstName: 'Ines', lastName: 'Focus', email, password: 'Checklist-Complete-1' },
  });
  expect(res.status()).toBe(201);
  await openSignedIn(page, (await res.json()) as ApiSession);
  const add = page.getByRole('button', { name: 'Add Aircraft' }).first();
  await add.click();
  await expect(page.getByRole('dialog', { name: 'Add New Aircraft' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(add).toBeFocused();
});
