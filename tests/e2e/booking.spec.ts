import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { approveMechanicAsAdmin } from '../helpers/e2e-admin.ts';

// Instant booking through the UI: a mechanic opens a calendar and publishes a flat-rate annual;
// an owner books it from the aircraft's due list (pick a day, the ten-minute hold, confirm) and
// finds the confirmed appointment. Accounts and, at 390 px, the mechanic's settings are made by API.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const PASSWORD = 'Checklist-Complete-1';

async function register(request: APIRequestContext, role: 'pilot' | 'mechanic', location: string) {
  const email = `booking.${role}.${stamp()}@example.com`;
  const res = await request.post('/api/auth/register', {
    data: {
      role,
      firstName: role === 'pilot' ? 'Owen' : 'Mara',
      lastName: `Booker${stamp().slice(-4)}`,
      email,
      password: PASSWORD,
      location,
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { email, token: body.access_token, id: body.user.id };
}

async function signIn(page: Page, email: string) {
  await page.goto('/dashboard');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function mechanicAt(request: APIRequestContext, airport: string) {
  const mechanic = await register(request, 'mechanic', airport);
  await approveMechanicAsAdmin(request, mechanic.id);
  const auth = { authorization: `Bearer ${mechanic.token}` };
  const profile = await request.post('/api/enhanced/mechanic-profile', {
    headers: auth,
    data: {
      apNumber: 'A&P 3456789',
      iaAuthorization: true,
      hourlyRate: '115',
      serviceRadius: '5',
      baseLocation: airport,
      businessName: `Mara’s Mobile Annuals ${airport}`,
    },
  });
  expect(profile.status()).toBe(201);
  return { ...mechanic, auth };
}

async function ownerWithPlane(request: APIRequestContext, airport: string) {
  const owner = await register(request, 'pilot', airport);
  const digits = stamp().slice(-4).replace(/^0/, '1');
  const tail = `N${digits}B`;
  const plane = await request.post('/api/aircraft', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      tailNumber: tail,
      make: 'Cessna',
      model: '172S Skyhawk',
      year: '2004',
      totalHours: '2100',
      homeAirport: airport,
    },
  });
  expect(plane.status()).toBe(201);
  return { ...owner, tail };
}

/** Books from the due list; `which` start of the offer's open days (the last is days away, inside the free window). */
async function bookFromDueList(page: Page, tail: string, businessName: string, which: 'first' | 'last' = 'first') {
  await page.getByRole('tab', { name: 'My Aircraft' }).click();
  await page.getByRole('button', { name: `Due list for ${tail}` }).click();
  await expect(page.getByRole('heading', { name: `Due list · ${tail}` })).toBeVisible();
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Book a mechanic for ${tail}` });
  const offers = dialog.getByRole('list', { name: 'Mechanics you can book' });
  await expect(offers.getByText(businessName)).toBeVisible();
  await expect(offers.getByText('$1,850.00')).toBeVisible();
  const starts = offers.getByRole('button', { name: /^Start on / });
  const first = which === 'first' ? starts.first() : starts.last();
  const label = (await first.getAttribute('aria-label')) ?? '';
  await first.click();
  await expect(dialog.getByText(/These days are held for you for \d+:\d\d\./)).toBeVisible();
  await expect(dialog.getByText('Free to cancel or reschedule until 72 hours before the start.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByText(/^Booked: /)).toBeVisible();
  await expect(dialog).toBeHidden();
  return label.replace(/^Start on /, '').replace(/ with .*$/, '');
}

/** The owner moves the booking to another open start, then cancels it, from its appointment card. */
async function rescheduleThenCancel(page: Page, tail: string) {
  await page.getByRole('tab', { name: 'Appointments' }).click();
  const card = page.locator('li[id^="item-"]').filter({ hasText: tail });
  await expect(card.getByText(/^Free to reschedule or cancel until /)).toBeVisible();
  await card.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule the booking' });
  // The last open start: far enough ahead that the moved booking can still be cancelled for free.
  const target = dialog.getByRole('button', { name: /^Move the start to / }).last();
  const day = ((await target.getAttribute('aria-label')) ?? '').replace(/^Move the start to /, '');
  await target.click();
  await expect(page.getByText(/^Rescheduled: /)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(day).first()).toBeVisible();

  await card.getByRole('button', { name: 'Cancel booking' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(confirm.getByText(/are freed for others/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Booking cancelled: the mechanic’s days are free again')).toBeVisible();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reschedule' })).toBeHidden();
  return day;
}

test('a mechanic opens a calendar and an owner books the flat-rate annual from the due list (1366 px)', async ({
  page,
  browser,
}) => {
  const mechanic = await mechanicAt(page.request, 'KEUG');
  const owner = await ownerWithPlane(page.request, 'KEUG');

  // The mechanic's side, in their own browser.
  const mechanicContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const mechanicPage = await mechanicContext.newPage();
  await signIn(mechanicPage, mechanic.email);
  await mechanicPage.getByRole('tab', { name: 'Profile' }).click();
  const settings = mechanicPage.getByRole('form', { name: 'Your calendar' });
  await settings.getByLabel('Time zone').selectOption('America/Los_Angeles');
  await settings.getByRole('button', { name: 'Save calendar' }).click();
  await expect(mechanicPage.getByText('Calendar saved')).toBeVisible();
  await expect(mechanicPage.getByLabel(/Your jobs in your phone’s calendar/)).toHaveValue(/\/api\/calendar\/.+\.ics$/);
  const rates = mechanicPage.getByRole('form', { name: 'Flat rates' });
  await rates.getByRole('button', { name: 'Add a rate' }).click();
  await rates.getByLabel('Price ($)').fill('1850');
  await rates.getByLabel('Days on site').fill('2');
  await rates.getByLabel('What the price includes').fill('Annual inspection and logbook entries');
  await rates.getByRole('button', { name: 'Save rates' }).click();
  await expect(mechanicPage.getByText('1 flat rate saved')).toBeVisible();

  await signIn(page, owner.email);
  const day = await bookFromDueList(page, owner.tail, `Mara’s Mobile Annuals KEUG`, 'last');
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await expect(page.getByRole('tabpanel').getByText(day).first()).toBeVisible();

  // The mechanic is told.
  await mechanicPage.reload();
  await mechanicPage.getByRole('tab', { name: 'Appointments' }).click();
  await expect(mechanicPage.getByRole('tabpanel').getByText(owner.tail).first()).toBeVisible();

  // The owner moves it, then cancels it; the mechanic is told both.
  await rescheduleThenCancel(page, owner.tail);
  const told = await page.request.get('/api/enhanced/notifications', { headers: mechanic.auth });
  const types = ((await told.json()) as Array<{ type: string }>).map((n) => n.type);
  expect(types).toEqual(expect.arrayContaining(['booking.confirmed', 'booking.rescheduled', 'request.cancelled']));
  await mechanicContext.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an owner books the flat-rate annual from the due list (390 px)', async ({ page }) => {
    const mechanic = await mechanicAt(page.request, 'KRDM');
    const put = (path: string, data: unknown) => page.request.put(path, { headers: mechanic.auth, data });
    expect(
      (
        await put('/api/enhanced/mechanic-profile/availability', {
          timeZone: 'America/Los_Angeles',
          weekly: [1, 2, 3, 4, 5].map((d) => ({ day: d, start: '08:00', end: '17:00' })),
          timeOff: [],
          maxConcurrentJobs: 1,
        })
      ).status(),
    ).toBe(200);
    expect(
      (
        await put('/api/enhanced/mechanic-profile/rates', [
          {
            serviceType: 'annual_inspection',
            aircraftClass: 'single_piston_fixed',
            priceCents: 185_000,
            days: 2,
            includes: 'Annual inspection',
          },
        ])
      ).status(),
    ).toBe(200);
    const owner = await ownerWithPlane(page.request, 'KRDM');

    await signIn(page, owner.email);
    await bookFromDueList(page, owner.tail, `Mara’s Mobile Annuals KRDM`, 'last');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await rescheduleThenCancel(page, owner.tail);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
