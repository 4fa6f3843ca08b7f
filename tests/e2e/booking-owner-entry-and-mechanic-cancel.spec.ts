import { expect as baseExpect, test, type Page } from '@playwright/test';
import { tailNumber } from '../helpers/tail-number.ts';
import { bookByApi, makeBookable, mechanicAt, ownerWithPlane, signIn, stamp } from '../helpers/e2e-booking.ts';

// The owner books from the Service Requests section (picking the aircraft in the dialog),
// and the mechanic cancels a booked appointment with a reason, after a confirmation question, on a
// phone (390 px). The booking dialog at 1366 px: tests/e2e/booking.spec.ts. North Bend and Klamath
// Falls, Oregon (KOTH, KLMT): no other test books there.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 } });

const noSidewaysScroll = async (page: Page, width = 390) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

const [width, airport] = [390, 'KOTH'] as const;
test(`an owner books from Service Requests, for the aircraft picked in the dialog (${width} px)`, async ({ page }) => {
  const mechanic = await mechanicAt(page.request, airport);
  await makeBookable(page.request, mechanic);
  const owner = await ownerWithPlane(page.request, airport);
  // A second aircraft, listed first or not: the owner picks the one to book for.
  const second = tailNumber(stamp(), 'C');
  const plane = await page.request.post('/api/aircraft', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      tailNumber: second,
      make: 'Cessna',
      model: '172S',
      year: '2001',
      totalHours: '3100',
      homeAirport: airport,
    },
  });
  expect(plane.status()).toBe(201);

  await signIn(page, owner);
  await page.getByRole('tab', { name: 'Service Requests' }).click();
  await page.getByRole('button', { name: 'Book a mechanic' }).click();
  await page.getByRole('dialog').getByLabel('Aircraft', { exact: true }).selectOption({ label: second });
  const dialog = page.getByRole('dialog', { name: `Book a mechanic for ${second}` });
  const offers = dialog.getByRole('list', { name: 'Mechanics you can book' });
  await expect(offers.getByText(mechanic.businessName, { exact: true })).toBeVisible();
  await expect(offers.getByText('$1,850.00')).toBeVisible();
  await noSidewaysScroll(page, width);
  await page.screenshot({ path: `test-results/booking-from-requests-${width}.png` });
  await offers
    .getByRole('button', { name: /^Start on / })
    .first()
    .click();
  await expect(dialog.getByText(/These days are held for you for \d+:\d\d\./)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  // The toast names the mechanic and the day (the request's card also begins "Booked:").
  await expect(page.getByText(/^Booked: .* starts on /)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The booking is the picked aircraft's: its request is in the section.
  await expect(page.getByRole('tabpanel').getByText(second).first()).toBeVisible();
});

test('the mechanic cancels a booked appointment with a reason the owner reads; the days are free again (390 px)', async ({
  page,
  browser,
}) => {
  const mechanic = await mechanicAt(page.request, 'KLMT');
  await makeBookable(page.request, mechanic);
  const owner = await ownerWithPlane(page.request, 'KLMT');
  const booked = await bookByApi(page.request, owner, mechanic.id, owner.aircraftId);

  await signIn(page, mechanic);
  await page.getByRole('tab', { name: 'Appointments' }).click();
  const job = page.locator('li[id^="item-"]').filter({ hasText: owner.tail });
  await job.getByRole('button', { name: 'Cancel appointment' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Cancel this appointment?' });
  await expect(ask.getByText(/The owner is told at once, with your reason\./)).toBeVisible();
  // Nothing is sent without a reason.
  await ask.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(ask.getByText('Reason is required')).toBeVisible();
  await ask.getByLabel('Reason (the owner reads it)').fill('The engine shop needs me that week');
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/booking-mechanic-cancel-390.png' });
  await ask.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByText('Appointment cancelled. The owner is told.')).toBeVisible();
  await expect(ask).toBeHidden();
  await expect(job.getByText('Cancelled by the mechanic.')).toBeVisible();
  await expect(job.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);

  // The owner reads who cancelled and why, and may no longer reschedule it.
  const ownerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const o = await ownerContext.newPage();
  await signIn(o, owner);
  await o.getByRole('tab', { name: 'Appointments' }).click();
  const mine = o.locator('li[id^="item-"]').filter({ hasText: owner.tail });
  await expect(mine.getByText('Cancelled by the mechanic.')).toBeVisible();
  await expect(mine.getByText('Reason: The engine shop needs me that week')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  await noSidewaysScroll(o);
  await ownerContext.close();
  // The days are free again for anyone.
  const offers = await page.request.get(
    `/api/booking/offers?aircraftId=${owner.aircraftId}&serviceType=annual_inspection`,
    { headers: { authorization: `Bearer ${owner.token}` } },
  );
  const offer = ((await offers.json()) as Array<{ mechanicId: string; openStarts: string[] }>).find(
    (x) => x.mechanicId === mechanic.id,
  )!;
  expect(offer.openStarts).toContain(booked.start);
});
