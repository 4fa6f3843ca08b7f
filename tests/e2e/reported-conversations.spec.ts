import { expect as baseExpect, test } from '@playwright/test';
import { E2E_PASSWORD, e2eMechanic } from '../helpers/e2e-accounts.ts';
import { signInToConsole } from '../helpers/e2e-admin.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// Reported conversations in the console: a report that needs nothing is dismissed ("No action
// needed", asked first) and the conversation stays open; a sender suspended when a conversation
// is closed is listed under "Suspended from messaging" and can be let back in. Baker City (KBKE)
// is this file's own airport for the owner's request.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test('an administrator dismisses a report, then closes another with a suspension and lifts it', async ({
  browser,
  page,
}) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const mechanic = await e2eMechanic(
    browser,
    { firstName: 'Rex', lastName: `Reported${stamp.slice(-4)}`, email: `reported.mech.${stamp}@example.com` },
    'KBKE',
    { width: 1366, height: 900 },
  );
  const api = page.request;
  const owner = await api.post('/api/auth/register', {
    data: {
      role: 'pilot',
      firstName: 'Ora',
      lastName: `Owner${stamp.slice(-4)}`,
      email: `reported.owner.${stamp}@example.com`,
      password: E2E_PASSWORD,
      location: 'Baker City, OR',
    },
  });
  expect(owner.status()).toBe(201);
  const ownerHeaders = { authorization: `Bearer ${((await owner.json()) as { access_token: string }).access_token}` };
  const request = await api.post('/api/enhanced/quotes', {
    headers: ownerHeaders,
    data: {
      aircraftMake: 'Piper',
      aircraftModel: 'PA-28-161',
      aircraftTailNumber: tailNumber(stamp, 'R'),
      serviceType: 'scheduled_maintenance',
      serviceDescription: 'Oil change before a trip.',
      urgencyLevel: 'normal',
      serviceLocation: 'KBKE',
      aircraftLocation: 'KBKE',
      customerWillTravel: false,
    },
  });
  expect(request.status(), await request.text()).toBe(201);
  const opened = await api.post('/api/conversations', {
    headers: mechanic.headers,
    data: { serviceRequestId: ((await request.json()) as { id: string }).id },
  });
  expect(opened.status(), await opened.text()).toBeLessThan(202);
  const threadId = ((await opened.json()) as { id: string }).id;
  /** The mechanic writes, the owner reports it. */
  const reportedMessage = async (text: string, reason: string) => {
    const sent = await api.post(`/api/conversations/${threadId}/messages`, {
      headers: mechanic.headers,
      data: { text },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const id = ((await sent.json()) as { id: string }).id;
    const report = await api.post(`/api/conversations/${threadId}/messages/${id}/report`, {
      headers: ownerHeaders,
      data: { reason },
    });
    expect(report.status(), await report.text()).toBe(201);
  };
  await reportedMessage('Can we do Tuesday at 7 am?', 'Too early for me');

  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToConsole(page, '/admin?section=reported');
  const card = page.locator(`[data-reported="${threadId}"]`);
  await expect(card).toContainText('Too early for me');
  await card.getByRole('button', { name: 'No action needed' }).click();
  const dismiss = page.getByRole('alertdialog', { name: 'Dismiss these reports?' });
  await expect(dismiss).toContainText('stays open');
  await dismiss.getByRole('button', { name: 'No action needed' }).click();
  await expect(page.getByText('Reports dismissed: no action taken')).toBeVisible();
  await expect(card).toHaveCount(0);
  // Kept in the history of handled reports, with how and by whom.
  const handled = page.getByRole('region', { name: 'Handled reports' });
  const dismissed = handled.getByRole('listitem').filter({ hasText: 'Too early for me' });
  await expect(dismissed).toContainText('No action needed');
  await expect(dismissed).toContainText(/Handled by \S+/);
  // Still open: the mechanic writes again.
  await reportedMessage('Pay me cash at the fuel pump instead.', 'Asks to pay off the platform');

  await page.reload();
  await card.getByRole('button', { name: 'Close conversation' }).click();
  const close = page.getByRole('alertdialog', { name: 'Close this conversation?' });
  await close.getByLabel(/Also suspend the sender/).check();
  await close.getByRole('button', { name: 'Close conversation' }).click();
  await expect(page.getByText('Conversation closed and sender suspended')).toBeVisible();
  await expect(handled.getByRole('listitem').filter({ hasText: 'Asks to pay off the platform' })).toContainText(
    'Conversation closed, sender suspended',
  );

  await page.reload();
  const suspended = page.getByRole('region', { name: 'Suspended from messaging' });
  const row = suspended.getByRole('listitem').filter({ hasText: `Rex Reported${stamp.slice(-4)}` });
  await row.getByRole('button', { name: 'Lift suspension' }).click();
  const lift = page.getByRole('alertdialog', { name: `Lift Rex Reported${stamp.slice(-4)}'s suspension?` });
  await lift.getByRole('button', { name: 'Lift suspension' }).click();
  await expect(page.getByText(`Rex Reported${stamp.slice(-4)} can write again`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
