import { expect as baseExpect, test } from '@playwright/test';
import { signInToConsole } from '../helpers/e2e-admin.ts';

// An administrator approves exactly what was reviewed (docs/decisions/0350): the approval dialog
// shows the certificate and the IA as their own lines and sends them; a profile changed while the
// dialog was open answers 409, and the dialog shows what changed and the values as they are now.

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 360_000 });

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const certificate = (tail: string) => `7${stamp.slice(-5)}${tail}`;

test('the approval shows the IA line, sends what it showed, and a changed profile answers 409 with what changed', async ({
  page,
  request,
}, testInfo) => {
  // For people to look at: a run writes these beside its results, and the committed copies in
  // docs/screenshots are written on request (UPDATE_DOC_SCREENSHOTS=1), so a test run leaves the
  // tree as it found it.
  const screenshotPath = (name: string) =>
    process.env['UPDATE_DOC_SCREENSHOTS'] === '1' ? `docs/screenshots/${name}` : testInfo.outputPath(name);
  await page.setViewportSize({ width: 1366, height: 900 });
  const email = `reviewed.${stamp}@example.com`;
  const reviewed = certificate('1');
  const claimed = certificate('2');
  const registered = await request.post('/api/auth/register', {
    data: {
      role: 'mechanic',
      firstName: 'Rita',
      lastName: `Reviewed${stamp.slice(-4)}`,
      email,
      password: 'Torque-Wrench-88',
      location: 'Reno, NV',
      certificationNumber: reviewed,
      yearsExperience: 11,
      serviceRadius: 10,
      hourlyRate: 100,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const headers = { authorization: `Bearer ${((await registered.json()) as { access_token: string }).access_token}` };
  const saveProfile = (apNumber: string, iaAuthorization: boolean) =>
    request.post('/api/enhanced/mechanic-profile', {
      headers,
      data: { apNumber, iaAuthorization, hourlyRate: '100', serviceRadius: '10', baseLocation: 'KRNO' },
    });
  expect((await saveProfile(reviewed, false)).ok()).toBe(true);

  await signInToConsole(page);
  await page.getByRole('tab', { name: 'Mechanics' }).click();
  const list = page.getByRole('list', { name: 'Mechanics' });
  const card = list.getByRole('listitem').filter({ hasText: email });
  // The queue is oldest first: later pages hold the mechanic who signed up just now.
  await expect(list).toBeVisible();
  while (!(await card.isVisible())) {
    const shown = await list.getByRole('listitem').count();
    await page.getByRole('button', { name: 'Load more mechanics' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(shown);
  }
  await expect(card).toContainText(`A&P certificate: ${reviewed} (not verified)`);
  await expect(card).toContainText('Inspection authorization (IA): not asked for');

  await card.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`A&P certificate: ${reviewed}`);
  await expect(dialog).toContainText('Inspection authorization (IA): not asked for');

  // While the dialog is open, the mechanic names another number and an IA.
  expect((await saveProfile(claimed, true)).ok()).toBe(true);
  await dialog.getByRole('button', { name: /^Approve/ }).click();
  await expect(dialog.getByRole('alert')).toContainText('The profile changed since you reviewed it');
  const changes = dialog.getByRole('status');
  await expect(changes).toContainText(`Certificate number: ${reviewed} → ${claimed}`);
  await expect(changes).toContainText('Inspection authorization: no → yes');
  await expect(dialog).toContainText(`A&P certificate: ${claimed} (not verified)`);
  await expect(dialog).toContainText('Inspection authorization (IA): asked for (not verified)');
  const verifyIa = dialog.getByLabel(`I verified the inspection authorization of certificate ${claimed} too`);
  await expect(verifyIa).not.toBeChecked();
  await page.screenshot({ path: screenshotPath('approval-changed-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(changes).toBeInViewport();
  await page.screenshot({ path: screenshotPath('approval-changed-390.png') });
  await page.setViewportSize({ width: 1366, height: 900 });

  // Nothing was verified; approving the values shown now, IA ticked, verifies both.
  await verifyIa.check();
  await dialog.getByRole('button', { name: /^Approve/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Rita Reviewed${stamp.slice(-4)} approved`)).toBeVisible();
});
