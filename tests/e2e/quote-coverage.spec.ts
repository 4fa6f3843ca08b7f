import { expect as baseExpect, test } from '@playwright/test';
import { e2eAccount, e2eMechanic, e2eSignIn, expectNoSidewaysScroll } from '../helpers/e2e-accounts.ts';
import { tailNumber } from '../helpers/tail-number.ts';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';

// The comparison of quotes says which due items each quote covers and which it
// leaves out ("Lowest price" went to the quote that left out the overdue transponder), as a table
// on a laptop (1366 px) and as stacked cards on a phone (390 px), never a table cut off at its
// second column. Moses Lake and Pasco, Washington (KMWH, KPSC): no other test works there.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

/** Each width at its own airport: the two run at once, and a mechanic matches every request in range. */
const PLACES: Record<number, string> = { 390: 'KMWH', 1366: 'KPSC' };

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`compare quotes: what each covers and leaves out of the due list at ${viewport.width} px`, async ({
    browser,
  }) => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const PLACE = PLACES[viewport.width]!;
    const TAIL = tailNumber(stamp, 'C');
    const owner = await e2eAccount(
      browser,
      'pilot',
      { firstName: 'Vera', lastName: `Cover${stamp.slice(-4)}`, email: `pilot.cover.${stamp}@example.com` },
      viewport,
    );
    const full = await e2eMechanic(
      browser,
      { firstName: 'Fran', lastName: `Full${stamp.slice(-4)}`, email: `mechanic.full.${stamp}@example.com` },
      PLACE,
      viewport,
    );
    const partial = await e2eMechanic(
      browser,
      { firstName: 'Pat', lastName: `Part${stamp.slice(-4)}`, email: `mechanic.part.${stamp}@example.com` },
      PLACE,
      viewport,
    );
    const api = owner.page.request;
    const plane = (await (
      await api.post('/api/aircraft', {
        headers: owner.headers,
        data: { tailNumber: TAIL, make: 'Cessna', model: '182P', year: 1975, homeAirport: PLACE },
      })
    ).json()) as { id: string };
    expect(
      (
        await api.post(`/api/aircraft/${plane.id}/hours`, {
          headers: owner.headers,
          data: { hours: 3418.2, date: localDayAt(PLACE) },
        })
      ).status(),
    ).toBe(201);
    // The annual is due within the year; the transponder check (24 months) is overdue.
    const items = [];
    for (const data of [
      { kind: 'annual', lastDoneDate: `${Number(localDayAt(PLACE).slice(0, 4)) - 1}-12-20` },
      { kind: 'transponder', lastDoneDate: '2024-10-10' },
    ]) {
      const res = await api.post(`/api/aircraft/${plane.id}/maintenance`, { headers: owner.headers, data });
      expect(res.status(), await res.text()).toBe(201);
      items.push(((await res.json()) as { id: string }).id);
    }
    const sent = await api.post(`/api/aircraft/${plane.id}/maintenance/request`, {
      headers: owner.headers,
      data: { itemIds: items, urgencyLevel: 'normal' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const request = (await sent.json()) as { id: string };
    const quote = (lines: unknown[]) => ({
      availableStartDate: '2030-05-02',
      estimatedCompletionDate: '2030-05-04',
      warrantyPeriod: 90,
      lines,
    });
    const annual = {
      category: 'inspection',
      description: 'Annual inspection, C182P',
      laborHours: 14,
      laborRate: 110,
      partsCost: 0,
    };
    const transponder = {
      category: 'airworthy',
      description: 'Transponder check (91.413)',
      laborHours: 1.5,
      laborRate: 110,
      partsCost: 0,
    };
    expect(
      (
        await api.post(`/api/enhanced/quotes/${request.id}/bid`, {
          headers: full.headers,
          data: quote([annual, transponder]),
        })
      ).status(),
    ).toBe(201);
    expect(
      (
        await api.post(`/api/enhanced/quotes/${request.id}/bid`, { headers: partial.headers, data: quote([annual]) })
      ).status(),
    ).toBe(201);

    await e2eSignIn(owner);
    const p = owner.page;
    await p.getByRole('tab', { name: 'Service Requests' }).click();
    const partialName = `Pat Part${stamp.slice(-4)}`;
    const fullName = `Fran Full${stamp.slice(-4)}`;
    // The quote that leaves the transponder out is cheaper: the badge on the complete one says what
    // it compares, never "Lowest price" above a lower figure.
    // (The owner is new: this is the one request on the screen.)
    await expect(p.getByText('Lowest price for every item', { exact: true })).toBeVisible();
    await expect(p.getByText('Lowest price', { exact: true })).toHaveCount(0);
    if (viewport.width < 640) {
      // A phone: one card per quote, each with both lines; no table, nothing wider than the window.
      const cards = p.getByRole('list', { name: `Compare quotes for ${TAIL}` });
      await expect(cards).toBeVisible();
      await expect(p.getByRole('region', { name: `Compare quotes for ${TAIL}` })).toBeHidden();
      const part = cards.getByRole('listitem').filter({ hasText: partialName });
      await expect(part.getByRole('definition').filter({ hasText: 'Transponder check (overdue)' })).toBeVisible();
      await expect(part.getByText('Leaves out')).toBeVisible();
      const whole = cards.getByRole('listitem').filter({ hasText: fullName });
      await expect(whole.getByText('Leaves out')).toBeVisible();
      await expect(whole.getByRole('definition').filter({ hasText: /^Nothing$/ })).toBeVisible();
      await expect(
        whole.getByRole('definition').filter({ hasText: 'Transponder check (overdue), Annual inspection' }),
      ).toBeVisible();
      // The last cell of a card (the IA row) is on screen, not cut off to the right.
      const box = await part.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await part.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(p);
      await p.screenshot({ path: `test-results/quote-coverage-${viewport.width}.png`, fullPage: false });
    } else {
      // A laptop: the table, a row per figure, a column per quote.
      const table = p.getByRole('region', { name: `Compare quotes for ${TAIL}` }).getByRole('table');
      await expect(table).toBeVisible();
      await expect(p.getByRole('list', { name: `Compare quotes for ${TAIL}` })).toBeHidden();
      const headers = await table.getByRole('columnheader').allTextContents();
      const column = (name: string) => headers.indexOf(name);
      expect(column(partialName)).toBeGreaterThan(0);
      const leavesOut = table.getByRole('row', { name: /^Leaves out/ });
      const covers = table.getByRole('row', { name: /^Covers/ });
      await expect(leavesOut.getByRole('cell').nth(column(partialName) - 1)).toHaveText('Transponder check (overdue)');
      await expect(leavesOut.getByRole('cell').nth(column(fullName) - 1)).toHaveText('Nothing');
      await expect(covers.getByRole('cell').nth(column(partialName) - 1)).toHaveText('Annual inspection');
      await expect(covers.getByRole('cell').nth(column(fullName) - 1)).toHaveText(
        'Transponder check (overdue), Annual inspection',
      );
      // What is left out is said in the danger colour, not only in words a reader might skim.
      await expect(leavesOut.getByRole('cell').nth(column(partialName) - 1)).toHaveClass(/text-destructive/);
      // Every column is on screen: the table wraps long cells rather than running past its frame.
      const frame = p.getByRole('region', { name: `Compare quotes for ${TAIL}` });
      expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await table.scrollIntoViewIfNeeded();
      await p.screenshot({ path: `test-results/quote-coverage-${viewport.width}.png`, fullPage: false });
    }
  });
}
