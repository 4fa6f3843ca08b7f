import { expect as baseExpect, test } from '@playwright/test';
import { e2eAccount, e2eMechanic, e2eSignIn, expectNoSidewaysScroll } from '../helpers/e2e-accounts.ts';
import { aircraftWithDueItems } from '../helpers/e2e-jobs.ts';
import { tailNumber } from '../helpers/tail-number.ts';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';

// A quote line says which due item or squawk it answers: the mechanic picks it in the quote form
// (suggested from the request), the owner reads it on the bid, and signing the job closes the
// squawk the line answered even though its words do not name it. Olympia and Bremerton,
// Washington (KOLM, KPWT): no other test works there.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const PLACES: Record<number, string> = { 390: 'KOLM', 1366: 'KPWT' };
const SQUAWK = 'Left main brake dragging';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`a line answers the squawk it fixes, and the signed job closes it, at ${viewport.width} px`, async ({
    browser,
  }) => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const PLACE = PLACES[viewport.width]!;
    const TAIL = tailNumber(stamp, 'A');
    const owner = await e2eAccount(
      browser,
      'pilot',
      { firstName: 'Ada', lastName: `Answer${stamp.slice(-4)}`, email: `pilot.answers.${stamp}@example.com` },
      viewport,
    );
    const mechanic = await e2eMechanic(
      browser,
      { firstName: 'Bo', lastName: `Brakes${stamp.slice(-4)}`, email: `mechanic.answers.${stamp}@example.com` },
      PLACE,
      viewport,
    );
    const api = owner.page.request;
    const { aircraftId, itemIds } = await aircraftWithDueItems(api, owner, {
      aircraft: { tailNumber: TAIL, make: 'Cessna', model: '172N', year: 1978, homeAirport: PLACE },
      hours: 4019.6,
      items: [{ kind: 'elt', lastDoneDate: `${Number(localDayAt(PLACE).slice(0, 4)) - 1}-12-20` }],
    });
    const squawk = await api.post(`/api/aircraft/${aircraftId}/squawks`, {
      headers: owner.headers,
      data: { title: SQUAWK, priority: 'fix_soon' },
    });
    expect(squawk.status(), await squawk.text()).toBe(201);
    const squawkId = ((await squawk.json()) as { id: string }).id;
    const sent = await api.post(`/api/aircraft/${aircraftId}/maintenance/request`, {
      headers: owner.headers,
      data: { itemIds, squawkIds: [squawkId] },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const requestId = ((await sent.json()) as { id: string }).id;

    // The mechanic quotes a line whose words name neither the squawk nor the ELT, and picks the squawk.
    await e2eSignIn(mechanic, 'requests');
    const m = mechanic.page;
    await m
      .getByRole('listitem')
      .filter({ hasText: TAIL })
      .getByRole('button', { name: /Submit Quote/ })
      .click();
    const quote = m.getByRole('dialog', { name: 'Submit Quote' });
    await quote.getByLabel(/Itemize this quote/).check();
    const line = quote.getByRole('list', { name: 'Quote lines' }).getByRole('listitem').first();
    await line.getByLabel('Category').selectOption('airworthy');
    await line.getByLabel('Description').fill('Reline brake pads, LH');
    await line.getByLabel('Hours').fill('1.5');
    await line.getByLabel('Rate ($/h)').fill('110');
    await line.getByLabel('Parts ($)').fill('64');
    const answers = line.getByLabel('Answers');
    // Two things on the request, and the words name neither: nothing is suggested.
    await expect(answers).toHaveValue('');
    await expect(answers.getByRole('option')).toHaveText(['None', 'ELT', `Squawk: ${SQUAWK}`]);
    await answers.selectOption({ label: `Squawk: ${SQUAWK}` });
    // A second line whose words name the ELT is suggested the ELT.
    await quote.getByRole('button', { name: 'Add line' }).click();
    const second = quote.getByRole('list', { name: 'Quote lines' }).getByRole('listitem').nth(1);
    await second.getByLabel('Description').fill('ELT battery and function check');
    await second.getByLabel('Hours').fill('0.5');
    await second.getByLabel('Rate ($/h)').fill('110');
    await expect(second.getByLabel('Answers')).toHaveValue(`item:${itemIds[0]}`);
    await quote.getByLabel(/Available Start Date/).fill(localDayAt(PLACE));
    await quote.getByLabel(/Est. Completion Date/).fill(localDayAt(PLACE));
    await expectNoSidewaysScroll(m);
    await m.screenshot({ path: `test-results/quote-line-answers-form-${viewport.width}.png`, fullPage: false });
    await quote.getByRole('button', { name: 'Submit Quote' }).click();
    await expect(m.getByText('Quote submitted successfully!')).toBeVisible();

    // The owner reads on the bid which line answers the squawk; the comparison counts it covered.
    await e2eSignIn(owner, 'requests');
    const p = owner.page;
    await p.getByText(/^2 lines$/).click();
    await expect(p.getByText(`Answers: ${SQUAWK}`)).toBeVisible();
    await expect(p.getByText('Answers: ELT', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(p);
    await p.getByText(`Answers: ${SQUAWK}`).scrollIntoViewIfNeeded();
    await p.screenshot({ path: `test-results/quote-line-answers-bid-${viewport.width}.png`, fullPage: false });

    // Accepted, done and signed: the squawk is closed by the line that answered it.
    const bids = await api.get(`/api/enhanced/quotes/${requestId}`, { headers: owner.headers });
    const bid = ((await bids.json()) as { quotes: Array<{ id: string }> }).quotes[0]!;
    const accepted = await api.post(`/api/enhanced/quotes/${requestId}/accept`, {
      headers: owner.headers,
      data: { bidId: bid.id },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    const appointmentId = ((await accepted.json()) as { appointment: { id: string } }).appointment.id;
    for (const step of ['confirm', 'start'])
      expect(
        (
          await api.post(`/api/appointments/${appointmentId}/${step}`, { headers: mechanic.headers, data: {} })
        ).status(),
      ).toBe(200);
    const done = await api.post(`/api/appointments/${appointmentId}/complete`, {
      headers: mechanic.headers,
      data: { mechanicNotes: 'Brake pads relined; ELT checked.', tachReading: '4020.8' },
    });
    expect(done.status(), await done.text()).toBe(200);
    const draft = (await (
      await api.get(`/api/appointments/${appointmentId}/record`, { headers: mechanic.headers })
    ).json()) as { signer: { name: string; certificateNumber: string } };
    const signed = await api.post(`/api/appointments/${appointmentId}/record/sign`, {
      headers: mechanic.headers,
      data: { fullName: draft.signer.name, certificateNumber: draft.signer.certificateNumber, statement: true },
    });
    expect(signed.status(), await signed.text()).toBe(200);
    const due = (await (
      await api.get(`/api/aircraft/${aircraftId}/maintenance`, { headers: owner.headers })
    ).json()) as { squawks: Array<{ id: string; status: string }> };
    expect(due.squawks.find((s) => s.id === squawkId)).toMatchObject({ status: 'resolved' });
  });
}
