import { expect as baseExpect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { signInToConsole } from '../helpers/e2e-admin.ts';
import { FAKE_CREDENTIALS, startFakeProviders, type FakeProviders } from '../helpers/fake-providers.ts';
import { STRIPE_KEY_MESSAGES } from '../../src/contract/admin-api-keys.ts';

// The admin console: system configuration against a fake Stripe, and the marketing tools.

/** playwright.config.ts points STRIPE_API_BASE of the e2e server at this port. */
const FAKE_PROVIDER_PORT = Number(process.env['E2E_FAKE_PROVIDER_PORT'] ?? 4388);

// A busy machine makes each function call a fresh worker of up to seconds: generous waits.
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 360_000 });

test.describe('System Configuration', () => {
  let fake: FakeProviders;
  test.beforeAll(async () => {
    fake = await startFakeProviders({ port: FAKE_PROVIDER_PORT });
  });
  test.afterAll(async () => {
    await fake.close();
  });

  test('adds a Stripe key, tests it against the provider, deactivates it, and edits a setting', async ({
    page,
  }, testInfo) => {
    // A name of this attempt's own: a retry must not meet the key an earlier attempt added.
    const keyName = `E2E Stripe ${testInfo.retry}-${Date.now().toString(36)}`;
    await signInToConsole(page);
    await page.getByRole('button', { name: 'System Config' }).click();
    await expect(page.getByRole('heading', { name: 'System Configuration' })).toBeVisible();
    for (const tab of ['API Keys', 'Settings', 'Referrals', 'Email', 'Analytics', 'A/B Tests']) {
      await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
    }

    // Add New API Key: submit stays disabled until an integration is chosen.
    await page.getByRole('button', { name: 'Add API Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New API Key' });
    const submit = dialog.getByRole('button', { name: 'Add API Key' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Integration Type').selectOption('stripe');
    await expect(submit).toBeEnabled();
    await dialog.getByLabel('Key Name').fill(keyName);
    // A publishable key is refused in the dialog, by the schema the function uses, naming the part.
    await dialog.getByLabel('API Key *').fill('pk_test_51Publishable0123456789');
    await submit.click();
    await expect(dialog.getByText(STRIPE_KEY_MESSAGES.notSecretKey)).toBeVisible();
    await expect(dialog.getByText(STRIPE_KEY_MESSAGES.webhookSecretRequired)).toBeVisible();
    await dialog.getByLabel('API Key *').fill(FAKE_CREDENTIALS.stripe.key);
    await dialog.getByLabel('API Secret *').fill('whsec_e2eSigningSecret');
    await dialog.getByLabel('Make this the primary key for the integration').check();
    await submit.click();
    await expect(page.getByText('API key added successfully', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // Listed masked, never in full.
    const row = page.getByTestId('api-key-row').filter({ hasText: keyName });
    await expect(row).toContainText('sk_t••••••••ghij');
    await expect(row).toContainText('Primary');
    await expect(page.getByText(FAKE_CREDENTIALS.stripe.key)).toHaveCount(0);

    // Test: the server calls the (fake) Stripe balance endpoint with the decrypted key.
    await row.getByRole('button', { name: 'Test' }).click();
    await expect(page.getByText('Stripe integration test passed', { exact: true })).toBeVisible();
    const call = fake.requests.findLast((r) => r.provider === 'stripe');
    expect(call?.path).toBe('/v1/balance');
    expect(call?.headers.authorization).toBe(`Bearer ${FAKE_CREDENTIALS.stripe.key}`);
    await expect(row).toContainText('Last test passed');

    // Deactivate: the key becomes inactive and offers Activate.
    await row.getByRole('button', { name: 'Deactivate' }).click();
    // It asks first, naming the key, then reports.
    const confirmDeactivate = page.getByRole('alertdialog', { name: /^Deactivate “.+”\?$/ });
    await confirmDeactivate.getByRole('button', { name: 'Deactivate key' }).click();
    await expect(page.getByText('API key deactivated', { exact: true })).toBeVisible();
    await expect(row).toContainText('Inactive');
    await expect(row.getByRole('button', { name: 'Activate' })).toBeVisible();

    // Settings: a money setting has its own control with its unit and bounds; out of bounds is
    // refused before and by the server, a whole percent saves.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const setting = page.locator('[data-testid="catalog-setting"][data-key="deposit_percent"]');
    const value = setting.getByLabel('Deposit for parts (percent)');
    await expect(setting).toContainText('A whole number from 0 to 100 percent');
    await value.fill('150');
    await setting.getByRole('button', { name: 'Save deposit for parts' }).click();
    await expect(setting.getByText('Deposit for parts must be between 0 and 100 percent')).toBeVisible();
    await value.fill('25');
    await setting.getByRole('button', { name: 'Save deposit for parts' }).click();
    await expect(page.getByText('Deposit for parts saved', { exact: true })).toBeVisible();
    await expect(value).toHaveValue('25');

    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(page.getByRole('tab', { name: 'Quote Requests' })).toBeVisible();
  });
});

test.describe('Marketing', () => {
  test('searches in test mode, selects two leads, exports them as CSV and tags them', async ({ page }) => {
    await signInToConsole(page);
    await page.getByRole('tab', { name: 'Marketing' }).click();
    await expect(page.getByRole('heading', { name: 'Find New Leads' })).toBeVisible();

    // No keyword: the search cannot run.
    const searchButton = page.getByRole('button', { name: 'Search Leads' });
    await expect(searchButton).toBeDisabled();
    await page.getByRole('button', { name: 'chief pilot', exact: true }).click();
    await page.getByLabel('Custom Keyword').fill('aerial survey pilot');
    await page.getByRole('button', { name: 'Add keyword' }).click();
    await page.getByLabel('California').check();
    await page.getByLabel(/Test mode/).check();
    await searchButton.click();
    await expect(page.getByText('Search Complete!', { exact: true })).toBeVisible();
    const results = page.getByTestId('search-result');
    await expect(results).toHaveCount(5);
    await expect(results.first()).toContainText('(Sample)');
    await expect(results.first()).toContainText('CA');

    // Campaigns without a selection.
    await page.getByRole('tab', { name: 'Campaigns' }).click();
    await page.getByRole('button', { name: 'Generate Drafts' }).click();
    await expect(page.getByText('No leads selected', { exact: true })).toBeVisible();
    await expect(page.getByText('Please select leads from the Leads tab first')).toBeVisible();
    await expect(page.getByRole('button', { name: /Schedule/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: /Schedule/ })).toContainText('Coming Soon');

    // Manage Leads: select two of the saved leads.
    await page.getByRole('tab', { name: /Manage Leads/ }).click();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await page.getByLabel('Select Carla Mendes').check();
    await page.getByLabel('Select Owen Hart').check();
    await expect(page.getByText('2 selected')).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'First Name,Last Name,Full Name,Title,Company,Email,Phone,City,State,LinkedIn URL,Lead Type,Lead Score,Status,Tags',
    );
    expect(lines).toHaveLength(4); // header, two leads, and the final CRLF
    expect(csv).toContain('Carla,Mendes,Carla Mendes,Chief Pilot,Sierra Charter Group,carla.mendes@example.com');
    expect(csv).toContain('Owen,Hart,Owen Hart,Aircraft Owner,,owen.hart@example.com');

    // Add Tags to both.
    await page.getByRole('button', { name: 'Add Tags' }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Add Tags' });
    await tagDialog.getByLabel('Tags').fill('e2e-hot, west');
    await tagDialog.getByRole('button', { name: 'Add Tags' }).click();
    await expect(page.getByText('Tags added', { exact: true })).toBeVisible();
    for (const name of ['Carla Mendes', 'Owen Hart']) {
      const lead = page.getByTestId('lead-row').filter({ hasText: name });
      await expect(lead).toContainText('e2e-hot');
      await expect(lead).toContainText('west');
    }

    // Campaign drafts for the two selected leads.
    await page.getByRole('tab', { name: 'Campaigns' }).click();
    await page.getByRole('button', { name: 'Generate Drafts' }).click();
    await expect(page.getByTestId('email-draft')).toHaveCount(2);
    await expect(page.getByTestId('email-draft').first()).toContainText('Subject:');

    // Analytics shows the figures and the charts.
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByText('Total Leads')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top States' })).toBeVisible();
  });
});
