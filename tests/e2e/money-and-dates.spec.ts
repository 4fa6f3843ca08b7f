import { readFile } from 'node:fs/promises';
import { approveMechanicAsAdmin, uniqueCertificateNumber } from '../helpers/e2e-admin.ts';
import ical from 'node-ical';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { openSignedIn, type ApiSession } from '../helpers/e2e-session.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// The job figures, dates and times in Chromium at a phone's width and a laptop's: the job's figure
// named the same on both sides, the time proposed by the mechanic and picked by the owner with a
// calendar file, each party's contacts on the appointment, and Back closing a dialog. One walk:
// the owner on a phone (390 px), the mechanic on a laptop (1366 px); at the end each side's
// appointment card is opened at the other width too. Accounts, profile, request, quote and
// acceptance go through the API; what is checked is on screen.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface Account {
  page: Page;
  email: string;
  password: string;
  token: string;
  session: ApiSession;
}

async function register(
  browser: Browser,
  viewport: { width: number; height: number },
  role: 'pilot' | 'mechanic',
  tag: string,
  phone: string,
): Promise<Account> {
  const email = `${role}.money.${tag}.${stamp}@example.com`;
  const password = 'Checklist-Complete-1';
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/register', {
    data: {
      role,
      firstName: role === 'pilot' ? 'Olive' : 'Mark',
      lastName: `Money${tag}`,
      email,
      password,
      phone,
      location: 'Cody, WY',
      ...(role === 'mechanic'
        ? { certificationNumber: '3456789', yearsExperience: 12, serviceRadius: 10, hourlyRate: 100 }
        : {}),
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  if (role === 'mechanic') await approveMechanicAsAdmin(page.request, body.user.id);
  return { page, email, password, token: body.access_token, session: body };
}

/** Signed in as the form leaves a browser (the form itself: tests/e2e/auth.spec.ts). */
async function signIn(who: Account) {
  await openSignedIn(who.page, who.session);
  await expect(who.page.getByRole('tab', { name: 'Appointments' })).toBeVisible();
  return who.page;
}

/** The account's Appointments in a new window of `viewport`, signed in. */
async function appointmentsAt(browser: Browser, who: Account, viewport: { width: number; height: number }) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await openSignedIn(page, who.session, '/dashboard?section=appointments');
  await expect(page.getByRole('tab', { name: 'Appointments' })).toHaveAttribute('aria-selected', 'true');
  return page;
}

/** A job accepted through the API: $1,600 approved of $1,825 quoted (the transponder deferred, the wax declined). */
async function acceptedJob(browser: Browser, place: string, tag: string) {
  const mechanic = await register(browser, LAPTOP, 'mechanic', tag, '(307) 555-0142');
  const owner = await register(browser, PHONE, 'pilot', tag, '(307) 555-0199');
  const auth = (a: Account) => ({ authorization: `Bearer ${a.token}` });
  expect(
    (
      await mechanic.page.request.post('/api/enhanced/mechanic-profile', {
        headers: auth(mechanic),
        data: {
          apNumber: `A&P ${uniqueCertificateNumber()}`,
          iaAuthorization: true,
          hourlyRate: '100',
          serviceRadius: '5',
          baseLocation: place,
          businessName: 'Big Horn Aero',
        },
      })
    ).status(),
  ).toBe(201);
  const tail = tailNumber(stamp, tag);
  const request = await owner.page.request.post('/api/enhanced/quotes', {
    headers: auth(owner),
    data: {
      aircraftMake: 'Cessna',
      aircraftModel: '182P',
      aircraftYear: '1975',
      aircraftTailNumber: tail,
      aircraftTotalHours: '3390.4',
      aircraftLocation: place,
      serviceType: 'annual_inspection',
      serviceDescription: 'Annual; transponder check due.',
      urgencyLevel: 'normal',
      serviceLocation: place,
      customerWillTravel: false,
      maxTravelDistance: '50',
    },
  });
  expect(request.status()).toBe(201);
  const requestId = ((await request.json()) as { id: string }).id;
  const line = (category: string, description: string, laborHours: string, partsCost: string) => ({
    category,
    description,
    laborHours,
    laborRate: '100',
    partsCost,
  });
  const bid = await mechanic.page.request.post(`/api/enhanced/quotes/${requestId}/bid`, {
    headers: auth(mechanic),
    data: {
      availableStartDate: inDays(10),
      estimatedCompletionDate: inDays(12),
      warrantyPeriod: 90,
      notes: 'On site at the FBO.',
      lines: [
        line('inspection', 'Annual inspection, C182P', '16', '0'),
        line('airworthy', 'Transponder check (91.413)', '1.5', '0'),
        line('discretionary', 'Wash and wax', '0.5', '25'),
      ],
    },
  });
  expect(bid.status()).toBe(201);
  const quote = (await bid.json()) as { id: string; lines: Array<{ id: string }> };
  const accepted = await owner.page.request.post(`/api/enhanced/quotes/${requestId}/accept`, {
    headers: auth(owner),
    data: {
      bidId: quote.id,
      decisions: [
        { lineId: quote.lines[1]!.id, decision: 'defer' },
        { lineId: quote.lines[2]!.id, decision: 'decline' },
      ],
    },
  });
  expect(accepted.status()).toBe(200);
  return { mechanic, owner, tail };
}

test('one named figure, times agreed with a calendar file, contacts, Back closes a dialog: owner at 390 px, mechanic at 1366 px', async ({
  browser,
}) => {
  const { mechanic: m, owner: o, tail } = await acceptedJob(browser, 'KCOD', 'P');
  const mechanic = await signIn(m);
  const owner = await signIn(o);

  // Point 16: each section is a history entry; reload keeps it.
  await owner.getByRole('tab', { name: 'Service Requests' }).click();
  await expect(owner).toHaveURL(/\?section=requests$/);
  // Point 7: the accepted quote's card names the approved figure, not the quote as sent.
  const figure = owner.getByRole('tabpanel').locator('[data-figure="approved"]').first();
  await expect(figure).toContainText('Approved: $1,600.00');
  await expect(figure).toContainText('Quoted $1,825.00');
  await owner.reload();
  await expect(owner.getByRole('tab', { name: 'Service Requests' })).toHaveAttribute('aria-selected', 'true');

  await owner.getByRole('tab', { name: 'Appointments' }).click();
  const ownerCard = owner.locator('li[id^="item-"]').filter({ hasText: tail });
  await expect(ownerCard.locator('[data-figure="approved"]').first()).toContainText('Approved: $1,600.00');
  await expect(ownerCard).toContainText('16 h');
  // Point 10: the owner sees the mechanic's phone and email, and says where the aircraft is.
  const ownerContacts = ownerCard.getByRole('group', { name: 'Contacts and aircraft location' });
  await expect(ownerContacts).toContainText('(307) 555-0142');
  await expect(ownerContacts).toContainText(m.email.toLowerCase());
  await expect(ownerContacts).toContainText('Big Horn Aero');
  await ownerContacts.getByRole('button', { name: 'Say where it is' }).click();
  await ownerContacts.getByLabel(/Where the aircraft is/).fill('Hangar 4, Cody Aviation FBO');
  await ownerContacts.getByRole('button', { name: 'Save' }).click();
  await expect(ownerContacts).toContainText('Hangar 4, Cody Aviation FBO');
  await expect(ownerCard.getByRole('group', { name: 'Appointment time' })).toContainText('Time not agreed yet');

  // The mechanic's side: the same figure, the owner's contacts and the aircraft's place.
  await mechanic.getByRole('tab', { name: 'Appointments' }).click();
  // The owner's note was saved after this page loaded: a reload reads it (and keeps the section).
  await mechanic.reload();
  await expect(mechanic.getByRole('tab', { name: 'Appointments' })).toHaveAttribute('aria-selected', 'true');
  const mechCard = mechanic.locator('li[id^="item-"]').filter({ hasText: tail });
  await expect(mechCard.locator('[data-figure="approved"]').first()).toContainText('Approved: $1,600.00');
  const mechContacts = mechCard.getByRole('group', { name: 'Contacts and aircraft location' });
  await expect(mechContacts).toContainText('(307) 555-0199');
  await expect(mechContacts).toContainText(o.email.toLowerCase());
  await expect(mechContacts).toContainText('Hangar 4, Cody Aviation FBO');
  await mechanic.getByRole('tab', { name: 'Earnings' }).click();
  await expect(mechanic.getByText('Approved: $1,600.00').first()).toBeVisible();
  await mechanic.getByRole('tab', { name: 'Appointments' }).click();

  // Point 9: the mechanic proposes two times from the quote's start date.
  const mechTime = mechCard.getByRole('group', { name: 'Appointment time' });
  await mechTime.getByRole('button', { name: 'Propose times' }).click();
  const propose = mechanic.getByRole('dialog', { name: 'Propose times' });
  await expect(propose.getByLabel('Date 1', { exact: true })).toHaveValue(inDays(10));
  await propose.getByLabel('Time 1', { exact: true }).fill('08:30');
  // Point 16: Back closes the dialog and keeps the section.
  await mechanic.goBack();
  await expect(propose).toHaveCount(0);
  await expect(mechanic).toHaveURL(/\?section=appointments$/);
  await expect(mechanic.getByRole('tab', { name: 'Appointments' })).toHaveAttribute('aria-selected', 'true');
  await mechTime.getByRole('button', { name: 'Propose times' }).click();
  await propose.getByLabel('Time 1', { exact: true }).fill('08:30');
  await propose.getByRole('button', { name: 'Add a time' }).click();
  await propose.getByLabel('Time 2', { exact: true }).fill('13:00');
  await propose.getByRole('button', { name: 'Send times' }).click();
  await expect(propose).toHaveCount(0);
  await expect(mechTime).toContainText('Waiting for');

  // The owner picks the second time (after a reload: the proposal came from the other side).
  await owner.reload();
  const ownerTime = owner
    .locator('li[id^="item-"]')
    .filter({ hasText: tail })
    .getByRole('group', { name: 'Appointment time' });
  await ownerTime.getByRole('radio', { name: /1:00 PM MDT|1:00 PM MST/ }).check();
  await ownerTime.getByRole('button', { name: 'Accept this time' }).click();
  await expect(ownerTime).toContainText('Time agreed');
  await expect(ownerTime).toContainText('1:00 PM');

  // Both get the same calendar file; a real parser reads the right instant (13:00 in Wyoming).
  const download = owner.waitForEvent('download');
  await ownerTime.getByRole('button', { name: 'Add to calendar (.ics)' }).click();
  const file = await (await download).path();
  const events = Object.values(ical.sync.parseICS(await readFile(file, 'utf8'))).filter(
    (c) => c?.type === 'VEVENT',
  ) as ical.VEvent[];
  expect(events).toHaveLength(1);
  const start = events[0]!.start;
  const wyoming = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Denver',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(start);
  expect(wyoming).toBe('13:00');
  expect(events[0]!.location).toContain('Hangar 4, Cody Aviation FBO');

  await mechanic.reload();
  const mechAgain = mechanic
    .locator('li[id^="item-"]')
    .filter({ hasText: tail })
    .getByRole('group', { name: 'Appointment time' });
  await expect(mechAgain).toContainText('Time agreed');
  const mechDownload = mechanic.waitForEvent('download');
  await mechAgain.getByRole('button', { name: 'Add to calendar (.ics)' }).click();
  const mechEvents = Object.values(
    ical.sync.parseICS(await readFile(await (await mechDownload).path(), 'utf8')),
  ).filter((c) => c?.type === 'VEVENT') as ical.VEvent[];
  expect(mechEvents[0]!.start.toISOString()).toBe(start.toISOString());

  // Point 16 on the owner's side: Back steps through sections and never leaves the dashboard.
  await owner.goBack();
  await expect(owner).toHaveURL(/\/dashboard\?section=requests$/);
  await owner.goBack();
  await expect(owner).toHaveURL(/\/dashboard$/);
  await expect(owner.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Each side's card at the other width: the same figure, contacts and agreed time, laid out there.
  for (const [who, width, theirs] of [
    [o, LAPTOP, '(307) 555-0142'],
    [m, PHONE, '(307) 555-0199'],
  ] as const) {
    const other = await appointmentsAt(browser, who, width);
    const card = other.locator('li[id^="item-"]').filter({ hasText: tail });
    await expect(card.locator('[data-figure="approved"]').first()).toContainText('Approved: $1,600.00');
    const contacts = card.getByRole('group', { name: 'Contacts and aircraft location' });
    await expect(contacts).toContainText(theirs);
    await expect(contacts).toContainText('Hangar 4, Cody Aviation FBO');
    await expect(card.getByRole('group', { name: 'Appointment time' })).toContainText('Time agreed');
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width.width);
    await other.context().close();
  }
});
