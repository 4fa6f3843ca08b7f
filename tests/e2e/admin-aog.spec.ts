import { expect as baseExpect, test } from '@playwright/test';
import { signInToConsole } from '../helpers/e2e-admin.ts';
import { E2E_PASSWORD, e2eMechanic } from '../helpers/e2e-accounts.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// An aircraft on ground waiting for a mechanic is the console's first concern: its home says so and
// the AOG tab carries the count. The administrator phones a mechanic and assigns them; the time and
// the fee must be said (no default is told to the owner), and before the dispatch goes out the
// console shows what the owner will be told, with the arrival in the aircraft's time zone.
// No other browser test places anyone near Juneau (PAJN).

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test('an aircraft on ground waits on the console home and is dispatched after the owner’s message is shown', async ({
  browser,
  page,
}) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const tail = tailNumber(stamp, 'J');
  const mechanicName = `Juno Dispatch${stamp.slice(-4)}`;
  await e2eMechanic(
    browser,
    { firstName: 'Juno', lastName: `Dispatch${stamp.slice(-4)}`, email: `aog.dispatch.${stamp}@example.com` },
    'PAJN',
    { width: 1366, height: 900 },
  );
  const owner = await page.request.post('/api/auth/register', {
    data: {
      role: 'pilot',
      firstName: 'Owen',
      lastName: `Float${stamp.slice(-4)}`,
      email: `aog.owner.${stamp}@example.com`,
      password: E2E_PASSWORD,
      location: 'Juneau, AK',
    },
  });
  expect(owner.status()).toBe(201);
  const headers = { authorization: `Bearer ${((await owner.json()) as { access_token: string }).access_token}` };
  const reported = await page.request.post('/api/aog', {
    headers,
    data: {
      aircraftTailNumber: tail,
      aircraftMake: 'Cessna',
      aircraftModel: '206',
      airport: 'PAJN',
      locationOnField: 'Float pond ramp',
      symptoms: ['engine_no_start'],
      description: 'Starter clicks, nothing turns.',
      access: { escortRequired: false },
      canFlyOut: false,
      callbackPhone: '(907) 555-0142',
    },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const aogId = ((await reported.json()) as { id: string }).id;

  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToConsole(page);

  // The console's home says it first; the AOG tab carries the count as its description.
  const attention = page.getByRole('status', { name: 'Needs attention' });
  await attention.getByRole('button', { name: /aircraft on ground waiting for a mechanic/ }).click();
  const tab = page.getByRole('tab', { name: 'AOG', exact: true });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab).toHaveAccessibleDescription(/^\d+ aircraft on ground waiting for a mechanic$/);

  const call = page
    .getByRole('list', { name: 'Open aircraft-on-ground calls' })
    .getByRole('listitem')
    .filter({
      hasText: `${tail} at`,
    });
  await call.getByRole('radio', { name: new RegExp(mechanicName) }).check();
  await call.getByRole('button', { name: 'Assign mechanic' }).click();
  await expect(call.getByText('Enter when the mechanic will be on site')).toBeVisible();
  await expect(call.getByText('Enter the call-out fee you agreed (0 for none)')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toBeHidden();

  await call.getByLabel('On site by').fill('23:45');
  await call.getByLabel('Call-out fee ($)').fill('150');
  await call.getByRole('button', { name: 'Assign mechanic' }).click();
  const ask = page.getByRole('alertdialog', { name: `Dispatch ${mechanicName}?` });
  await expect(ask).toContainText(
    new RegExp(
      `Owen Float${stamp.slice(-4)} is told at once: “${mechanicName} is dispatched to ${tail} at PAJN: on site by (today|\\w{3}) 11:45 PM AKST\\.”`,
    ),
  );
  await expect(ask).toContainText('Call-out fee: $150.');
  await ask.getByRole('button', { name: 'Dispatch' }).click();
  await expect(page.getByText('Mechanic dispatched; the owner is told')).toBeVisible();
  await expect(call).toHaveCount(0);

  const view = await page.request.get(`/api/aog/${aogId}`, { headers });
  expect(((await view.json()) as { status: string }).status).not.toBe('open');
});
