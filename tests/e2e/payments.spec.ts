import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { uniqueCertificateNumber, vettedMechanicWithProfile } from '../helpers/e2e-admin.ts';
import { openSignedIn, openSignedInOn, type ApiSession, type DashboardSection } from '../helpers/e2e-session.ts';

// The money loop in a browser, against the local Stripe stand-in `npm start` runs without a key
// (docs/decisions/0230): the mechanic sets up payouts on Stripe's hosted onboarding, the owner
// accepts a quote with a parts deposit and saves a card on the hosted page, the job is completed
// and signed (by the API), the owner finds it paid with the invoice in Documents, the mechanic's
// Earnings show the payout; the owner's second job offers the card saved with Stripe. The loop on a phone (390 px); the paid job and the Earnings are opened
// on a laptop (1366 px) too.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 420_000 });

const password = 'Money-Loop-2026';
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function account(browser: Browser, role: 'pilot' | 'mechanic', width: number, location: string) {
  const email = `${role}.pay${width}.${stamp}@example.com`;
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/register', {
    data: {
      role,
      firstName: role === 'pilot' ? 'Pia' : 'Max',
      lastName: `Payer${stamp.slice(-4)}`,
      email,
      password,
      location,
      ...(role === 'mechanic'
        ? { certificationNumber: '6789012', yearsExperience: 12, serviceRadius: 10, hourlyRate: 100 }
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

test('the whole money loop on a 390 px phone, its result on a laptop too', async ({ browser }, testInfo) => {
  const [width, airport] = [390, 'KGPI'] as const;
  const tail = `N3${stamp.slice(-3)}P`;
  // One verified certificate number per account (docs/decisions/0350).
  const certificate = uniqueCertificateNumber();
  const mechanic = await account(browser, 'mechanic', width, 'Montana');
  const pilot = await account(browser, 'pilot', width, 'Montana');
  const api = pilot.page.request;
  await vettedMechanicWithProfile(api, mechanic, {
    apNumber: `A&P ${certificate}`,
    iaAuthorization: true,
    hourlyRate: '100',
    serviceRadius: '10',
    baseLocation: airport,
  });

  // --- The mechanic connects payouts on Stripe's hosted onboarding (the stand-in's, marked test mode).
  await signIn(mechanic, 'profile');
  const m = mechanic.page;
  const payouts = m.getByTestId('payouts-card');
  await expect(payouts.getByText('not set up')).toBeVisible();
  await payouts.getByRole('button', { name: 'Set up payouts' }).click();
  await expect(m.getByText(/Local test mode/)).toBeVisible();
  await m.screenshot({ path: testInfo.outputPath(`onboarding-${width}.png`) });
  await m.getByRole('button', { name: 'Complete onboarding (test mode)' }).click();
  await expect(m.getByTestId('payouts-card').getByText('ready', { exact: true })).toBeVisible();
  await m.screenshot({ path: testInfo.outputPath(`payouts-ready-${width}.png`) });

  // --- A request and an itemized quote with a 50 % parts deposit (by the API).
  const request = await (
    await api.post('/api/enhanced/quotes', {
      headers: pilot.headers,
      data: {
        aircraftMake: 'Cessna',
        aircraftModel: '182T',
        aircraftTailNumber: tail,
        serviceType: 'annual_inspection',
        serviceDescription: 'Annual inspection.',
        urgencyLevel: 'normal',
        serviceLocation: airport,
        aircraftLocation: airport,
        customerWillTravel: false,
      },
    })
  ).json();
  const day = new Date().toISOString().slice(0, 10);
  const bid = await api.post(`/api/enhanced/quotes/${request.id}/bid`, {
    headers: mechanic.headers,
    data: {
      availableStartDate: day,
      estimatedCompletionDate: day,
      warrantyPeriod: 90,
      depositPercent: 50,
      lines: [
        { category: 'inspection', description: 'Annual inspection', laborHours: 10, laborRate: 100, partsCost: 0 },
        { category: 'parts', description: 'Oil filter and spark plugs', laborHours: 0, laborRate: 0, partsCost: 200 },
      ],
    },
  });
  expect(bid.status()).toBe(201);

  // --- The owner accepts: told what is charged and when, then saves a card on the hosted page.
  await signIn(pilot, 'requests');
  const p = pilot.page;
  const card = p.getByRole('listitem').filter({ hasText: 'Max' }).first();
  await expect(card.getByText('Paid through Skyward · parts deposit 50 % ($100.00)')).toBeVisible();
  await card.getByRole('button', { name: /^Accept / }).click();
  const dialog = p.getByRole('dialog', { name: 'Accept this quote?' });
  await expect(dialog.getByText(/Accepting opens a secure Stripe page to save your card/)).toBeVisible();
  // The deposit named is the one for the lines as decided: declining the parts line leaves none.
  await expect(dialog.getByText(/\(\$100\.00 for the parts lines you approve\)/)).toBeVisible();
  const partsLine = dialog.getByRole('group', { name: /Oil filter and spark plugs/ });
  await partsLine.getByRole('radio', { name: 'Decline' }).check();
  await expect(dialog.getByText('No parts deposit: no parts line is approved.')).toBeVisible();
  await partsLine.getByRole('radio', { name: 'Approve' }).check();
  await expect(dialog.getByText(/\(\$100\.00 for the parts lines you approve\)/)).toBeVisible();
  await expect(dialog.getByText(/charged when the job is completed and its logbook entry signed/)).toBeVisible();
  await p.screenshot({ path: testInfo.outputPath(`accept-${width}.png`) });
  await dialog.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(p.getByRole('heading', { name: 'Save your card' })).toBeVisible();
  await expect(p.getByText(/Local test mode/)).toBeVisible();
  await p.getByLabel('Card number').fill('4000 0000 0000 0002');
  await p.getByRole('button', { name: 'Save card' }).click();
  await expect(p.getByRole('alert')).toHaveText('Your card was declined.');
  await p.getByLabel('Card number').fill('4242 4242 4242 4242');
  await p.screenshot({ path: testInfo.outputPath(`card-page-${width}.png`) });
  await p.getByRole('button', { name: 'Save card' }).click();
  const payment = p.getByTestId('payment-panel');
  await expect(payment.getByText('Deposit paid')).toBeVisible();
  await p.screenshot({ path: testInfo.outputPath(`deposit-paid-${width}.png`), fullPage: true });

  // --- The job is done and signed (by the API): the rest is charged, the mechanic paid.
  const appointments = await (await api.get('/api/appointments', { headers: pilot.headers })).json();
  const appointmentId = (appointments as Array<{ id: string; aircraftTailNumber: string }>).find(
    (a) => a.aircraftTailNumber === tail,
  )!.id;
  for (const step of ['confirm', 'start', 'complete'])
    expect(
      (
        await api.post(`/api/appointments/${appointmentId}/${step}`, {
          headers: mechanic.headers,
          data: step === 'complete' ? { mechanicNotes: 'Annual done.' } : {},
        })
      ).status(),
    ).toBe(200);
  expect(
    (
      await api.post(`/api/appointments/${appointmentId}/record/sign`, {
        headers: mechanic.headers,
        data: { fullName: `Max Payer${stamp.slice(-4)}`, certificateNumber: certificate, statement: true },
      })
    ).status(),
  ).toBe(200);

  await p.reload();
  await p.getByRole('tab', { name: 'Appointments' }).click();
  await expect(p.getByTestId('payment-panel').getByText('Paid', { exact: true })).toBeVisible();
  await expect(p.getByTestId('payment-panel').getByText(/the invoice is in your Documents/)).toBeVisible();
  await p.screenshot({ path: testInfo.outputPath(`paid-${width}.png`), fullPage: true });
  await p.getByRole('tab', { name: 'Documents' }).click();
  await expect(p.getByText(new RegExp(`Invoice ${tail}`)).first()).toBeVisible();

  await m.reload();
  await m.getByRole('tab', { name: 'Earnings' }).click();
  const earnings = m.getByTestId('payment-earnings');
  await expect(earnings.getByText('$1,080.00').first()).toBeVisible(); // $1,200 - 10 % fee, deposit included
  await expect(earnings.getByText('$120.00').first()).toBeVisible();
  await m.screenshot({ path: testInfo.outputPath(`earnings-${width}.png`), fullPage: true });
  expect(await m.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  // --- A second job for the same owner: the card saved with Stripe is offered instead of the card
  // page ("Use card ending 4242", brand and last 4 as Stripe lists them), beside "Use another card".
  const tail2 = `N4${stamp.slice(-3)}P`;
  const request2 = await (
    await api.post('/api/enhanced/quotes', {
      headers: pilot.headers,
      data: {
        aircraftMake: 'Cessna',
        aircraftModel: '182T',
        aircraftTailNumber: tail2,
        serviceType: 'scheduled_maintenance',
        serviceDescription: 'Oil change.',
        urgencyLevel: 'normal',
        serviceLocation: airport,
        aircraftLocation: airport,
        customerWillTravel: false,
      },
    })
  ).json();
  expect(
    (
      await api.post(`/api/enhanced/quotes/${request2.id}/bid`, {
        headers: mechanic.headers,
        data: {
          availableStartDate: day,
          estimatedCompletionDate: day,
          warrantyPeriod: 30,
          depositPercent: 50,
          lines: [
            { category: 'airworthy', description: 'Oil change', laborHours: 1, laborRate: 100, partsCost: 0 },
            { category: 'parts', description: 'Oil and filter', laborHours: 0, laborRate: 0, partsCost: 90 },
          ],
        },
      })
    ).status(),
  ).toBe(201);
  await p.goto('/dashboard?section=requests');
  const card2 = p.getByRole('listitem').filter({ hasText: tail2 }).filter({ hasText: 'Max' }).first();
  await card2.getByRole('button', { name: /^Accept / }).click();
  await p.getByRole('dialog', { name: 'Accept this quote?' }).getByRole('button', { name: 'Accept Quote' }).click();
  // Not Stripe's card page: the job's payment in Appointments, with the saved card first.
  const useSaved = p.getByRole('button', { name: 'Use card ending 4242' });
  await expect(useSaved).toBeVisible();
  await expect(p.getByText('Pay with the Visa ending 4242 you saved with Stripe, or save another card.')).toBeVisible();
  await expect(p.getByRole('link', { name: 'Use another card' })).toHaveAttribute('href', /\/hosted\/checkout\//);
  expect(p.url()).toContain('section=appointments');
  await p.screenshot({ path: testInfo.outputPath(`saved-card-${width}.png`), fullPage: true });
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  // The same result on a laptop: the owner's paid job and invoice, the mechanic's Earnings.
  const laptop = { width: 1366, height: 900 };
  const ownerLaptop = await (await browser.newContext({ viewport: laptop })).newPage();
  await openSignedIn(ownerLaptop, pilot.session, '/dashboard?section=appointments');
  await expect(ownerLaptop.getByTestId('payment-panel').getByText('Paid', { exact: true })).toBeVisible();
  // Paying the second job with the saved card, on the laptop: its deposit ($45.00) is charged to it.
  await ownerLaptop.getByRole('button', { name: 'Use card ending 4242' }).click();
  await expect(ownerLaptop.getByText('Deposit paid', { exact: true })).toBeVisible();
  await expect(ownerLaptop.getByText(/Parts deposit \$45\.00/)).toBeVisible();
  await expect(ownerLaptop.getByRole('button', { name: 'Use card ending 4242' })).toHaveCount(0);
  await ownerLaptop.screenshot({ path: testInfo.outputPath('saved-card-used-1366.png'), fullPage: true });
  await ownerLaptop.getByRole('tab', { name: 'Documents' }).click();
  await expect(ownerLaptop.getByText(new RegExp(`Invoice ${tail}`)).first()).toBeVisible();
  const mechanicLaptop = await (await browser.newContext({ viewport: laptop })).newPage();
  await openSignedIn(mechanicLaptop, mechanic.session, '/dashboard?section=earnings');
  const laptopEarnings = mechanicLaptop.getByTestId('payment-earnings');
  await expect(laptopEarnings.getByText('$1,080.00').first()).toBeVisible();
  await expect(laptopEarnings.getByText('$120.00').first()).toBeVisible();
  await mechanicLaptop.screenshot({ path: testInfo.outputPath('earnings-1366.png'), fullPage: true });
});
