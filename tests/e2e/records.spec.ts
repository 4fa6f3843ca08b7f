import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { uniqueCertificateNumber, vettedMechanicWithProfile } from '../helpers/e2e-admin.ts';
import { readFileSync } from 'node:fs';
import { openSignedInOn, type ApiSession, type DashboardSection } from '../helpers/e2e-session.ts';
import { aircraftWithDueItems, jobReadyToSign } from '../helpers/e2e-jobs.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// From "Complete Job" to the signed logbook entry as a PDF in the owner's Documents: the mechanic
// reviews the drafted entry, enters the total time, signs; the owner downloads the PDF and finds
// the entry in the aircraft's logbook. The job up to "in progress" is made by the API.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const TAIL = tailNumber(stamp, 'K');
const password = 'Checklist-Complete-1';
// One verified certificate number per account (docs/decisions/0350).
const CERTIFICATE = uniqueCertificateNumber();

async function account(browser: Browser, role: 'pilot' | 'mechanic') {
  const email = `${role}.records.${stamp}@example.com`;
  const page = await (await browser.newContext()).newPage();
  const res = await page.request.post('/api/auth/register', {
    data: {
      role,
      firstName: role === 'pilot' ? 'Lena' : 'Cole',
      lastName: `Logbook${stamp.slice(-4)}`,
      email,
      password,
      location: 'Butte, MT',
      ...(role === 'mechanic'
        ? { certificationNumber: '5678901', yearsExperience: 20, serviceRadius: 10, hourlyRate: 100 }
        : {}),
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { page, email, headers: { authorization: `Bearer ${body.access_token}` }, id: body.user.id, session: body };
}

/**
 * Signed in as the form leaves a browser (the form itself: tests/e2e/auth.spec.ts), on the section
 * the walk starts from.
 */
async function signIn(who: { page: Page; session: ApiSession }, section: DashboardSection) {
  await openSignedInOn(who.page, who.session, section);
}

test("complete, review, sign: the logbook entry is a PDF in the owner's Documents and in the aircraft's logbook", async ({
  browser,
}) => {
  const pilot = await account(browser, 'pilot');
  const mechanic = await account(browser, 'mechanic');
  const api = pilot.page.request;
  await vettedMechanicWithProfile(api, mechanic, {
    apNumber: `A&P ${CERTIFICATE}`,
    iaAuthorization: true,
    hourlyRate: '100',
    serviceRadius: '10',
    baseLocation: 'KBTM',
  });
  const { aircraftId, itemIds } = await aircraftWithDueItems(api, pilot, {
    aircraft: {
      tailNumber: TAIL,
      make: 'Piper',
      model: 'PA-28-181',
      year: 1998,
      homeAirport: 'KBTM',
      usage: 'for_hire',
    },
    hours: 1004,
    items: [{ kind: '100_hour', lastDoneHours: 900 }],
  });
  const request = await (
    await api.post(`/api/aircraft/${aircraftId}/maintenance/request`, { headers: pilot.headers, data: { itemIds } })
  ).json();
  const day = new Date().toISOString().slice(0, 10);
  await jobReadyToSign(api, {
    requestId: request.id,
    pilot,
    mechanic,
    bid: { laborCost: '800', estimatedHours: '8', availableStartDate: day, estimatedCompletionDate: day },
  });

  // --- The mechanic completes the job, reviews the drafted entry and signs it.
  await signIn(mechanic, 'appointments');
  const m = mechanic.page;
  const job = m.getByRole('listitem').filter({ hasText: TAIL });
  await job.getByRole('button', { name: 'Complete Job' }).click();
  const done = m.getByRole('alertdialog', { name: 'Mark this job completed?' });
  await done.getByLabel(/Work performed/).fill('100-hour inspection per appendix D; compression 74/76.');
  await done.getByLabel(/Tach reading/).fill('-5');
  await done.getByRole('button', { name: 'Complete Job' }).click();
  await expect(done.getByText('Total time must be between 0 and 100,000 hours')).toBeVisible();
  await done.getByLabel(/Tach reading/).fill('1008.2');
  await done.getByRole('button', { name: 'Complete Job' }).click();
  const record = job.getByRole('region', { name: 'Maintenance record' });
  await expect(record.getByText('Draft', { exact: true })).toBeVisible();
  await expect(record.getByLabel('Entry text')).toContainText('Inspection: 100-hour inspection');
  await expect(record.getByLabel('Entry text')).toContainText('Total time in service: 1,008.2 hours');
  await record.getByRole('button', { name: 'Edit entry' }).click();
  const edit = m.getByRole('dialog', { name: 'Edit maintenance record' });
  await edit.getByLabel('Total time in service (hours)').fill('1010.5');
  await edit.getByRole('button', { name: 'Save entry' }).click();
  await expect(record.getByLabel('Entry text')).toContainText('Total time in service: 1,010.5 hours');
  // A second tab of the mechanic's, still showing the draft when the first one signs it.
  const stale = await m.context().newPage();
  await stale.goto('/dashboard?section=appointments');
  const staleRecord = stale
    .getByRole('listitem')
    .filter({ hasText: TAIL })
    .getByRole('region', { name: 'Maintenance record' });
  await expect(staleRecord.getByText('Draft', { exact: true })).toBeVisible();

  await record.getByRole('button', { name: 'Sign entry' }).click();
  const sign = m.getByRole('dialog', { name: 'Sign maintenance record' });
  await expect(sign.getByText(new RegExp(`^Your verified certificate: ${CERTIFICATE}`))).toBeVisible();
  // Another number is refused before and by the server: the button stays off.
  await sign.getByLabel('Certificate number').fill('5678910');
  await expect(
    sign.getByText(`Not your verified certificate number (${CERTIFICATE}): the entry can only be signed with it.`),
  ).toBeVisible();
  await sign.getByLabel(/I have reviewed this entry/).check();
  await expect(sign.getByRole('button', { name: 'Sign entry' })).toBeDisabled();
  await sign.getByLabel(/I have reviewed this entry/).uncheck();
  await sign.getByLabel('Certificate number').fill(CERTIFICATE);
  await expect(sign.getByText(new RegExp(`^Your verified certificate: ${CERTIFICATE}`))).toBeVisible();
  await expect(sign.getByRole('button', { name: 'Sign entry' })).toBeDisabled();
  await sign.getByLabel(/I have reviewed this entry/).check();
  await sign.getByRole('button', { name: 'Sign entry' }).click();
  await expect(record.getByText('Signed', { exact: true })).toBeVisible();
  await expect(record.getByText(/SHA-256 [0-9a-f]{64}/)).toBeVisible();
  await expect(record.getByRole('button', { name: 'Correct entry' })).toBeVisible();

  // The stale tab signs too: the server's reason in its dialog, the signed entry behind it.
  await staleRecord.getByRole('button', { name: 'Sign entry' }).click();
  const staleSign = stale.getByRole('dialog', { name: 'Sign maintenance record' });
  await staleSign.getByLabel('Certificate number').fill(CERTIFICATE);
  await staleSign.getByLabel(/I have reviewed this entry/).check();
  await staleSign.getByRole('button', { name: 'Sign entry' }).click();
  await expect(
    staleSign.getByText('This entry is signed and can no longer be edited: make a correction instead'),
  ).toBeVisible();
  await staleSign.getByRole('button', { name: 'Cancel' }).click();
  await expect(staleRecord.getByText('Signed', { exact: true })).toBeVisible();
  await stale.close();

  // --- The owner finds the PDF in Documents and the entry in the aircraft's logbook.
  await signIn(pilot, 'documents');
  const p = pilot.page;
  const download = p.getByRole('button', { name: new RegExp(`^Download Logbook entry ${TAIL}`) });
  await expect(download).toBeVisible();
  const [file] = await Promise.all([p.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^logbook-${TAIL}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  await p.getByRole('tab', { name: 'Appointments' }).click();
  await expect(
    p
      .getByRole('listitem')
      .filter({ hasText: TAIL })
      .getByText(/^Logbook entry signed by Cole Logbook\d{4} on /),
  ).toBeVisible();

  await p.getByRole('tab', { name: 'My Aircraft' }).click();
  await p
    .getByRole('button', { name: new RegExp(`Due list.*${TAIL}|${TAIL}.*Due list`) })
    .or(
      p
        .getByRole('listitem')
        .filter({ hasText: TAIL })
        .getByRole('button', { name: /Due list/ }),
    )
    .first()
    .click();
  await p.getByRole('button', { name: 'Logbook' }).click();
  const book = p.getByRole('dialog', { name: `Logbook · ${TAIL}` });
  await expect(book.getByText('1 entry')).toBeVisible();
  await expect(
    book.getByText(
      new RegExp(`Signed: Cole Logbook\\d{4}, A&P mechanic with inspection authorization certificate ${CERTIFICATE}`),
    ),
  ).toBeVisible();
  await book.getByLabel('Search the logbook').fill('no such words');
  await expect(book.getByText('0 of 1 entries match')).toBeVisible();
});
