import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { uniqueCertificateNumber, vettedMechanicWithProfile } from '../helpers/e2e-admin.ts';
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { openSignedIn, type ApiSession } from '../helpers/e2e-session.ts';
import { aircraftWithDueItems, jobReadyToSign } from '../helpers/e2e-jobs.ts';
import { tailNumber } from '../helpers/tail-number.ts';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';

// Records an owner and a mechanic can trust, in Chromium on a phone (390 px), the due
// list's result opened on a laptop (1366 px) too (the mechanic's completion at 1366 px:
// tests/e2e/records.spec.ts): the due list's "Request service" opens a review step (point 11); one tach rule
// refuses the same low reading in "Log hours" and at completion (point 3); a deferred transponder
// stays due after the entry is signed, and the entry lists it as deferred with its date (point
// 1); a request typed with the registration of a saved aircraft lands in that aircraft (point 4).
// Accounts, the quote and its acceptance are made by the API.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 360_000 });

const password = 'Checklist-Complete-1';
// Records are dated on the local day at the aircraft's airport (KRAP), not UTC's.
const today = () => localDayAt('KRAP');
const humanToday = () =>
  new Date(`${today()}T12:00:00`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

async function account(
  browser: Browser,
  role: 'pilot' | 'mechanic',
  stamp: string,
  viewport: { width: number; height: number },
) {
  const email = `${role}.trust.${stamp}@example.com`;
  const page = await (await browser.newContext({ viewport })).newPage();
  const res = await page.request.post('/api/auth/register', {
    data: {
      role,
      firstName: role === 'pilot' ? 'Nora' : 'Ike',
      lastName: `Trust${stamp.slice(-4)}`,
      email,
      password,
      location: 'Rapid City, SD',
      ...(role === 'mechanic'
        ? { certificationNumber: '4567890', yearsExperience: 20, serviceRadius: 10, hourlyRate: 110 }
        : {}),
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { page, email, headers: { authorization: `Bearer ${body.access_token}` }, id: body.user.id, session: body };
}

/** Signed in as the form leaves a browser (the form itself: tests/e2e/auth.spec.ts). */
async function signIn(who: { page: Page; session: ApiSession }) {
  await openSignedIn(who.page, who.session);
}

const PHONE = { width: 390, height: 844 };

test('due list to signed entry on a 390 px phone: review step, one tach rule, deferred work stays due, typed registration linked', async ({
  browser,
}) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  // One verified certificate number per account (docs/decisions/0350).
  const certificate = uniqueCertificateNumber();
  const TAIL = tailNumber(stamp, 'T');
  const pilot = await account(browser, 'pilot', stamp, PHONE);
  const mechanic = await account(browser, 'mechanic', stamp, PHONE);
  const api = pilot.page.request;
  await vettedMechanicWithProfile(api, mechanic, {
    apNumber: certificate,
    iaAuthorization: true,
    hourlyRate: '110',
    serviceRadius: '10',
    baseLocation: 'KRAP',
    businessName: 'Black Hills Aero',
  });
  const { aircraftId } = await aircraftWithDueItems(api, pilot, {
    aircraft: { tailNumber: TAIL, make: 'Cessna', model: '182P', year: 1975, homeAirport: 'KRAP' },
    hours: 3418.2,
    items: [
      { kind: 'annual', lastDoneDate: '2025-10-10' },
      { kind: 'transponder', lastDoneDate: '2024-10-10' },
    ],
  });

  // --- Point 3 (owner side): Log hours refuses a reading below the last one.
  await signIn(pilot);
  const p = pilot.page;
  await p.getByRole('tab', { name: 'My Aircraft' }).click();
  await p.getByRole('button', { name: `Due list for ${TAIL}` }).click();
  await expect(p.getByRole('heading', { name: `Due list · ${TAIL}` })).toBeVisible();
  await p.getByRole('button', { name: 'Log hours' }).click();
  const hours = p.getByRole('dialog', { name: `Log hours for ${TAIL}` });
  await hours.getByLabel('Hours *').fill('3400');
  await hours.getByRole('button', { name: 'Log hours' }).click();
  await expect(hours.getByText('Hours cannot be below the last reading (3418.2)')).toBeVisible();
  await hours.getByRole('button', { name: 'Cancel' }).click();

  // --- Point 11: "Request service" opens a review; nothing is sent before "Send request".
  await p.getByRole('checkbox', { name: 'Select Annual inspection' }).check();
  await p.getByRole('checkbox', { name: 'Select Transponder check' }).check();
  await p.getByRole('button', { name: 'Request service' }).click();
  const review = p.getByRole('dialog', { name: `Review the request for ${TAIL}` });
  await expect(review.getByTestId('review-list').getByText('Annual inspection')).toBeVisible();
  await expect(review.getByTestId('review-list').getByText('Transponder check')).toBeVisible();
  await expect(review.getByLabel('Urgency')).toHaveValue('high');
  await expect(review.getByText('Suggested: High, because an item is overdue.')).toBeVisible();
  const before = await (await api.get('/api/enhanced/quotes', { headers: pilot.headers })).json();
  await review.getByLabel('Urgency').selectOption('normal');
  await review.getByLabel('Note for the mechanics').fill('Hangar 4, key at the FBO desk.');
  await review.getByLabel('Estimated budget (USD)').fill('2500');
  const [sent] = await Promise.all([
    p.waitForResponse(
      (r) => r.url().endsWith(`/api/aircraft/${aircraftId}/maintenance/request`) && r.request().method() === 'POST',
    ),
    review.getByRole('button', { name: 'Send request' }).click(),
  ]);
  expect(sent.status()).toBe(201);
  const request = (await sent.json()) as {
    id: string;
    urgencyLevel: string;
    serviceDescription: string;
    estimatedBudget: number;
  };
  expect(request).toMatchObject({ urgencyLevel: 'normal', estimatedBudget: 2500 });
  expect(request.serviceDescription).toContain('Note from the owner: Hangar 4, key at the FBO desk.');
  expect(JSON.stringify(before)).not.toContain(request.id); // the review itself sent nothing
  await expect(p.getByText('Service request sent to mechanics near KRAP')).toBeVisible();

  // The mechanic's quote: the annual and the transponder; the owner defers the transponder.
  const { appointmentId } = await jobReadyToSign(api, {
    requestId: request.id,
    pilot,
    mechanic,
    bid: {
      availableStartDate: '2030-05-02',
      estimatedCompletionDate: '2030-05-04',
      lines: [
        {
          category: 'inspection',
          description: 'Annual inspection, C182P',
          laborHours: 14,
          laborRate: 110,
          partsCost: 0,
        },
        {
          category: 'airworthy',
          description: 'Transponder check (91.413)',
          laborHours: 1.5,
          laborRate: 110,
          partsCost: 0,
        },
      ],
    },
    decisions: ['approve', 'defer'],
  });

  // --- Point 3 (mechanic side): the same reading is refused at completion, with the same reason.
  await signIn(mechanic);
  const m = mechanic.page;
  await m.getByRole('tab', { name: 'Appointments' }).click();
  const job = m.getByRole('listitem').filter({ hasText: TAIL });
  await job.getByRole('button', { name: 'Complete Job' }).click();
  const done = m.getByRole('alertdialog', { name: 'Mark this job completed?' });
  await done.getByLabel(/Tach reading/).fill('3405');
  await done.getByRole('button', { name: 'Complete Job' }).click();
  await expect(done.getByText('Hours cannot be below the last reading (3418.2)')).toBeVisible();
  await done.getByLabel(/Tach reading/).fill('3420.1');
  await done.getByRole('button', { name: 'Complete Job' }).click();
  const record = job.getByRole('region', { name: 'Maintenance record' });
  await expect(record.getByLabel('Entry text')).toContainText(
    `Transponder check (91.413): deferred by the owner on ${humanToday()}`,
  );
  // The finished job leads with the day it was completed, and its unagreed placeholder time is gone.
  await expect.soft(job.getByRole('heading', { name: `Completed ${humanToday()}` })).toBeVisible();
  await expect.soft(job.getByRole('group', { name: 'Appointment time' })).toHaveCount(0);
  const signed = await api.post(`/api/appointments/${appointmentId}/record/sign`, {
    headers: mechanic.headers,
    data: { fullName: `Ike Trust${stamp.slice(-4)}`, certificateNumber: certificate, statement: true },
  });
  expect(signed.status()).toBe(200);

  // --- Point 1: the annual is done, the deferred transponder is still due, and says why.
  await p.reload();
  await p.getByRole('tab', { name: 'My Aircraft' }).click();
  await p.getByRole('button', { name: `Due list for ${TAIL}` }).click();
  const transponder = p.getByRole('row', { name: /Transponder check/ });
  await expect(transponder.getByText('Overdue')).toBeVisible();
  await expect(transponder.getByText(/Oct 10, 2024/)).toBeVisible();
  await expect(p.getByRole('row', { name: /Annual inspection/ }).getByText('OK')).toBeVisible();
  // One rule (0270): the deferred test is the transponder's own limit, not a reason it is grounded.
  await expect(p.getByText('Airworthy, with limits')).toBeVisible();
  await expect(
    p.getByText(/Transponder check overdue \(was due by Oct 31, 2026\): the transponder may not be used/),
  ).toBeVisible();
  await p.getByRole('button', { name: 'Logbook' }).click();
  const book = p.getByRole('dialog', { name: `Logbook · ${TAIL}` });
  await expect(book.getByText(`- Transponder check (91.413): deferred by the owner on ${humanToday()}`)).toBeVisible();
  await expect(book.getByText('Work performed by')).toHaveCount(0); // the shop is on the PDF, the entry text is as signed
  await p.screenshot({ path: `test-results/records-trust-logbook-390.png`, fullPage: false });
  // The entry as a PDF beside its sticker: a Letter page, and the 6 x 4 inch
  // label shops print to paste into the paper logbook.
  const entry = book.getByRole('article').first();
  for (const [name, size] of [
    ['PDF (Letter)', { width: 612, height: 792 }],
    ['Sticker PDF (6 × 4 in)', { width: 432, height: 288 }],
  ] as const) {
    const [download] = await Promise.all([p.waitForEvent('download'), entry.getByRole('button', { name }).click()]);
    const pdf = await PDFDocument.load(await readFile((await download.path())!));
    expect(pdf.getPage(0).getSize(), name).toEqual(size);
    expect(download.suggestedFilename()).toMatch(name.startsWith('Sticker') ? /-sticker\.pdf$/ : /\d\.pdf$/);
  }
  await book.getByRole('button', { name: 'Close' }).first().click();

  // --- Point 4: a request typed with a saved registration (not chosen from the list) is that aircraft's.
  const typed = await api.post('/api/enhanced/quotes', {
    headers: pilot.headers,
    data: {
      aircraftMake: 'Cessna',
      aircraftModel: '182P',
      aircraftTailNumber: TAIL.toLowerCase(),
      aircraftLocation: 'KRAP',
      serviceType: 'scheduled_maintenance',
      serviceDescription: 'Oil change',
      serviceLocation: 'KRAP',
    },
  });
  expect(typed.status()).toBe(201);
  expect((await typed.json()).aircraftId).toBe(aircraftId);
  await p.getByRole('button', { name: 'All aircraft' }).click();
  await expect(p.getByRole('button', { name: `Due list for ${TAIL}` })).toHaveCount(1); // no second aircraft of that registration

  // The owner's due list on a laptop: the same items and verdict, laid out at 1366 px.
  const laptop = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await openSignedIn(laptop, pilot.session);
  await laptop.getByRole('tab', { name: 'My Aircraft' }).click();
  await laptop.getByRole('button', { name: `Due list for ${TAIL}` }).click();
  await expect(laptop.getByRole('row', { name: /Transponder check/ }).getByText('Overdue')).toBeVisible();
  await expect(laptop.getByRole('row', { name: /Annual inspection/ }).getByText('OK')).toBeVisible();
  await expect(laptop.getByText('Airworthy, with limits')).toBeVisible();
  await laptop.screenshot({ path: 'test-results/records-trust-due-list-1366.png', fullPage: false });
  await laptop.context().close();
});
