import { expect as baseExpect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { e2eAccount, e2eSignIn, expectNoSidewaysScroll } from '../helpers/e2e-accounts.ts';
import { aircraftWithDueItems } from '../helpers/e2e-jobs.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// The owner finds "Records packet (PDF)" on the aircraft's due list and gets the PDF, on a phone
// and on a laptop; the AD's method of compliance entered in the item form is what the packet
// states (docs/decisions/0398-records-packet.md). The aircraft is made by the API.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

for (const width of [390, 1366]) {
  test(`the owner downloads the records packet from the due list at ${width} px`, async ({ browser }, testInfo) => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const tail = tailNumber(stamp, width === 390 ? 'RP' : 'RQ');
    const email = `pilot.packet.${width}.${stamp}@example.com`;
    const pilot = await e2eAccount(
      browser,
      'pilot',
      { firstName: 'Piper', lastName: `Packet${stamp.slice(-4)}`, email },
      { width, height: width === 390 ? 844 : 900 },
    );
    const { aircraftId } = await aircraftWithDueItems(pilot.page.request, pilot, {
      aircraft: { tailNumber: tail, make: 'Cessna', model: '172N', year: 1978, homeAirport: 'KRNO' },
      hours: 4019.6,
      items: [
        { kind: 'annual', lastDoneDate: '2025-11-20' },
        { kind: 'ad', adNumber: '2020-18-03', intervalMonths: 12, lastDoneDate: '2026-01-15' },
      ],
    });

    await e2eSignIn(pilot);
    const p = pilot.page;
    await p.getByRole('tab', { name: 'My Aircraft' }).click();
    await p
      .getByRole('listitem')
      .filter({ hasText: tail })
      .getByRole('button', { name: /Due list/ })
      .first()
      .click();
    await expect(p.getByRole('heading', { name: `Due list · ${tail}` })).toBeVisible();

    // The AD's method of compliance and revision, entered where its other facts are.
    await p.getByRole('button', { name: 'Edit AD 2020-18-03' }).click();
    const edit = p.getByRole('dialog', { name: /Edit AD 2020-18-03/ });
    await edit.getByLabel('Revision').fill('Amendment 39-21234');
    await edit.getByLabel('Method of compliance').fill('Inspected per paragraph (g)');
    await edit.getByRole('button', { name: 'Save item' }).click();
    await expect(edit).toBeHidden();

    const link = p.getByRole('button', { name: 'Records packet (PDF)' });
    await expect(link).toBeVisible();
    await link.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(p);
    await p.screenshot({ path: testInfo.outputPath(`due-list-${width}.png`) });
    const [file] = await Promise.all([p.waitForEvent('download'), link.click()]);
    expect(file.suggestedFilename()).toBe(`records-packet-${tail}.pdf`);
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The JSON of the same packet states the AD as the form entered it.
    const json = await p.request.get(`/api/aircraft/${aircraftId}/records-packet?format=json`, {
      headers: pilot.headers,
    });
    expect(json.status()).toBe(200);
    expect((await json.json()).ads).toEqual([
      expect.objectContaining({
        adNumber: '2020-18-03',
        adRevision: 'Amendment 39-21234',
        adMethod: 'Inspected per paragraph (g)',
      }),
    ]);
  });
}
