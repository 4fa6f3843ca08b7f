import { expect as baseExpect, test } from '@playwright/test';
import { signInToConsole } from '../helpers/e2e-admin.ts';

// A merge keeps the customer's words (docs/decisions/0401): Tom sends a quote request, then a
// second one "Forgot to mention: also the ELT battery is due." The administrator merges the second
// into the first; the first shows the second's message and a history line saying which way it
// went; "Undo merge" (asked first) makes it a request of its own again.

const expect = baseExpect.configure({ timeout: 30_000 });

test('a merged request keeps its message on the survivor and the merge can be undone', async ({ page, request }) => {
  const lastName = `Haskell${Date.now().toString(36)}`;
  const email = `tom.${lastName.toLowerCase()}@example.com`;
  // A phone of its own too: the same phone makes another run's requests duplicates of these.
  const phone = `(408) 555-${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const quote = (firstName: string, message: string) =>
    request.post('/api/quotes', {
      data: {
        firstName,
        lastName,
        returnEmail: email,
        returnPhone: phone,
        aircraftMake: 'Cessna',
        aircraftModel: '172N',
        registrationNumber: '',
        totalHours: '',
        aircraftType: 'single-engine',
        serviceType: 'annual',
        preferredTimeframe: '1-month',
        location: 'KRHV',
        lastInvoiceAmount: '',
        currentProvider: '',
        message,
        scheduleConsultation: false,
        emailUpdates: false,
      },
    });
  expect((await quote('Tom', 'Annual due in March.')).status()).toBe(200);
  expect((await quote('Thomas', 'Forgot to mention: also the ELT battery is due.')).status()).toBe(200);

  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToConsole(page);
  await page.getByLabel('Search').fill(email);
  const rows = page.getByRole('table', { name: 'Quote requests' }).getByRole('row');
  await expect(rows.filter({ hasText: lastName })).toHaveCount(2);
  await rows.getByRole('button', { name: `Tom ${lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Tom ${lastName}` });

  await dialog.getByRole('button', { name: 'Merge into this request' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Merge the duplicate?' });
  await expect(ask).toContainText('You can undo the merge for 30 days');
  await ask.getByRole('button', { name: 'Merge' }).click();

  const merged = dialog.getByRole('region', { name: 'Merged into this request (1)' });
  await expect(merged).toContainText('Forgot to mention: also the ELT battery is due.');
  await expect(merged).toContainText(/Can be undone until/);
  await expect(dialog.getByRole('region', { name: 'History' })).toContainText(
    `Merged the request from ${email} into this one`,
  );
  // The list behind the dialog (hidden from assistive tech while it is open) has the survivor only.
  await page.keyboard.press('Escape');
  await expect(rows.filter({ hasText: lastName })).toHaveCount(1);
  await rows.getByRole('button', { name: `Tom ${lastName}` }).click();

  await merged.getByRole('button', { name: 'Undo merge' }).click();
  const undo = page.getByRole('alertdialog', { name: 'Undo this merge?' });
  await undo.getByRole('button', { name: 'Undo merge' }).click();
  await expect(page.getByText('Merge undone: the request is in the list again')).toBeVisible();
  await expect(dialog.getByRole('region', { name: /Merged into this request/ })).toBeHidden();
  await expect(dialog.getByRole('region', { name: 'History' })).toContainText(
    `Undid the merge of the request from ${email}`,
  );
  await page.keyboard.press('Escape');
  await expect(rows.filter({ hasText: lastName })).toHaveCount(2);
});
