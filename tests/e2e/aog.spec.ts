import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { approveMechanicAsAdmin, uniqueCertificateNumber } from '../helpers/e2e-admin.ts';
import { openSignedIn, type ApiSession } from '../helpers/e2e-session.ts';

// Aircraft on ground: an owner on a 390 px phone, one thumb, reports a dead engine at
// Fairbanks from the dashboard's first screen (the airport offered from the phone's position), a
// mechanic there answers from the AOG calls tab with an arrival time and a call-out fee, the owner
// accepts it live, and the mechanic's "En route" reaches the owner's timeline without a refresh.
// No other suite places anyone near Fairbanks. Accounts are made by API.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const PASSWORD = 'Checklist-Complete-1';
const FAIRBANKS = { latitude: 64.8151, longitude: -147.856 };
const ZONE = 'America/Anchorage';

async function register(request: APIRequestContext, role: 'pilot' | 'mechanic', firstName: string) {
  const email = `aog.${role}.${stamp()}@example.com`;
  const res = await request.post('/api/auth/register', {
    data: { role, firstName, lastName: `Tanana${stamp().slice(-4)}`, email, password: PASSWORD, location: 'PAFA' },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as ApiSession & { access_token: string; user: { id: string } };
  return { email, token: body.access_token, id: body.user.id, firstName, session: body };
}

/** Signed in as the form leaves a browser (the form itself: tests/e2e/auth.spec.ts). */
async function signIn(page: Page, who: { session: ApiSession }) {
  await openSignedIn(page, who.session);
}

/** "HH:MM" an hour from now where the aircraft is. */
function inAnHour(): string {
  return new Date(Date.now() + 60 * 60_000).toLocaleTimeString('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

test('an owner reports an aircraft on ground at 390 px and accepts a mechanic’s offer; the mechanic answers and goes en route', async ({
  browser,
  page,
}) => {
  const mechanic = await register(page.request, 'mechanic', 'Nell');
  await approveMechanicAsAdmin(page.request, mechanic.id);
  const auth = { authorization: `Bearer ${mechanic.token}` };
  const profile = await page.request.post('/api/enhanced/mechanic-profile', {
    headers: auth,
    data: {
      apNumber: `A&P ${uniqueCertificateNumber()}`,
      iaAuthorization: false,
      hourlyRate: '120',
      serviceRadius: '40',
      baseLocation: 'PAFA',
      businessName: 'Golden Heart Mobile Aero',
    },
  });
  expect(profile.status()).toBe(201);
  const owner = await register(page.request, 'pilot', 'Ada');
  const tail = `N${stamp().slice(-4).replace(/^0/, '1')}F`;
  const plane = await page.request.post('/api/aircraft', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { tailNumber: tail, make: 'Piper', model: 'PA-18 Super Cub', year: '1978', totalHours: '4100' },
  });
  expect(plane.status()).toBe(201);

  // The owner's phone: 390 px, touch, its position at Fairbanks allowed.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: ZONE,
    geolocation: FAIRBANKS,
    permissions: ['geolocation'],
  });
  const ownerPage = await phone.newPage();
  await signIn(ownerPage, owner);
  const report = ownerPage.getByRole('button', { name: 'Report aircraft on ground' });
  await expect(report).toBeInViewport(); // the first screen, no scrolling

  const started = Date.now();
  await report.tap();
  const dialog = ownerPage.getByRole('dialog', { name: 'Report aircraft on ground' });
  await dialog.getByRole('button', { name: 'Engine will not start' }).tap();
  await dialog.getByRole('button', { name: 'Next' }).tap();
  await expect(dialog.getByText('Fuel selector on a tank with fuel (not OFF)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Still stuck: get a mechanic' }).tap();
  // The nearest airport is offered from the phone's position, and chosen.
  await expect(
    dialog.getByRole('group', { name: 'Nearest airports' }).getByRole('button', { name: /^PAFA \(Fairbanks, AK\)/ }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByLabel('Airport', { exact: true })).toHaveValue('PAFA');
  await dialog.getByRole('button', { name: 'FBO ramp' }).tap();
  await dialog.getByRole('button', { name: 'Next' }).tap();
  await dialog.getByRole('button', { name: 'No, it cannot fly' }).tap();
  await dialog.getByLabel('Callback phone').fill('(907) 555-0142');
  await dialog.getByRole('button', { name: 'Send to mechanics nearby' }).tap();

  const live = ownerPage.getByRole('dialog', { name: `${tail} on ground at PAFA` });
  await expect(live.getByRole('status').first()).toContainText(
    'Looking for a mechanic · 1 mechanic asked within 25 mi',
  );
  expect(Date.now() - started).toBeLessThan(60_000); // the whole report, under a minute
  expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The mechanic's side: the call in the AOG calls tab, answered with an arrival time and a fee.
  const desk = await browser.newContext({ viewport: { width: 1366, height: 900 }, timezoneId: ZONE });
  const mechanicPage = await desk.newPage();
  await signIn(mechanicPage, mechanic);
  await mechanicPage.getByRole('tab', { name: 'AOG calls' }).click();
  const call = mechanicPage.getByRole('list', { name: 'Open calls' }).getByRole('listitem').filter({ hasText: tail });
  await expect(call).toContainText('PAFA (Fairbanks, AK), FBO ramp');
  await expect(call).toContainText('Engine will not start');
  await call.getByLabel('On site by').fill(inAnHour());
  await call.getByLabel('Call-out fee ($)').fill('150');
  await call.getByRole('button', { name: 'Send offer' }).click();
  await expect(mechanicPage.getByText(/^Offer sent: on site by /)).toBeVisible();

  // The owner sees it appear without refreshing, and accepts it.
  const offers = live.getByRole('list', { name: 'Offers' });
  await expect(offers.getByText('Golden Heart Mobile Aero')).toBeVisible();
  await expect(offers.getByText('$150')).toBeVisible();
  await expect(offers.getByText('New · no ratings yet')).toBeVisible();
  await offers.getByRole('button', { name: /^Accept Nell / }).tap();
  await expect(ownerPage.getByText('Mechanic dispatched')).toBeVisible();
  await expect(live.getByRole('status').first()).toContainText(/Mechanic assigned · Nell .* on site by /);

  // The mechanic's dispatch, with the owner's phone; "En route" reaches the owner's timeline live.
  await mechanicPage.reload();
  await mechanicPage.getByRole('tab', { name: 'AOG calls' }).click();
  const job = mechanicPage
    .getByRole('list', { name: 'Your dispatches' })
    .getByRole('listitem')
    .filter({ hasText: tail })
    .first();
  await expect(job.getByRole('link', { name: '(907) 555-0142' })).toBeVisible();
  await job.getByRole('button', { name: 'En route' }).click();
  await job.getByRole('button', { name: 'Send: En route' }).click();
  await expect(mechanicPage.getByText('Status: En route. The owner is told.')).toBeVisible();
  await expect(live.getByRole('list', { name: 'Status timeline' })).toContainText('En route');
  await expect(live.getByRole('status').first()).toContainText('En route');
  expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await phone.close();
  await desk.close();
});
