import { expect as baseExpect, test } from '@playwright/test';
import { axeViolations } from '../helpers/e2e-axe.ts';
import { e2eRegister } from '../helpers/e2e-accounts.ts';
import { openSignedIn, openSignedInOn } from '../helpers/e2e-session.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// Maintenance tracking through the UI: a pilot's aircraft with an overdue annual is "Not
// airworthy"; from its due list, one selection and "Request service" submit a pre-filled request.
// The account and its aircraft are made by the API (the Add Aircraft dialog:
// tests/e2e/marketplace.spec.ts), and the dashboard opens signed in as the sign-in form leaves a
// browser (the form itself: tests/e2e/auth.spec.ts).

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });
// axe is injected as an inline script, which the site's content policy rightly refuses (the policy
// is checked in tests/e2e/security.spec.ts).
test.use({ bypassCSP: true });

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
// A valid N-number (N, a digit 1-9, three more digits, one letter), unique enough per run.
const TAIL = tailNumber(stamp, 'M');

/** The first day of the month 13 months ago: an annual done then is overdue today. */
function thirteenMonthsAgo(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 13, 1)).toISOString().slice(0, 10);
}

test('overdue annual to a submitted pre-filled service request', async ({ page }) => {
  const owner = await e2eRegister(page.request, 'pilot', {
    firstName: 'Marta',
    lastName: `Owner${stamp.slice(-4)}`,
    email: `pilot.maint.${stamp}@example.com`,
  });
  const plane = await page.request.post('/api/aircraft', {
    headers: owner.headers,
    data: { tailNumber: TAIL, make: 'Cessna', model: '172S Skyhawk', totalHours: '2100' },
  });
  expect(plane.status()).toBe(201);
  await openSignedIn(page, owner.session);
  await page.getByRole('tab', { name: 'My Aircraft' }).click();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Add Aircraft' })).toBeVisible();

  // Its due list: set the home airport, then enter the annual, done 13 months ago.
  await page.getByRole('button', { name: `Due list for ${TAIL}` }).click();
  await expect(page.getByRole('heading', { name: `Due list · ${TAIL}` })).toBeVisible();
  await page.getByRole('button', { name: 'Edit aircraft' }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${TAIL}` });
  await edit.getByLabel('Home airport').fill('KPAO');
  await edit.getByRole('button', { name: 'Save aircraft' }).click();
  await expect(page.getByText('home KPAO')).toBeVisible();

  await page.getByRole('button', { name: 'Add item' }).click();
  const item = page.getByRole('dialog', { name: 'Add due item' });
  await item.getByLabel('Kind *').selectOption('annual');
  await expect(item.getByText('Rule: 14 CFR 91.409(a)')).toBeVisible();
  // A date in the future is refused under its field, by the function's own schema, before sending;
  // the dialog with its error passes axe.
  const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await item.getByLabel('Last done (date)').fill(future);
  await item.getByRole('button', { name: 'Add item' }).click();
  await expect(item.getByRole('alert')).toHaveText('Last done date cannot be in the future');
  await expect(item.getByLabel('Last done (date)')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(item)).toEqual([]);
  await item.getByLabel('Last done (date)').fill(thirteenMonthsAgo());
  await item.getByRole('button', { name: 'Add item' }).click();
  await expect(item).toBeHidden();

  // The verdict and the item say why, with the rule.
  await expect(page.getByText('Not airworthy')).toBeVisible();
  await expect(page.getByText(/Annual inspection overdue \(was due by/)).toBeVisible();
  const row = page.getByRole('row', { name: /Annual inspection/ });
  await expect(row.getByText('Overdue')).toBeVisible();
  await expect(row.getByText('14 CFR 91.409(a)')).toBeVisible();

  // Select it and request service: reviewed, then sent.
  await page.getByRole('checkbox', { name: 'Select Annual inspection' }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Request service' }).click();
  await page
    .getByRole('dialog', { name: `Review the request for ${TAIL}` })
    .getByRole('button', { name: 'Send request' })
    .click();
  await expect(page.getByText('Service request sent to mechanics near KPAO')).toBeVisible();

  // The pre-filled request is in the pilot's Service Requests.
  const requests = page.getByRole('tabpanel', { name: 'Service Requests' });
  await expect(requests.getByText('Annual Inspection').first()).toBeVisible();
  await expect(requests.getByText(/Annual inspection \(14 CFR 91\.409\(a\)\): overdue \(was due by/)).toBeVisible();
  await expect(requests.getByText(new RegExp(TAIL)).first()).toBeVisible();
});

test("My Aircraft's cards: their due lists are read before the tab is opened, and a card's buttons come with its verdict", async ({
  page,
  browser,
}) => {
  const owner = await e2eRegister(page.request, 'pilot', {
    firstName: 'Cora',
    lastName: `Cards${stamp.slice(-4)}`,
    email: `pilot.cards.${stamp}@example.com`,
  });
  const [first, second] = [tailNumber(stamp, 'CA'), tailNumber(stamp, 'CB')];
  const ids: string[] = [];
  for (const tail of [first, second]) {
    const plane = await page.request.post('/api/aircraft', {
      headers: owner.headers,
      data: { tailNumber: tail, make: 'Piper', model: 'PA-28-181', totalHours: '1800' },
    });
    expect(plane.status()).toBe(201);
    ids.push(((await plane.json()) as { id: string }).id);
  }
  const dueListOf = /\/api\/aircraft\/([^/]+)\/maintenance$/;

  // On the Overview, nothing opened: once the dashboard is idle, each card's due list is read.
  const read = new Set<string>();
  page.on('requestfinished', (request) => {
    const id = dueListOf.exec(new URL(request.url()).pathname)?.[1];
    if (id) read.add(id);
  });
  await openSignedIn(page, owner.session);
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => [...read].sort()).toEqual([...ids].sort());
  // My Aircraft then opens with every card complete.
  await page.getByRole('tab', { name: 'My Aircraft' }).click();
  await expect(page.getByRole('button', { name: `Due list for ${first}` })).toBeVisible();
  await expect(page.getByText('Reading its due list...')).toHaveCount(0);

  // A card whose due list has not come yet (held here, as on a slow phone) says it is reading it and
  // shows no button that the verdict would push down a moment later.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const slow = await (await browser.newContext()).newPage();
  await slow.route(dueListOf, async (route) => {
    await released;
    await route.continue();
  });
  await openSignedInOn(slow, owner.session, 'aircraft');
  const card = slow.getByRole('group', { name: first });
  await expect(card.getByRole('status')).toHaveText('Reading its due list...');
  await expect(card.getByRole('button')).toHaveCount(0);
  release();
  await expect(card.getByText('No due items yet: open the due list to add the annual and the rest.')).toBeVisible();
  await expect(card.getByRole('button', { name: `Due list for ${first}` })).toBeVisible();
  await expect(card.getByRole('status')).toHaveCount(0);
  await slow.context().close();
});
