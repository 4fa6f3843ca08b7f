import { expect as baseExpect, test, type Page } from '@playwright/test';
import { mechanicAt, ownerWithPlane, signIn } from '../helpers/e2e-booking.ts';

// Instant booking through the UI: a mechanic opens a calendar and publishes a flat-rate annual;
// an owner books it from the aircraft's due list (pick a day, the ten-minute hold, confirm) and
// finds the confirmed appointment. Accounts and, at 390 px, the mechanic's settings are made by API.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

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
  // The start on the aircraft's airport clock, said to be its local time.
  await expect(
    dialog.getByText(/^Starts \w{3} \d+, \d{4} at \d+:\d\d [AP]M [A-Z]+ \(local time at K\w{3}\)$/),
  ).toBeVisible();
  await expect(dialog.getByText('Free to cancel or reschedule until 72 hours before the start.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByText(/^Booked: .* starts on /)).toBeVisible();
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
  await signIn(mechanicPage, mechanic);
  await mechanicPage.getByRole('tab', { name: 'Profile' }).click();
  const settings = mechanicPage.getByRole('form', { name: 'Your calendar' });
  // Proposed in the base airport's zone (Eugene, OR: Pacific); another zone is said to differ from it.
  await expect(settings.getByLabel('Time zone')).toHaveValue('America/Los_Angeles');
  await settings.getByLabel('Time zone').selectOption('America/New_York');
  await expect(settings.getByRole('note')).toContainText('Your base airport keeps Los Angeles time');
  await settings.getByRole('button', { name: 'Use Los Angeles time' }).click();
  await expect(settings.getByLabel('Time zone')).toHaveValue('America/Los_Angeles');
  await expect(settings.getByRole('note')).toBeHidden();
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

  await signIn(page, owner);
  const day = await bookFromDueList(page, owner.tail, mechanic.businessName, 'last');
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

    await signIn(page, owner);
    await bookFromDueList(page, owner.tail, mechanic.businessName, 'last');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await rescheduleThenCancel(page, owner.tail);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
