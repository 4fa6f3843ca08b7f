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
