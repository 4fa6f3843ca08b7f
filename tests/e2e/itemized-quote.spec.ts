import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { approveMechanicAsAdmin, uniqueCertificateNumber } from '../helpers/e2e-admin.ts';
import { openSignedInOn, type ApiSession } from '../helpers/e2e-session.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// An itemized quote through the UI: the mechanic quotes three lines, the owner defers the
// airworthiness line while accepting; the appointment and its work order show what was approved
// and what was deferred. Accounts, profile and request are made by the API, and each dashboard
// opens signed in as the sign-in form leaves a browser (the form itself: tests/e2e/auth.spec.ts).

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
// A valid N-number (N, a digit 1-9, three more digits, one letter), unique enough per run.
const TAIL = tailNumber(stamp, 'L');
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function account(browser: Browser, role: 'pilot' | 'mechanic', firstName: string) {
  const email = `${role}.lines.${stamp}@example.com`;
  const password = 'Checklist-Complete-1';
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/register', {
    data: {
      role,
      firstName,
      lastName: `Lines${stamp.slice(-4)}`,
      email,
      password,
      location: 'Bozeman, MT',
      ...(role === 'mechanic'
        ? { certificationNumber: '3456789', yearsExperience: 12, serviceRadius: 10, hourlyRate: 95 }
        : {}),
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as ApiSession & { access_token: string; user: { id: string } };
  const headers = { authorization: `Bearer ${body.access_token}` };
  if (role === 'mechanic') {
    await approveMechanicAsAdmin(page.request, body.user.id);
    const profile = await page.request.post('/api/enhanced/mechanic-profile', {
      headers,
      data: {
        apNumber: `A&P ${uniqueCertificateNumber()}`,
        iaAuthorization: true,
        hourlyRate: '95',
        serviceRadius: '10',
        baseLocation: 'KBZN',
      },
    });
    expect(profile.status()).toBe(201);
  } else {
    const request = await page.request.post('/api/enhanced/quotes', {
      headers,
      data: {
        aircraftMake: 'Piper',
        aircraftModel: 'PA-28-181',
        aircraftYear: '1998',
        aircraftTailNumber: TAIL,
        aircraftTotalHours: '3100',
        aircraftLocation: 'KBZN',
        serviceType: 'annual_inspection',
        serviceDescription: 'Annual due; exhaust smell in the cabin.',
        urgencyLevel: 'normal',
        serviceLocation: 'KBZN',
        customerWillTravel: false,
        maxTravelDistance: '50',
      },
    });
    expect(request.status()).toBe(201);
  }
  return { page, session: body };
}

/** Signed in as the form leaves a browser (the form itself: tests/e2e/auth.spec.ts), on Service Requests. */
function signIn(who: { page: Page; session: ApiSession }) {
  return openSignedInOn(who.page, who.session, 'requests');
}

test('a three-line quote, accepted with the airworthiness line deferred', async ({ browser }) => {
  // The mechanic's profile exists before the request, so the request is matched at once.
  const mechanicAccount = await account(browser, 'mechanic', 'Lena');
  const pilotAccount = await account(browser, 'pilot', 'Otto');

  const mechanic = await signIn(mechanicAccount);
  const card = mechanic.getByRole('listitem').filter({ hasText: TAIL });
  await card.getByRole('button', { name: /Submit Quote/ }).click();
  const quote = mechanic.getByRole('dialog', { name: 'Submit Quote' });
  await quote.getByLabel(/Itemize this quote/).check();
  await expect(quote.getByLabel(/Labor Cost/)).toHaveCount(0);

  const lines = quote.getByRole('list', { name: 'Quote lines' }).getByRole('listitem');
  const fillLine = async (n: number, category: string, description: string, hours: string, parts: string) => {
    const line = lines.nth(n);
    await line.getByLabel('Category').selectOption(category);
    await line.getByLabel('Description').fill(description);
    await line.getByLabel('Hours').fill(hours);
    await line.getByLabel('Rate ($/h)').fill('95');
    await line.getByLabel('Parts ($)').fill(parts);
  };
  await fillLine(0, 'inspection', 'Annual inspection, PA-28', '16', '0');
  await quote.getByRole('button', { name: 'Add line' }).click();
  await fillLine(1, 'airworthy', 'Replace cracked exhaust gasket', '1.5', '42.10');
  await quote.getByRole('button', { name: 'Add line' }).click();
  await fillLine(2, 'discretionary', 'Polish landing light lens', '0.3', '');
  // Reordering from the keyboard: the last line up and back down.
  await quote.getByRole('button', { name: 'Move line 3 up' }).click();
  await expect(lines.nth(1).getByLabel('Description')).toHaveValue('Polish landing light lens');
  await quote.getByRole('button', { name: 'Move line 2 down' }).click();
  await expect(lines.nth(2).getByLabel('Description')).toHaveValue('Polish landing light lens');
  // Running totals per category and overall.
  const totals = quote.getByRole('table', { name: 'Running totals by category' });
  await expect(totals.getByRole('row', { name: /Airworthiness items/ })).toContainText('$184.60');
  await expect(totals).toContainText('$1,733.10');
  await quote.getByLabel(/Available Start Date/).fill(inDays(7));
  await quote.getByLabel(/Est. Completion Date/).fill(inDays(9));
  await quote.getByRole('button', { name: 'Submit Quote' }).click();
  await expect(mechanic.getByText('Quote submitted successfully!')).toBeVisible();

  const pilot = await signIn(pilotAccount);
  const request = pilot
    .getByRole('listitem')
    .filter({ has: pilot.getByRole('heading', { name: `Annual Inspection · ${TAIL}` }) });
  await expect(request.getByRole('region', { name: `Compare quotes for ${TAIL}` })).toContainText('$184.60');
  // The comparison's category rows and the card's labour and parts split one total two ways: each
  // row says which figure it is, so two different "Parts" never stand on one card.
  const compare = request.getByRole('region', { name: `Compare quotes for ${TAIL}` });
  await expect(compare.getByRole('row', { name: /^Airworthiness items \(lines\)/ })).toContainText('$184.60');
  await expect(request.getByText('Labor (all lines)', { exact: false }).first()).toBeVisible();
  await request.getByRole('button', { name: /^Accept/ }).click();
  const accept = pilot.getByRole('dialog', { name: 'Accept this quote?' });
  const airworthy = accept.getByRole('group', { name: /Replace cracked exhaust gasket/ });
  // An airworthiness line can be deferred but not declined.
  await expect(airworthy.getByRole('radio', { name: 'Decline' })).toHaveCount(0);
  await airworthy.getByRole('radio', { name: 'Defer' }).check();
  await expect(accept.getByText('Approved total').locator('..')).toContainText('$1,548.50');
  await accept.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(pilot.getByText(/^Quote accepted\./)).toBeVisible();

  await pilot.getByRole('tab', { name: 'Appointments' }).click();
  const appointment = pilot.getByRole('listitem').filter({ hasText: TAIL });
  // The figure that stands is named (docs/decisions/0170).
  await expect(appointment.locator('[data-figure="approved"]').first()).toContainText('Approved: $1,548.50');
  await appointment.getByRole('button', { name: 'Work order' }).click();
  const order = pilot.getByRole('dialog', { name: 'Work order' });
  await expect(order.getByRole('heading', { name: 'Deferred by owner' })).toBeVisible();
  await expect(order.getByText(/Replace cracked exhaust gasket/)).toContainText('deferred by owner');
  await expect(order.getByRole('row', { name: /Approved total/ })).toContainText('$1,548.50');
});
