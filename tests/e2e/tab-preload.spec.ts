import { expect, test } from '@playwright/test';

// The tabs a user opens next after the overview (Service Requests, Appointments) have their code
// fetched while the dashboard is idle, as the overview's is: switching to one then shows it at
// once instead of waiting for its chunk, which on a busy machine took longer than the 1.5 s a
// card has to follow a write (tests/e2e/follow-writes.spec.ts).

for (const who of [
  { role: 'pilot', email: 'pilot@example.com', password: 'DemoPilot!2026' },
  { role: 'mechanic', email: 'mechanic@example.com', password: 'DemoMechanic!2026' },
]) {
  test(`the ${who.role} dashboard fetches the Service Requests and Appointments tabs before they are opened`, async ({
    page,
  }) => {
    const chunks = new Set<string>();
    page.on('requestfinished', (request) => {
      const name = /\/_astro\/(RequestsTab|AppointmentsTab)\.[\w-]+\.js$/.exec(new URL(request.url()).pathname)?.[1];
      if (name) chunks.add(name);
    });
    await page.goto('/dashboard');
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    // No tab is opened: the idle dashboard fetches both.
    await expect.poll(() => [...chunks].sort(), { timeout: 10_000 }).toEqual(['AppointmentsTab', 'RequestsTab']);
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });
}

test('a tab pressed before its code has arrived keeps the open one on screen, marked busy, until it can show', async ({
  page,
}) => {
  // The Service Requests chunk is held until the test lets it go: the press comes before it, as a
  // quick press does before the idle prefetch on a slow phone.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/RequestsTab\.[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/dashboard');
  await page.getByLabel('Email').fill('pilot@example.com');
  await page.getByLabel('Password').fill('DemoPilot!2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const overview = page.getByRole('tabpanel', { name: 'Overview' });
  await expect(overview).toBeVisible();

  await page.getByRole('tab', { name: 'Service Requests' }).click();
  // The open section stays, says it is busy, and no spinner replaces it while the code is on its way.
  await expect(page.locator('[aria-busy="true"]').getByRole('tabpanel', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);

  release();
  await expect(page.getByRole('tab', { name: 'Service Requests' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Service Requests' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
});
