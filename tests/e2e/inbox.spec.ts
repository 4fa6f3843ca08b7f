import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signInToConsole } from '../helpers/e2e-admin.ts';

// The business's inbox (docs/decisions/0210): an administrator answers an overdue quote request
// from the console, on a laptop and on a phone. The demo data holds three quote requests received
// days ago and never answered (scripts/lib/seed-public.ts): each test answers its own one.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** From the dashboard's Overdue card to the list of overdue requests. */
async function openOverdue(page: Page) {
  const overdueCard = page.getByRole('button', { name: /^Overdue \d+/ });
  await expect(overdueCard).toBeVisible();
  await overdueCard.click();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await expect(page.getByLabel('Overdue only')).toBeChecked();
}

test('answers an overdue quote request from the console at 1366 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToConsole(page);
  await openOverdue(page);
  const table = page.getByRole('table', { name: 'Quote requests' });
  await expect(table).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'Dana Whitfield' });
  // Overdue: said in words, in red, and before the requests still within their 24 hours.
  await expect(row).toContainText(/Overdue by \d+ d/);
  await expect(row.locator('[data-overdue]')).toHaveClass(/text-destructive/);

  await row.getByRole('button', { name: 'Dana Whitfield' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dana Whitfield' });
  await expect(dialog.getByText('N734DW')).toBeVisible();
  await dialog.getByLabel('Subject').fill('Your Skylane annual: our quote');
  await dialog
    .getByLabel('Message')
    .fill(
      'Hi Dana,\n\nThe annual on N734DW comes to $2,150 with the alternator light checked. We can be at KRHV next Tuesday.',
    );
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply queued in the outbox', { exact: true })).toBeVisible();

  // Recorded on the history with its delivery state, and the request is now contacted, by this admin.
  const history = dialog.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Replied "Your Skylane annual: our quote"');
  // The outbox sends it after the answer: the open dialog reads it again until it is delivered,
  // rather than keeping "waiting in the outbox" or "sending" from the moment of the answer.
  await expect(history).toContainText('delivered to the provider');
  await expect(history).toContainText('New → Contacted');
  await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('contacted');

  // An internal note, then assign it: both on the history with who did them.
  await dialog.getByLabel(/Internal note/).fill('Dana prefers a call after 5 pm');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(history).toContainText('Note: Dana prefers a call after 5 pm');
  await dialog.getByLabel('Assigned to').selectOption({ index: 1 });
  await expect(history).toContainText(/Assigned to \S+/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Answered: off the overdue list.
  await expect(table.getByRole('row').filter({ hasText: 'Dana Whitfield' })).toHaveCount(0);
});

test('answers an overdue quote request from a 390 px phone, from a template', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToConsole(page);
  await openOverdue(page);
  // Cards, not a table, and nothing wider than the phone.
  await expect(page.getByRole('table', { name: 'Quote requests' })).toBeHidden();
  const cards = page.getByRole('list', { name: 'Quote requests' });
  const card = cards.getByRole('listitem').filter({ hasText: 'Elena Sato' });
  await expect(card).toContainText(/Overdue by \d+ d/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await card.getByRole('button', { name: 'Elena Sato' }).click();
  const dialog = page.getByRole('dialog', { name: 'Elena Sato' });
  const template = dialog.getByLabel('Start from');
  const firstTemplate = await template.locator('option', { hasText: 'Template:' }).first().getAttribute('value');
  await template.selectOption(firstTemplate!);
  // Filled with the request's own fields.
  await expect(dialog.getByLabel('Message')).toHaveValue(/Elena/);
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply queued in the outbox', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'History' })).toContainText('New → Contacted');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');
  await expect(cards.getByRole('listitem').filter({ hasText: 'Elena Sato' })).toHaveCount(0);
});

test('converts a quote request: the invitation signs the customer up with the email filled in and the request drafted', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToConsole(page);
  await page.getByRole('tab', { name: 'Inbox' }).click();
  await page.getByLabel('Search', { exact: true }).fill('Oyelaran');
  const table = page.getByRole('table', { name: 'Quote requests' });
  await table.getByRole('button', { name: 'Marcus Oyelaran' }).click();
  const dialog = page.getByRole('dialog', { name: 'Marcus Oyelaran' });
  await dialog.getByRole('button', { name: 'Convert to a marketplace customer' }).click();
  await page
    .getByRole('alertdialog', { name: 'Send a sign-up invitation?' })
    .getByRole('button', { name: 'Send invitation' })
    .click();
  await expect(page.getByText('Invitation queued', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'History' })).toContainText(
    'Invitation sent to m.oyelaran@example.com',
  );

  // Delivered to the local mail catcher (no provider in tests), the email carries the link.
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Outbox' }).click();
  const catcher = (await page.locator('[data-delivery-notice]').getByRole('link').getAttribute('href'))!;
  await page.getByRole('button', { name: 'Deliver now' }).click();
  const invitation = async () => {
    const messages = (await (await request.get(`${catcher}/messages.json`)).json()) as { to: string[]; text: string }[];
    return messages.find((m) => m.to.includes('m.oyelaran@example.com') && m.text.includes('invite='));
  };
  await expect.poll(invitation, { timeout: 30_000 }).toBeTruthy();
  const link = new URL(/https?:\/\/\S+invite=\S+/.exec((await invitation())!.text)![0]);

  const customerContext = await browser.newContext({ ...(baseURL ? { baseURL } : {}) });
  const customer = await customerContext.newPage();
  await customer.goto(link.pathname + link.search);
  await expect(customer.getByRole('tab', { name: 'Sign Up', selected: true })).toBeVisible();
  await expect(customer.locator('#signup-email')).toHaveValue('m.oyelaran@example.com');
  await customer.locator('#signup-firstName').fill('Marcus');
  await customer.locator('#signup-lastName').fill('Oyelaran');
  await customer.locator('#signup-password').fill('Seminole-PA44!');
  await customer.getByRole('button', { name: 'Create Account' }).click();
  const draft = customer.getByRole('dialog', { name: 'Request Aircraft Service' });
  await expect(draft).toBeVisible();
  await expect(draft.getByLabel('Tail Number *')).toHaveValue('N44MO');
  await expect(draft.getByLabel(/Service Type/i)).toHaveValue('hundred_hour');
  await customerContext.close();
});
