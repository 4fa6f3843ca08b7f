import { expect as baseExpect, test, type Browser } from '@playwright/test';
import { uniqueCertificateNumber, vettedMechanicWithProfile } from '../helpers/e2e-admin.ts';
import { openSignedIn } from '../helpers/e2e-session.ts';
import { aircraftWithDueItems, jobReadyToSign } from '../helpers/e2e-jobs.ts';
import { tailNumber } from '../helpers/tail-number.ts';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';
import { formatDay } from '../../src/lib/format.ts';

// A KRHV (San Jose, Pacific time) aircraft's signed entry and due list, read by an owner whose
// browser keeps New York time: every date is the local day at the airport, and the signature's
// time names the airport's zone because it is not the reader's. The job is made by the API.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
// One verified certificate number per account (docs/decisions/0350): a fixed one failed every run
// after the first on the same database, a retry included.
const CERTIFICATE = uniqueCertificateNumber();
const TAIL = tailNumber(stamp, 'Z');

async function account(browser: Browser, role: 'pilot' | 'mechanic', width: number) {
  const context = await browser.newContext({ timezoneId: 'America/New_York', viewport: { width, height: 900 } });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/register', {
    data: {
      role,
      firstName: role === 'pilot' ? 'Nora' : 'Luis',
      lastName: `Dayton${stamp.slice(-4)}`,
      email: `${role}.localday.${stamp}@example.com`,
      password: 'Checklist-Complete-1',
      location: 'San Jose, CA',
      ...(role === 'mechanic'
        ? { certificationNumber: CERTIFICATE, yearsExperience: 20, serviceRadius: 10, hourlyRate: 100 }
        : {}),
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { page, headers: { authorization: `Bearer ${body.access_token}` }, id: body.user.id, session: body };
}

test('the signed entry and the due list of a KRHV aircraft say the day at KRHV, at 390 px and 1366 px', async ({
  browser,
}) => {
  const pilot = await account(browser, 'pilot', 390);
  const mechanic = await account(browser, 'mechanic', 1366);
  const api = pilot.page.request;
  await vettedMechanicWithProfile(api, mechanic, {
    apNumber: `A&P ${CERTIFICATE}`,
    iaAuthorization: true,
    hourlyRate: '100',
    serviceRadius: '10',
    baseLocation: 'KRHV',
  });
  const { aircraftId, itemIds } = await aircraftWithDueItems(api, pilot, {
    aircraft: { tailNumber: TAIL, make: 'Cessna', model: '172N', year: 1978, homeAirport: 'KRHV', usage: 'for_hire' },
    hours: 4019.6,
    items: [{ kind: '100_hour', lastDoneHours: 3925 }],
  });
  const request = await (
    await api.post(`/api/aircraft/${aircraftId}/maintenance/request`, { headers: pilot.headers, data: { itemIds } })
  ).json();
  const day = localDayAt('KRHV');
  const { appointmentId } = await jobReadyToSign(api, {
    requestId: request.id,
    pilot,
    mechanic,
    bid: { laborCost: '600', estimatedHours: '6', availableStartDate: day, estimatedCompletionDate: day },
  });
  const done = await api.post(`/api/appointments/${appointmentId}/complete`, {
    headers: mechanic.headers,
    data: { mechanicNotes: '100-hour inspection per appendix D.', tachReading: '4020.8' },
  });
  expect(done.status()).toBe(200);
  const signed = await api.post(`/api/appointments/${appointmentId}/record/sign`, {
    headers: mechanic.headers,
    data: { fullName: `Luis Dayton${stamp.slice(-4)}`, certificateNumber: CERTIFICATE, statement: true },
  });
  expect(signed.status(), await signed.text()).toBe(200);
  // The day at KRHV when the entry was signed (the test may run across its midnight).
  const signedOn = localDayAt('KRHV', new Date(((await signed.json()) as { signedAt: string }).signedAt));

  for (const who of [
    { party: pilot, width: 390 },
    { party: pilot, width: 1366 },
  ]) {
    const p = who.party.page;
    await p.setViewportSize({ width: who.width, height: 900 });
    await openSignedIn(p, who.party.session);
    // The signed entry on the job's card.
    await p.getByRole('tab', { name: 'Appointments' }).click();
    const card = p.getByRole('listitem').filter({ hasText: TAIL });
    await expect(
      card.getByText(`Logbook entry signed by Luis Dayton${stamp.slice(-4)} on ${formatDay(signedOn)}`, {
        exact: false,
      }),
    ).toBeVisible();
    // The job's started and completed times are KRHV's, the zone named (the reader keeps New York time).
    await expect(card.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M P[SD]T$/).first()).toBeVisible();
    // The due list's "last done" is the entry's day at KRHV; the logbook names the zone.
    await p.getByRole('tab', { name: 'My Aircraft' }).click();
    await p
      .getByRole('listitem')
      .filter({ hasText: TAIL })
      .getByRole('button', { name: /Due list/ })
      .first()
      .click();
    await expect(p.getByText(formatDay(signedOn)).first()).toBeVisible();
    await p.screenshot({ path: `test-results/records-local-day-due-list-${who.width}.png`, fullPage: true });
    await p.getByRole('button', { name: 'Logbook' }).click();
    const book = p.getByRole('dialog', { name: `Logbook · ${TAIL}` });
    await expect(book.getByText(`Date: ${formatDay(signedOn)}`)).toBeVisible();
    await expect(book.getByText(/ P[SD]T · SHA-256 /)).toBeVisible();
    await expect(book.getByText(/Signed: Luis Dayton\d{4}, .* at \d{1,2}:\d{2} [AP]M P[SD]T/)).toBeVisible();
    await p.screenshot({ path: `test-results/records-local-day-entry-${who.width}.png`, fullPage: false });
    await book.getByRole('button', { name: 'Close' }).first().click();
  }
});
