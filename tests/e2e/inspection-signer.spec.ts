import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { uniqueCertificateNumber, vettedMechanicWithProfile } from '../helpers/e2e-admin.ts';
import { openSignedInOn, type ApiSession, type DashboardSection } from '../helpers/e2e-session.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// The bid side of the IA rule (docs/decisions/0140-who-signs-the-annual.md): a mechanic
// without an inspection authorization quotes an annual; the form asks who signs it; the owner sees
// the IA on the quote; once the job is completed, the named IA finds the entry under "Annuals to
// sign" and signs it. The owner opens the mechanic's profile from the quote. Acceptance and the
// job's steps are made by the API.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const TAIL = tailNumber(stamp, 'G');
const IA_CERTIFICATE = `7${stamp.slice(-6)}`;
const password = 'Return-To-Service-1';
const today = () => new Date().toISOString().slice(0, 10);

async function account(
  browser: Browser,
  role: 'pilot' | 'mechanic',
  firstName: string,
  profile?: Record<string, unknown>,
) {
  const email = `${firstName.toLowerCase()}.ia.${stamp}@example.com`;
  const page = await (await browser.newContext()).newPage();
  const res = await page.request.post('/api/auth/register', {
    data: {
      role,
      firstName,
      lastName: `Annual${stamp.slice(-4)}`,
      email,
      password,
      location: 'Glasgow, MT',
      ...(role === 'mechanic'
        ? { certificationNumber: '4567890', yearsExperience: 9, serviceRadius: 10, hourlyRate: 90 }
        : {}),
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  const headers = { authorization: `Bearer ${body.access_token}` };
  if (profile) {
    // The IA the profile asks for counts once an administrator verifies it (docs/decisions/0180).
    await vettedMechanicWithProfile(
      page.request,
      { id: body.user.id, headers },
      { hourlyRate: '90', ...profile },
      { verifyCredentials: Boolean(profile['iaAuthorization']) },
    );
  }
  return { page, email, headers, session: body };
}

/**
 * Signed in as the form leaves a browser (the form itself: tests/e2e/auth.spec.ts), on the section
 * the walk starts from.
 */
async function signIn(who: { page: Page; session: ApiSession }, section: DashboardSection) {
  await openSignedInOn(who.page, who.session, section);
  return who.page;
}

test('a mechanic without IA names who signs the annual; the named IA signs it', async ({ browser }) => {
  const mechanic = await account(browser, 'mechanic', 'Nate', {
    apNumber: `A&P ${uniqueCertificateNumber()}`,
    iaAuthorization: false,
    serviceRadius: '10',
    baseLocation: 'KGGW',
  });
  const inspector = await account(browser, 'mechanic', 'Ida', {
    apNumber: IA_CERTIFICATE,
    iaAuthorization: true,
    serviceRadius: '1',
    baseLocation: 'KLWT',
  });
  const pilot = await account(browser, 'pilot', 'Olga');
  const api = pilot.page.request;
  const created = await api.post('/api/enhanced/quotes', {
    headers: pilot.headers,
    data: {
      aircraftMake: 'Cessna',
      aircraftModel: '182P',
      aircraftTailNumber: TAIL,
      aircraftLocation: 'KGGW',
      serviceLocation: 'KGGW',
      serviceType: 'annual_inspection',
      serviceDescription: 'Annual due at the end of the month.',
      urgencyLevel: 'normal',
    },
  });
  expect(created.status()).toBe(201);
  const requestId = ((await created.json()) as { id: string }).id;

  // --- The mechanic quotes: the form asks for the IA before it sends anything.
  const m = await signIn(mechanic, 'requests');
  await m
    .getByRole('listitem')
    .filter({ hasText: TAIL })
    .getByRole('button', { name: /Submit Quote/ })
    .click();
  const quote = m.getByRole('dialog', { name: 'Submit Quote' });
  const signer = quote.getByRole('group', { name: 'Who signs the annual' });
  await expect(signer).toContainText('only an IA can approve an annual for return to service (14 CFR 65.95)');
  await quote.getByLabel(/Labor Cost/).fill('1400');
  await quote.getByLabel(/Estimated Hours/).fill('14');
  await quote.getByLabel(/Available Start Date/).fill(today());
  await quote.getByLabel(/Est. Completion Date/).fill(today());
  // Half a signer is refused in the form, naming the missing part.
  await signer.getByLabel("IA's full name").fill(`Ida Annual${stamp.slice(-4)}`);
  await quote.getByRole('button', { name: 'Submit Quote' }).click();
  await expect(signer.getByText('Certificate number of the IA who signs is required')).toBeVisible();
  await expect(signer.getByLabel("IA's certificate number")).toHaveAttribute('aria-invalid', 'true');
  await signer.getByLabel("IA's certificate number").fill(`${IA_CERTIFICATE.slice(0, 3)}-${IA_CERTIFICATE.slice(3)}`);
  await quote.getByRole('button', { name: 'Submit Quote' }).click();
  await expect(m.getByText('Quote submitted successfully!')).toBeVisible();
  await expect(quote).toBeHidden();

  // --- The owner sees who signs on the quote.
  const p = await signIn(pilot, 'requests');
  const card = p.getByRole('list', { name: `Quotes for ${TAIL}` }).getByRole('listitem');
  await expect(
    card.getByText(
      `Ida Annual${stamp.slice(-4)} (IA, certificate ${IA_CERTIFICATE.slice(0, 3)}-${IA_CERTIFICATE.slice(3)})`,
    ),
  ).toBeVisible();

  // The mechanic's profile, from the quote: what they state and what the platform counted.
  await card.getByRole('button', { name: `View Nate Annual${stamp.slice(-4)}'s profile` }).click();
  const profile = p.getByRole('dialog', { name: `Nate Annual${stamp.slice(-4)}` });
  await expect(profile.getByText('Inspection authorization:')).toBeVisible();
  await expect(profile.getByText('No', { exact: true })).toBeVisible();
  await expect(profile.getByText('Not matched to a single person in the FAA airmen file.')).toBeVisible();
  await expect(profile.getByText('No written reviews yet.')).toBeVisible();
  await p.keyboard.press('Escape');
  await expect(profile).toBeHidden();

  // Accepted, done and completed (by the API).
  const bids = (await (await api.get('/api/enhanced/quotes/user', { headers: pilot.headers })).json()) as Array<{
    id: string;
    quotes: Array<{ id: string }>;
  }>;
  const bidId = bids.find((r) => r.id === requestId)!.quotes[0]!.id;
  const accepted = await api.post(`/api/enhanced/quotes/${requestId}/accept`, {
    headers: pilot.headers,
    data: { bidId },
  });
  const appointmentId = ((await accepted.json()) as { appointment: { id: string } }).appointment.id;
  for (const step of ['confirm', 'start', 'complete']) {
    expect(
      (await api.post(`/api/appointments/${appointmentId}/${step}`, { headers: mechanic.headers, data: {} })).status(),
      step,
    ).toBe(200);
  }

  // --- The job's mechanic is told who signs; the named IA signs.
  await m.reload();
  await m.getByRole('tab', { name: 'Appointments' }).click();
  const own = m.getByRole('listitem').filter({ hasText: TAIL }).getByRole('region', { name: 'Maintenance record' });
  await expect(own.getByText(/named on the quote, signs it from their own account/)).toBeVisible();
  await expect(own.getByRole('button', { name: 'Sign entry' })).toHaveCount(0);

  // The owner reads whom the entry waits for.
  await p.reload();
  await p.getByRole('tab', { name: 'Appointments' }).click();
  await expect(
    p
      .getByRole('listitem')
      .filter({ hasText: TAIL })
      .getByText(
        `Logbook entry drafted: waiting for the signature of Ida Annual${stamp.slice(-4)}, the IA named on the quote.`,
      ),
  ).toBeVisible();

  // The list of annuals to sign carries each entry: its panel shows without reading it again.
  const i = inspector.page;
  const recordReads: string[] = [];
  i.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === `/api/appointments/${appointmentId}/record`)
      recordReads.push(r.url());
  });
  await signIn(inspector, 'appointments');
  const toSign = i.getByRole('region', { name: 'Annuals to sign' });
  await expect(
    toSign.getByText(new RegExp(`Annual inspection by Nate Annual${stamp.slice(-4)}, completed`)),
  ).toBeVisible();
  const record = toSign.getByRole('region', { name: 'Maintenance record' });
  await expect(record.getByRole('button', { name: 'Sign entry' })).toBeVisible();
  expect(recordReads).toEqual([]);
  await record.getByRole('button', { name: 'Sign entry' }).click();
  const sign = i.getByRole('dialog', { name: 'Sign maintenance record' });
  await sign.getByLabel('Certificate number').fill(IA_CERTIFICATE);
  await sign.getByLabel(/I have reviewed this entry/).check();
  await sign.getByRole('button', { name: 'Sign entry' }).click();
  await expect(record.getByText('Signed', { exact: true })).toBeVisible();
  await expect(record.getByLabel('Entry text')).toContainText(
    `A&P mechanic with inspection authorization certificate ${IA_CERTIFICATE}`,
  );
});
