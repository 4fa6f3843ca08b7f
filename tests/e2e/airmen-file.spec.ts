import { expect, test, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { AIRMEN_CHUNK_BYTES } from '../../src/contract/airmen-file.ts';
import { airmenCsv, type FaaPerson } from '../helpers/airmen-file.ts';
import { signInToConsole } from '../helpers/e2e-admin.ts';

// The administrator imports the FAA airmen file (the two CSVs in the FAA's layout, or the ZIP they
// come in) from the console's Mechanics panel: progress, then the summary of the last import.
// Each upload replaces an unfinished one, so the tests of this file run one after the other.
test.describe.configure({ mode: 'default' });

async function openSection(page: Page) {
  await signInToConsole(page);
  await page.getByRole('tab', { name: 'Mechanics' }).click();
  const section = page.getByRole('region', { name: 'FAA airmen file' });
  await expect(section).toBeVisible();
  return section;
}

test(
  'an administrator uploads the FAA airmen file and reads the summary of the import',
  { tag: '@global-setting' },
  async ({ page }) => {
    test.setTimeout(120_000);
    const files = airmenCsv(2_000);
    const section = await openSection(page);
    await section
      .getByLabel('NONPILOT_BASIC.csv')
      .setInputFiles({ name: 'NONPILOT_BASIC.csv', mimeType: 'text/csv', buffer: Buffer.from(files.basic) });
    await section
      .getByLabel('NONPILOT_CERT.csv')
      .setInputFiles({ name: 'NONPILOT_CERT.csv', mimeType: 'text/csv', buffer: Buffer.from(files.cert) });
    await section.getByRole('button', { name: 'Upload and import' }).click();
    await expect(section.getByRole('status')).toContainText(
      /Imported [\d,]+ rows of \w+ \d{4}; [\d,]+ mechanics matched\./,
      { timeout: 60_000 },
    );
    await expect(section.getByText(/Last import: .* rows/)).toBeVisible();
  },
);

test(
  'an administrator uploads the FAA ZIP as downloaded: the browser unzips it in chunks and the import ends as with the CSVs',
  { tag: '@global-setting' },
  async ({ page }) => {
    test.setTimeout(180_000);
    // The demo mechanic (Manny Mechanic, based at KSJC) is in this file; 60,000 generated people make
    // NONPILOT_BASIC.csv larger than one 4 MiB chunk, so it is inflated and sent in several chunks.
    const manny: FaaPerson = {
      uniqueId: 'A0000015',
      firstName: 'MANNY J',
      lastName: 'MECHANIC',
      city: 'SAN JOSE',
      state: 'CA',
    };
    const files = airmenCsv(60_000, { people: [manny], certs: [{ ...manny, type: 'M', ratings: ['M/A', 'M/P'] }] });
    expect(files.basic.length).toBeGreaterThan(AIRMEN_CHUNK_BYTES);
    // What the CSV path counts for these files: data rows of both, and people holding a mechanic certificate.
    const mechanics = new Set(
      files.cert
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(','))
        .filter((f) => f[3] === 'M')
        .map((f) => f[0]),
    ).size;
    const pilots = airmenCsv(500, {}, 7);
    const enc = new TextEncoder();
    const zip = zipSync(
      {
        'Releasable Airmen': {
          'PILOT_BASIC.csv': enc.encode(pilots.basic),
          'PILOT_CERT.csv': enc.encode(pilots.cert),
          'NONPILOT_BASIC.csv': enc.encode(files.basic),
          'NONPILOT_CERT.csv': enc.encode(files.cert),
        },
      },
      { mtime: new Date(2026, 9, 15, 12) },
    );

    const section = await openSection(page);
    const chunks: string[] = [];
    page.on('request', (r) => {
      const m = /\/api\/admin\/airmen-file\/[^/]+\/(basic|cert)\/chunks\/(\d+)$/.exec(r.url());
      if (r.method() === 'PUT' && m) chunks.push(`${m[1]} ${m[2]}`);
    });
    await section
      .getByLabel('FAA ZIP download')
      .setInputFiles({ name: 'CS102026.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    await expect(
      section.getByText(
        /^In the ZIP: NONPILOT_BASIC\.csv \([\d.]+ MB\) and NONPILOT_CERT\.csv \([\d.]+ MB\), dated Oct 15, 2026/,
      ),
    ).toBeVisible();
    // The month comes from the date of the files in the ZIP; the admin may still change it.
    await expect(section.getByLabel('Month of the file')).toHaveValue('2026-10');
    await expect(
      section.getByText('October 2026, from the date of the files in the ZIP (Oct 15, 2026)', { exact: false }),
    ).toBeVisible();
    await section.getByRole('button', { name: 'Upload and import' }).click();
    await expect(section.getByRole('progressbar', { name: 'Import of the FAA airmen file' })).toBeVisible();
    const rows = (files.basicRows + files.certRows).toLocaleString('en-US');
    await expect(section.getByRole('status')).toContainText(
      new RegExp(`Imported ${rows} rows of October 2026; [\\d,]+ mechanics matched\\.`),
      { timeout: 120_000 },
    );
    // Sent as the chunked upload: each file inflated into the job's chunks, in order, basic first.
    const expected = (['basic', 'cert'] as const).flatMap((kind) =>
      Array.from({ length: Math.ceil(enc.encode(files[kind]).length / AIRMEN_CHUNK_BYTES) }, (_, i) => `${kind} ${i}`),
    );
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(chunks).toEqual(expected);
    await expect(
      section.getByText(
        `Last import: October 2026 · ${rows} rows · ${mechanics.toLocaleString('en-US')} mechanic records`,
      ),
    ).toBeVisible();

    // The verdict as the CSV path gives it: the demo mechanic is found, with the file's month.
    await page.getByLabel('Show').selectOption('approved');
    const demo = page
      .getByRole('list', { name: 'Mechanics' })
      .getByRole('listitem')
      .filter({ hasText: 'mechanic@example.com' });
    await expect(demo).toContainText('Found in the FAA airmen file of October 2026: Mechanic, Airframe and Powerplant');
  },
);

test('the console says what is wrong with a ZIP that lacks a file, and with a file that is not a ZIP', async ({
  page,
}) => {
  const files = airmenCsv(20);
  const enc = new TextEncoder();
  const zip = zipSync({ 'PILOT_BASIC.csv': enc.encode(files.basic), 'NONPILOT_BASIC.csv': enc.encode(files.basic) });
  const section = await openSection(page);
  const input = section.getByLabel('FAA ZIP download');
  await input.setInputFiles({ name: 'CS102026.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await expect(section.getByRole('alert')).toHaveText(
    'The ZIP does not hold NONPILOT_CERT.csv; it holds PILOT_BASIC.csv, NONPILOT_BASIC.csv',
  );
  await input.setInputFiles({ name: 'airmen.zip', mimeType: 'application/zip', buffer: Buffer.from(files.basic) });
  await expect(section.getByRole('alert')).toContainText('This file is not a ZIP archive');
  await section.getByRole('button', { name: 'Upload and import' }).click();
  await expect(section.getByRole('alert')).toContainText('This file is not a ZIP archive');
});

test(
  'a chunk is sent again when the server was briefly unavailable, and an answer lost after the import finished still ends in the summary',
  { tag: '@global-setting' },
  async ({ page }) => {
    test.setTimeout(120_000);
    const files = airmenCsv(300, {}, 41);
    const enc = new TextEncoder();
    const zip = zipSync(
      { 'NONPILOT_BASIC.csv': enc.encode(files.basic), 'NONPILOT_CERT.csv': enc.encode(files.cert) },
      { mtime: new Date(2026, 8, 10, 12) },
    );
    const section = await openSection(page);
    const sent: string[] = [];
    const failed = new Set<string>();
    await page.route(/\/api\/admin\/airmen-file\/[^/]+\/(basic|cert)\/chunks\/\d+$/, async (route) => {
      const name = /(basic|cert)\/chunks\/(\d+)$/.exec(route.request().url())!.slice(1).join(' ');
      sent.push(name);
      if (failed.has(name)) return route.continue();
      failed.add(name);
      // The first chunk never reaches the server; the last one does (the import finishes) but its answer is lost.
      if (name === 'basic 0')
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ detail: 'The database is unavailable' }),
        });
      await route.fetch();
      return route.fulfill({ status: 504, contentType: 'text/plain', body: 'Gateway Timeout' });
    });
    await section
      .getByLabel('FAA ZIP download')
      .setInputFiles({ name: 'CS092026.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    await expect(section.getByLabel('Month of the file')).toHaveValue('2026-09');
    await section.getByRole('button', { name: 'Upload and import' }).click();
    const rows = (files.basicRows + files.certRows).toLocaleString('en-US');
    await expect(section.getByRole('status')).toContainText(
      new RegExp(`Imported ${rows} rows of September 2026; [\\d,]+ mechanics matched\\.`),
      { timeout: 60_000 },
    );
    expect(sent).toEqual(['basic 0', 'basic 0', 'cert 0', 'cert 0']);
    await expect(section.getByRole('alert')).toHaveCount(0);
  },
);
