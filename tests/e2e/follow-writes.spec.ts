import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { approveMechanicAsAdmin, uniqueCertificateNumber } from '../helpers/e2e-admin.ts';
import { openSignedIn, type ApiSession } from '../helpers/e2e-session.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// Screens follow every write from the write's own answer (docs/decisions/0081-screens-follow-writes.md):
// with the dashboard lists held back by several seconds, the card shows its new state well within
// 1.5 s of the write's answer. A stale second tab is told why the server refused, where it acted.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
// A valid N-number (N, a digit 1-9, three more digits, one letter), unique enough per run.
const TAIL = tailNumber(stamp, 'F');
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** How long the lists are held: far beyond the 1.5 s a card has to follow its write. */
const HOLD_MS = 6_000;
const FOLLOW_MS = 1_500;

async function account(browser: Browser, role: 'pilot' | 'mechanic') {
  const email = `${role}.follow.${stamp}@example.com`;
  const password = 'Checklist-Complete-1';
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/register', {
    data: {
      role,
      firstName: role === 'pilot' ? 'Nora' : 'Felix',
      lastName: `Follow${stamp.slice(-4)}`,
      email,
      password,
      location: 'Missoula, MT',
      ...(role === 'mechanic'
        ? { certificationNumber: '4567890', yearsExperience: 9, serviceRadius: 10, hourlyRate: 100 }
        : {}),
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  const headers = { authorization: `Bearer ${body.access_token}` };
  if (role === 'mechanic') {
    await approveMechanicAsAdmin(page.request, body.user.id);
    const profile = await page.request.post('/api/enhanced/mechanic-profile', {
      headers,
      data: {
        apNumber: `A&P ${uniqueCertificateNumber()}`,
        hourlyRate: '100',
        serviceRadius: '10',
        baseLocation: 'KMSO',
      },
    });
    expect(profile.status()).toBe(201);
  } else {
    const request = await page.request.post('/api/enhanced/quotes', {
      headers,
      data: {
        aircraftMake: 'Cessna',
        aircraftModel: '182T',
        aircraftYear: '2006',
        aircraftTailNumber: TAIL,
        aircraftTotalHours: '2400',
        aircraftLocation: 'KMSO',
        serviceType: 'annual_inspection',
        serviceDescription: 'Annual due next month.',
        urgencyLevel: 'normal',
        serviceLocation: 'KMSO',
        customerWillTravel: false,
        maxTravelDistance: '50',
      },
    });
    expect(request.status()).toBe(201);
  }
  return { page, session: body };
}

/** The account's dashboard, signed in. */
const signedIn = (who: { page: Page; session: ApiSession }) => openSignedIn(who.page, who.session);

/** From now on, every GET of the dashboard's lists waits HOLD_MS; returns how many were held. */
async function holdLists(page: Page, paths: string[]): Promise<() => number> {
  let held = 0;
  for (const path of paths) {
    await page.route(`**${path}`, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.fallback().catch(() => undefined); // the page may have moved on meanwhile
    });
  }
  return () => held;
}

/** Clicks, waits for the write's answer, and gives the card FOLLOW_MS from then to show `state`. */
async function followsWithin(page: Page, write: RegExp, click: () => Promise<void>, shown: () => Promise<void>) {
  const answered = page.waitForResponse(
    (r) => write.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
  );
  await click();
  expect((await answered).ok()).toBe(true);
  await shown();
}

test('cards follow quote, accept, confirm and start within 1.5 s while the lists are held; a stale tab is told why', async ({
  browser,
}) => {
  const owner = await account(browser, 'pilot');
  // Signed in as the form leaves a browser (the form itself: tests/e2e/auth.spec.ts).
  const mechanic = await signedIn(await account(browser, 'mechanic'));

  // --- The mechanic quotes, with the lists held back.
  await mechanic.getByRole('tab', { name: 'Service Requests' }).click();
  const card = mechanic.getByRole('listitem').filter({ hasText: TAIL });
  await expect(card.getByRole('button', { name: /Submit Quote/ })).toBeEnabled();
  // A second tab opened now goes stale when the first one quotes.
  const stale = await mechanic.context().newPage();
  await stale.goto('/dashboard');
  await stale.getByRole('tab', { name: 'Service Requests' }).click();
  const staleCard = stale.getByRole('listitem').filter({ hasText: TAIL });
  await expect(staleCard.getByRole('button', { name: /Submit Quote/ })).toBeEnabled();

  const mechanicHeld = await holdLists(mechanic, ['/api/enhanced/quotes/mechanic', '/api/appointments/mechanic']);
  await card.getByRole('button', { name: /Submit Quote/ }).click();
  const fill = async (dialog: ReturnType<Page['getByRole']>) => {
    await dialog.getByLabel(/Labor Cost/).fill('1400');
    await dialog.getByLabel(/Estimated Hours/).fill('12');
    await dialog.getByLabel(/Available Start Date/).fill(inDays(5));
    await dialog.getByLabel(/Est. Completion Date/).fill(inDays(6));
  };
  const quote = mechanic.getByRole('dialog', { name: 'Submit Quote' });
  await fill(quote);
  await followsWithin(
    mechanic,
    /\/api\/enhanced\/quotes\/[^/]+\/bid$/,
    () => quote.getByRole('button', { name: 'Submit Quote' }).click(),
    () => expect(card.getByRole('button', { name: 'Quote Submitted' })).toBeDisabled({ timeout: FOLLOW_MS }),
  );
  await expect(card.getByText('$1,400.00')).toBeVisible({ timeout: FOLLOW_MS });

  // The stale tab still offers the quote; the server refuses, and the dialog says why.
  await staleCard.getByRole('button', { name: /Submit Quote/ }).click();
  const staleQuote = stale.getByRole('dialog', { name: 'Submit Quote' });
  await fill(staleQuote);
  await staleQuote.getByRole('button', { name: 'Submit Quote' }).click();
  await expect(
    staleQuote.getByRole('alert').filter({ hasText: 'You have already submitted a quote for this service request' }),
  ).toBeVisible();
  // Behind the dialog the request was read again: closing it shows the truth.
  await staleQuote.getByRole('button', { name: 'Cancel' }).click();
  await expect(staleCard.getByRole('button', { name: 'Quote Submitted' })).toBeDisabled();
  await stale.close();

  // --- The owner accepts, with the lists held back: request and appointment follow at once.
  // The owner's dashboard opens now, after the quote: opened with the mechanic's, it only waited
  // to be reloaded here.
  const pilot = await signedIn(owner);
  await pilot.getByRole('tab', { name: 'Service Requests' }).click();
  const request = pilot
    .getByRole('listitem')
    .filter({ has: pilot.getByRole('heading', { name: `Annual Inspection · ${TAIL}` }) });
  await expect(request.getByRole('button', { name: /^Accept/ })).toBeVisible();
  const pilotHeld = await holdLists(pilot, ['/api/enhanced/quotes/user', '/api/appointments', '/api/aircraft']);
  await request.getByRole('button', { name: /^Accept/ }).click();
  await followsWithin(
    pilot,
    /\/api\/enhanced\/quotes\/[^/]+\/accept$/,
    () =>
      pilot
        .getByRole('alertdialog', { name: 'Accept this quote?' })
        .getByRole('button', { name: 'Accept Quote' })
        .click(),
    () => expect(request.getByText('Approved', { exact: true })).toBeVisible({ timeout: FOLLOW_MS }),
  );
  await expect(request.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
  await pilot.getByRole('tab', { name: 'Appointments' }).click();
  await expect(pilot.getByRole('listitem').filter({ hasText: TAIL }).getByText('Scheduled')).toBeVisible({
    timeout: FOLLOW_MS,
  });
  // The lists were asked for again behind the screen (and held).
  expect(pilotHeld()).toBeGreaterThan(0);
  // Cancelling now would cancel the appointment: the question says so, with whom and when.
  await pilot.getByRole('tab', { name: 'Service Requests' }).click();
  await request.getByRole('button', { name: 'Cancel request' }).click();
  const cancel = pilot.getByRole('alertdialog', { name: 'Cancel this service request?' });
  await expect(cancel).toContainText(`The appointment with Felix Follow${stamp.slice(-4)} on`);
  await expect(cancel).toContainText('is cancelled too');
  await cancel.getByRole('button', { name: 'Keep Request' }).click();
  await expect(request.getByText('Approved', { exact: true })).toBeVisible();

  // --- The mechanic confirms and starts (five days early, after the question), lists held.
  await mechanic.unrouteAll({ behavior: 'ignoreErrors' });
  await mechanic.reload();
  await mechanic.getByRole('tab', { name: 'Appointments' }).click();
  const job = mechanic.getByRole('listitem').filter({ hasText: TAIL });
  await expect(job.getByRole('button', { name: 'Confirm' })).toBeVisible();
  const held = await holdLists(mechanic, ['/api/enhanced/quotes/mechanic', '/api/appointments/mechanic']);
  await followsWithin(
    mechanic,
    /\/api\/appointments\/[^/]+\/confirm$/,
    () => job.getByRole('button', { name: 'Confirm' }).click(),
    () => expect(job.getByText('Confirmed')).toBeVisible({ timeout: FOLLOW_MS }),
  );
  await job.getByRole('button', { name: 'Start Work' }).click();
  const early = mechanic.getByRole('alertdialog', { name: 'Start work before the scheduled day?' });
  await expect(early).toContainText(/\b[45] days from today/);
  await followsWithin(
    mechanic,
    /\/api\/appointments\/[^/]+\/start$/,
    () => early.getByRole('button', { name: 'Start Work Now' }).click(),
    () => expect(job.getByText('In Progress')).toBeVisible({ timeout: FOLLOW_MS }),
  );
  await expect(job.getByRole('button', { name: 'Complete Job' })).toBeVisible({ timeout: FOLLOW_MS });
  expect(mechanicHeld() + held()).toBeGreaterThan(0);
});
