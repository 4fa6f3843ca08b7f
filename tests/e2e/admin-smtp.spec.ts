import { expect as baseExpect, test } from '@playwright/test';
import { signInToConsole } from '../helpers/e2e-admin.ts';
import { startFakeSmtp, type FakeSmtp } from '../helpers/fake-smtp.ts';

// An administrator configures an SMTP mailbox in System Config -> API Keys and tests it against a
// real (local) SMTP server that requires a login.

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

const USER = 'mailer@skyward.test';
const PASS = `Smtp-${Date.now().toString(36)}`;

let smtp: FakeSmtp;
test.beforeAll(async () => {
  smtp = await startFakeSmtp({ user: USER, pass: PASS });
});
test.afterAll(async () => {
  await smtp.close();
});

test('adds an SMTP key with its own fields and tests it', async ({ page }) => {
  const keyName = `E2E SMTP ${Date.now().toString(36)}`;
  await signInToConsole(page);
  await page.getByRole('button', { name: 'System Config' }).click();
  await page.getByRole('button', { name: 'Add API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New API Key' });
  await dialog.getByLabel('Integration Type').selectOption('smtp');

  // SMTP's own fields replace the JSON box; the key and secret read as username and password.
  await expect(dialog.getByLabel('SMTP Host *')).toBeVisible();
  await expect(dialog.getByLabel('Additional Config (JSON)')).toHaveCount(0);
  await expect(dialog.getByLabel('TLS Mode *')).toHaveValue('starttls');
  await expect(dialog.getByLabel('Port *')).toHaveValue('587');
  await dialog.getByLabel('TLS Mode *').selectOption('tls');
  await expect(dialog.getByLabel('Port *')).toHaveValue('465');
  // A port the administrator typed is kept when the mode changes.
  await dialog.getByLabel('Port *').fill('2525');
  await dialog.getByLabel('TLS Mode *').selectOption('starttls');
  await expect(dialog.getByLabel('Port *')).toHaveValue('2525');

  await dialog.getByLabel('Key Name *').fill(keyName);
  await dialog.getByLabel('Username *').fill(USER);
  await dialog.getByRole('button', { name: 'Add API Key' }).click();
  // The dialog checks what the function checks, field by field.
  await expect(dialog.getByText('SMTP host is required')).toBeVisible();
  await expect(dialog.getByText('Password is required for SMTP')).toBeVisible();
  await expect(dialog.getByText('From email is required')).toBeVisible();

  await dialog.getByLabel('SMTP Host *').fill('127.0.0.1');
  await dialog.getByLabel('TLS Mode *').selectOption('none');
  await dialog.getByLabel('Port *').fill(String(smtp.port));
  await dialog.getByLabel('From Email *').fill('no-reply@skyward.test');
  await dialog.getByLabel('From Name').fill('Skyward Mobile Aviation');
  await dialog.getByLabel('Password *').fill(PASS);
  await dialog.getByLabel('Make this the primary key for the integration').check();
  await dialog.getByRole('button', { name: 'Add API Key' }).click();
  await expect(page.getByText('API key added successfully', { exact: true })).toBeVisible();

  const row = page.getByTestId('api-key-row').filter({ hasText: keyName });
  await expect(row).toContainText('Primary');
  await expect(page.getByText(PASS)).toHaveCount(0);
  await row.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByText('SMTP (email) integration test passed', { exact: true })).toBeVisible();
  await expect(row).toContainText('Last test passed');

  // Leave the shared e2e database as it was: email for the other specs does not go to this server.
  await row.getByRole('button', { name: 'Deactivate' }).click();
  // It asks first, naming the key, then reports.
  const confirmDeactivate = page.getByRole('alertdialog', { name: /^Deactivate “.+”\?$/ });
  await confirmDeactivate.getByRole('button', { name: 'Deactivate key' }).click();
  await expect(page.getByText('API key deactivated', { exact: true })).toBeVisible();
  await expect(row).toContainText('Inactive');
});
