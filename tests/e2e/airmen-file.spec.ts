import { expect, test } from '@playwright/test';
import { airmenCsv } from '../helpers/airmen-file.ts';
import { demoAdminPassword } from '../helpers/e2e-admin.ts';

// The administrator imports the FAA airmen file (the two CSVs in the FAA's layout) from the
// console's Mechanics panel: progress, then the summary of the last import.

test('an administrator uploads the FAA airmen file and reads the summary of the import', async ({ page }) => {
  test.setTimeout(120_000);
  const files = airmenCsv(2_000);
  await page.goto('/admin');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill(demoAdminPassword());
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('tab', { name: 'Mechanics' }).click();
  const section = page.getByRole('region', { name: 'FAA airmen file' });
  await expect(section).toBeVisible();
  await section.getByLabel('NONPILOT_BASIC.csv').setInputFiles({ name: 'NONPILOT_BASIC.csv', mimeType: 'text/csv', buffer: Buffer.from(files.basic) });
  await section.getByLabel('NONPILOT_CERT.csv').setInputFiles({ name: 'NONPILOT_CERT.csv', mimeType: 'text/csv', buffer: Buffer.from(files.cert) });
  await section.getByRole('button', { name: 'Upload and import' }).click();
  await expect(section.getByRole('status')).toContainText(/Imported [\d,]+ rows of \w+ \d{4}; [\d,]+ mechanics matched\./, { timeout: 60_000 });
  await expect(section.getByText(/Last import: .* rows/)).toBeVisible();
});
