import { expect as baseExpect, test, type Page } from '@playwright/test';
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { openSignedIn, type ApiSession } from '../helpers/e2e-session.ts';

// The documents vault through the pilot's dashboard: a 10 MB PDF goes up in chunks with a progress
// bar, is listed, downloads byte for byte, and is deleted after a confirmation. The only shortcut
// is creating the account by the API.

// Each function call is a fresh worker in the local emulator: on a busy machine a step takes seconds.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const MB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A PDF-looking file of exactly `size` bytes: the magic the server sniffs, a random body. */
function pdf(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  bytes.write('\n%%EOF\n', size - 7, 'latin1');
  return bytes;
}

async function signedInPilot(page: Page) {
  const email = `docs.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'Logbook-Entry-2026';
  const res = await page.request.post('/api/auth/register', {
    data: { role: 'pilot', firstName: 'Bessie', lastName: 'Coleman', email, password, location: 'KSQL' },
  });
  expect(res.status()).toBe(201);
  // Signed in as the form leaves a browser (the form itself: tests/e2e/auth.spec.ts).
  await openSignedIn(page, (await res.json()) as ApiSession);
  await expect(page.getByRole('tab', { name: /^Documents/ })).toBeVisible({ timeout: 90_000 });
}

test('a pilot uploads a 10 MB PDF with a progress bar, sees it listed, downloads it and deletes it', async ({
  page,
}) => {
  await signedInPilot(page);
  await page.getByRole('tab', { name: /^Documents/ }).click();
  await expect(page.getByText('No documents yet')).toBeVisible();

  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await expect(dialog.getByText('PDF, JPG, PNG or TXT, up to 10MB')).toBeVisible();
  await expect(dialog.getByLabel('Document Type')).toHaveValue('other');

  // Without a file: the spec's message, and nothing is sent.
  await dialog.getByLabel(/^Title/).fill('Annual inspection 2026');
  await dialog.getByRole('button', { name: 'Upload Document' }).click();
  await expect(page.getByText('Please select a file to upload').first()).toBeVisible();

  // A text file named .pdf is refused before it is sent.
  await dialog
    .getByLabel(/^File/)
    .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
  await expect(dialog.getByText(/does not match its \.pdf name/)).toBeVisible();

  const file = pdf(10 * MB);
  await dialog
    .getByLabel(/^File/)
    .setInputFiles({ name: 'annual-2026.pdf', mimeType: 'application/pdf', buffer: file });
  await expect(dialog.getByText(/does not match/)).toHaveCount(0);
  await dialog.getByLabel('Document Type').selectOption('inspection_report');
  await dialog.getByLabel('Description').fill('Signed off by the IA, no squawks.');
  await dialog.getByRole('button', { name: 'Upload Document' }).click();

  const bar = dialog.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(page.getByText('Document uploaded successfully!')).toBeVisible({ timeout: 120_000 });
  await expect(dialog).toBeHidden();

  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Annual inspection 2026' }) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Inspection Report');
  await expect(item).toContainText('10.0 MB');
  await expect(item).toContainText('annual-2026.pdf');
  await expect(item).toContainText(
    `Uploaded ${new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })}`,
  );

  // Filters: by type (none match) and back.
  await page.getByLabel('Type', { exact: true }).selectOption('invoice');
  await expect(page.getByText('No documents match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Show all documents' }).click();
  await expect(item).toBeVisible();

  const downloading = page.waitForEvent('download');
  await item.getByRole('button', { name: /^Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('annual-2026.pdf');
  const saved = await readFile((await download.path())!);
  expect(saved.byteLength).toBe(10 * MB);
  expect(sha256(saved)).toBe(sha256(file));

  await item.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this document?' });
  await expect(confirm).toContainText('Annual inspection 2026');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Document deleted')).toBeVisible();
  await expect(page.getByText('No documents yet')).toBeVisible();
});
