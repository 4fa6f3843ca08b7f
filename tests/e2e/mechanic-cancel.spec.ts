import { expect as baseExpect, test } from '@playwright/test';
import { e2eAccount, e2eMechanic, e2eSignIn, expectNoSidewaysScroll } from '../helpers/e2e-accounts.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// The mechanic cancels an appointment before work starts, from its card, after a
// confirmation question and with a reason the owner reads (a deposit would be refunded: the API
// tests follow the money through the Stripe stand-in). A phone (390 px) and a laptop (1366 px).
// Winnemucca, Nevada and Pocatello, Idaho (KWMC, KPIH): no other test works there.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

/** Each width at its own airport: the two run at once, and a mechanic matches every request in range. */
const PLACES: Record<number, string> = { 390: 'KWMC', 1366: 'KPIH' };

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`the mechanic cancels with a reason, the owner reads it at ${viewport.width} px`, async ({ browser }) => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const PLACE = PLACES[viewport.width]!;
    const TAIL = tailNumber(stamp, 'X');
    const owner = await e2eAccount(
      browser,
      'pilot',
      { firstName: 'Wren', lastName: `Owner${stamp.slice(-4)}`, email: `pilot.mcancel.${stamp}@example.com` },
      viewport,
    );
    const mechanic = await e2eMechanic(
      browser,
      { firstName: 'Gus', lastName: `Mech${stamp.slice(-4)}`, email: `mechanic.mcancel.${stamp}@example.com` },
      PLACE,
      viewport,
    );
    const api = owner.page.request;
    const request = await api.post('/api/enhanced/quotes', {
      headers: owner.headers,
      data: {
        aircraftMake: 'Cessna',
        aircraftModel: '182P',
        aircraftTailNumber: TAIL,
        aircraftLocation: PLACE,
        serviceType: 'annual_inspection',
        serviceDescription: 'Annual inspection',
        serviceLocation: PLACE,
      },
    });
    expect(request.status(), await request.text()).toBe(201);
    const requestId = ((await request.json()) as { id: string }).id;
    const bid = await api.post(`/api/enhanced/quotes/${requestId}/bid`, {
      headers: mechanic.headers,
      data: {
        availableStartDate: '2030-07-01',
        estimatedCompletionDate: '2030-07-03',
        warrantyPeriod: 90,
        lines: [
          {
            category: 'inspection',
            description: 'Annual inspection, C182P',
            laborHours: 14,
            laborRate: 110,
            partsCost: 0,
          },
        ],
      },
    });
    expect(bid.status(), await bid.text()).toBe(201);
    expect(
      (
        await api.post(`/api/enhanced/quotes/${requestId}/accept`, {
          headers: owner.headers,
          data: { bidId: ((await bid.json()) as { id: string }).id },
        })
      ).status(),
    ).toBe(200);

    await e2eSignIn(mechanic);
    const m = mechanic.page;
    await m.getByRole('tab', { name: 'Appointments' }).click();
    const job = m.getByRole('listitem').filter({ hasText: TAIL });
    await job.getByRole('button', { name: 'Cancel appointment' }).click();
    const ask = m.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    await expect(
      ask.getByText('Anything they were charged (the parts deposit) is refunded to their card in full.'),
    ).toBeVisible();
    // Nothing is sent without a reason.
    await ask.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(ask.getByText('Reason is required')).toBeVisible();
    await expectNoSidewaysScroll(m);
    await ask.getByLabel('Reason (the owner reads it)').fill('A family emergency takes me out of state that week');
    // The sentence that asked for a reason goes once one is typed.
    await expect(ask.getByText('Reason is required')).toBeHidden();
    await m.screenshot({ path: `test-results/mechanic-cancel-${viewport.width}.png` });
    await ask.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(m.getByText('Appointment cancelled. The owner is told.')).toBeVisible();
    await expect(ask).toBeHidden();
    await expect(job.getByText('Cancelled by the mechanic.')).toBeVisible();
    await expect(job.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
    await expect(job.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    // His quote on the request no longer says only "Quote Accepted": the job was cancelled.
    await m.getByRole('tab', { name: 'Service Requests' }).click();
    const quoted = m.getByRole('listitem').filter({ hasText: TAIL });
    await expect(quoted.getByRole('button', { name: 'Accepted, then cancelled' })).toBeVisible();
    await expect(quoted.getByRole('button', { name: 'Quote Accepted' })).toHaveCount(0);

    // The owner: the appointment says who cancelled and why.
    await e2eSignIn(owner);
    const o = owner.page;
    await o.getByRole('tab', { name: 'Appointments' }).click();
    const mine = o.getByRole('listitem').filter({ hasText: TAIL });
    await expect(mine.getByText('Cancelled by the mechanic.')).toBeVisible();
    await expect(mine.getByText('Reason: A family emergency takes me out of state that week')).toBeVisible();
    // The request's quote no longer says only "Accepted": the job it became was cancelled.
    await o.getByRole('tab', { name: 'Service Requests' }).click();
    await expect(o.getByText('Accepted, then cancelled')).toBeVisible();
    await expectNoSidewaysScroll(o);
  });
}
