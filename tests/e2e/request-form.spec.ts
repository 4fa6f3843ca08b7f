import { expect as baseExpect, test } from '@playwright/test';
import { openSignedIn, type ApiSession } from '../helpers/e2e-session.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// The service request form: one location that starts from the saved aircraft's home airport, the
// saved aircraft's identity read-only with a way to edit it, every error on the first submit, no
// start date in the past, tail numbers checked as registration marks. The account and the aircraft
// are made by the API; the dashboard opens signed in as the sign-in form leaves a browser (the form
// itself: tests/e2e/auth.spec.ts).

const expect = baseExpect.configure({ timeout: 20_000 });
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const TAIL = tailNumber(stamp, 'R');

test('one location from the aircraft, its identity read-only, every error at once, marks and dates checked', async ({
  page,
}) => {
  const email = `pilot.form.${stamp}@example.com`;
  const password = 'Checklist-Complete-1';
  const res = await page.request.post('/api/auth/register', {
    data: {
      role: 'pilot',
      firstName: 'Rosa',
      lastName: `Form${stamp.slice(-4)}`,
      email,
      password,
      location: 'Reno, NV',
    },
  });
  expect(res.status()).toBe(201);
  const session = (await res.json()) as ApiSession & { access_token: string };
  const token = session.access_token;
  const plane = await page.request.post('/api/aircraft', {
    headers: { authorization: `Bearer ${token}` },
    data: { tailNumber: TAIL, make: 'Beechcraft', model: 'A36 Bonanza', year: 1996, homeAirport: 'KRNO' },
  });
  expect(plane.status()).toBe(201);
  // The API refuses a tail number that is no registration mark, and says what one is.
  const bad = await page.request.post('/api/aircraft', {
    headers: { authorization: `Bearer ${token}` },
    data: { tailNumber: 'N12345E', make: 'Cessna', model: '172S' },
  });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { detail: string }).detail).toContain('N12345E is not a US N-number');

  await openSignedIn(page, session);
  await page.getByRole('button', { name: 'Request Service' }).first().click();
  const form = page.getByRole('dialog', { name: 'Request Aircraft Service' });

  // The saved aircraft: identity read-only, its home airport as the one location.
  await expect(form.getByLabel(/Tail Number/)).toHaveValue(TAIL);
  for (const label of [/Tail Number/, /Make/, /Model/]) await expect(form.getByLabel(label)).not.toBeEditable();
  await expect(form.getByLabel(/Aircraft Location/)).toHaveValue('KRNO');
  await expect(form.getByLabel(/Service Location/)).toHaveCount(0);
  await form.getByLabel('The work happens somewhere else').check();
  await expect(form.getByLabel(/Service Location/)).toBeVisible();
  await form.getByLabel('The work happens somewhere else').uncheck();

  // Another aircraft, nothing filled: every error on the first submit.
  await form.getByLabel('Aircraft', { exact: true }).selectOption({ label: 'Another aircraft (enter details)' });
  await form.getByLabel(/Aircraft Location/).fill('');
  const yesterday = new Date(Date.now() - 86_400_000);
  const past = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
  await form.getByLabel('Preferred Start Date').fill(past);
  await form.getByRole('button', { name: 'Submit Request' }).click();
  for (const message of [
    'Aircraft make is required',
    'Aircraft model is required',
    'Tail number is required',
    'Aircraft location is required',
    'Service type is required',
    'Service description is required',
    'Preferred start date cannot be in the past',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }

  // A tail number is checked as a registration mark, a foreign one passes.
  await form.getByLabel(/Tail Number/).fill('N0123');
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(form.getByText(/N0123 is not a US N-number/)).toBeVisible();
  await form.getByLabel(/Tail Number/).fill('C-GABC');
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(form.getByText(/is not a US N-number|is not a registration mark/)).toHaveCount(0);

  // The description shows its limit as the writer nears it.
  await form.getByLabel(/Service Description/).fill('x'.repeat(4800));
  await expect(form.getByText('4,800 / 5,000')).toBeVisible();

  // "Edit in My Aircraft" goes to the saved aircraft, where its details are edited.
  await form.getByLabel('Aircraft', { exact: true }).selectOption({ label: `${TAIL} · Beechcraft A36 Bonanza` });
  await form.getByRole('button', { name: `Edit ${TAIL} in My Aircraft` }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit aircraft' })).toBeVisible();
});
