import { expect, test } from '@playwright/test';
import { e2eMechanic, e2eSignIn } from '../helpers/e2e-accounts.ts';

// "Available for AOG calls" on the mechanic's Profile: ticked, it is saved at once, the card says
// a phone is needed for the texts, and the AOG calls tab (the same read, not loaded again) says
// what the setting now does, without a reload; a reload shows it kept.

test('a mechanic turns on AOG calls and the AOG tab says so at once', async ({ browser }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const mechanic = await e2eMechanic(
    browser,
    { firstName: 'Ada', lastName: `Onground${stamp.slice(-4)}`, email: `aog.avail.${stamp}@example.com` },
    'KRNO',
    { width: 1366, height: 900 },
  );
  const page = mechanic.page;
  await e2eSignIn(mechanic);
  await page.getByRole('tab', { name: 'Profile' }).click();
  const box = page.getByRole('checkbox', { name: 'Available for AOG calls' });
  await expect(box).toBeEnabled();
  await expect(box).not.toBeChecked();

  await page.getByRole('tab', { name: 'AOG calls' }).click();
  await expect(page.getByText(/Turn on “Available for AOG calls” in your Profile/)).toBeVisible();

  await page.getByRole('tab', { name: 'Profile' }).click();
  await box.check();
  await expect(page.getByText('Add a phone number to your account to get the texts.')).toBeVisible();

  await page.getByRole('tab', { name: 'AOG calls' }).click();
  await expect(page.getByText(/You are available for AOG calls: a new one reaches you at once/)).toBeVisible();
  await expect(page.getByText(/Turn on “Available for AOG calls”/)).toBeHidden();

  await page.reload();
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByRole('checkbox', { name: 'Available for AOG calls' })).toBeChecked();
});
