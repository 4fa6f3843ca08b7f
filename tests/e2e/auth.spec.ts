import { expect as baseExpect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The e2e server's demo admin password is generated per data folder (scripts/start.ts).
function demoAdminPassword(): string {
  const file = path.resolve(process.env['E2E_SECRETS_FILE'] ?? '.data/e2e/postgres-secrets.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { DEMO_ADMIN_PASSWORD: string }).DEMO_ADMIN_PASSWORD;
}

// Every sign-in costs a deliberate ~250 ms scrypt check plus a fresh function worker in the local
// emulator; on a busy machine a step can take seconds, so waits after a server call are generous.
const expect = baseExpect.configure({ timeout: 30_000 });
// The role dashboards load their own data before they show the user's name.
const DASHBOARD = { timeout: 90_000 };
test.describe.configure({ timeout: 180_000 });

const unique = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function signUp(
  page: Page,
  role: 'pilot' | 'mechanic',
  person: { firstName: string; lastName: string; email: string; password: string },
) {
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const role_ = page.getByLabel('Role');
  await expect(role_).toHaveValue('pilot');
  // The mechanic-only fields appear only for mechanics.
  await expect(page.getByLabel('Certification Number')).toHaveCount(0);
  await role_.selectOption(role);
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByLabel('Phone').fill('(415) 555-0134');
  await page.getByLabel('Location').fill('KSQL');
  if (role === 'mechanic') {
    await page.getByLabel('Certification Number').fill('3456789');
    await page.getByLabel('Years Experience').fill('12');
    await page.getByLabel('Service Radius (miles)').fill('150');
    // Hourly rate left empty: sent as null.
  }
  await page.getByRole('button', { name: 'Create Account' }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test.describe('entry screen (/dashboard, /login)', () => {
  test('a pilot signs up, lands on the pilot dashboard, signs out and back in', async ({ page }) => {
    const pilot = { firstName: 'Amelia', lastName: 'Skye', email: unique('pilot'), password: 'Electra-1937!' };
    await signUp(page, 'pilot', pilot);
    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(page.getByText('Amelia Skye').first()).toBeVisible(DASHBOARD);
    await expect(page.getByText('Pilot/Aircraft Owner').first()).toBeVisible();

    // The session survives a reload (restored, then checked with the server).
    await page.reload();
    await expect(page.getByText('Amelia Skye').first()).toBeVisible(DASHBOARD);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').role)).toBe('pilot');

    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    // The address follows the session.
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);

    await signIn(page, pilot.email, pilot.password);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.getByText('Amelia Skye').first()).toBeVisible(DASHBOARD);
    await expect(page).toHaveURL(/\/dashboard$/);

    // /login when signed in shows the dashboard at its own address.
    await page.goto('/login');
    await expect(page.getByText('Amelia Skye').first()).toBeVisible(DASHBOARD);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a mechanic signs up with the mechanic fields and lands on the mechanic dashboard', async ({ page }) => {
    const mechanic = { firstName: 'Manuel', lastName: 'Torque', email: unique('mechanic'), password: 'Safety-Wire-42' };
    await signUp(page, 'mechanic', mechanic);
    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(page.getByText('Manuel Torque').first()).toBeVisible(DASHBOARD);
    await expect(page.getByText('A&P Mechanic').first()).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(stored).toMatchObject({
      role: 'mechanic',
      certificationNumber: '3456789',
      yearsExperience: 12,
      serviceRadius: 150,
      hourlyRate: null,
    });

    // A new mechanic is asked to set up the profile first (spec); they can do it later.
    const setup = page.getByRole('dialog', { name: 'Mechanic Profile Setup' });
    await expect(setup).toBeVisible(DASHBOARD);
    await setup.getByRole('button', { name: 'Cancel' }).click();
    await expect(setup).toBeHidden();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.goto('/login');
    await signIn(page, mechanic.email, mechanic.password);
    await expect(page.getByText('Manuel Torque').first()).toBeVisible(DASHBOARD);
    await expect(page.getByText('A&P Mechanic').first()).toBeVisible();
  });

  test('a wrong password shows Invalid email or password; a taken email is refused', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'pilot@example.com', 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();

    // The error clears when the next attempt starts.
    await page.getByLabel('Password').fill('DemoPilot!2026');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Paula Pilot').first()).toBeVisible(DASHBOARD);
    await page.getByRole('button', { name: 'Logout' }).click();

    await signUp(page, 'pilot', {
      firstName: 'Dup',
      lastName: 'Licate',
      email: 'PILOT@example.com',
      password: 'Whatever-123',
    });
    await expect(page.getByText('User already exists or invalid data')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'User already exists with this email address' }),
    ).toBeVisible();
  });

  test('shows Loading... first, and clears a corrupt or rejected stored session silently', async ({ page }) => {
    await page.goto('/dashboard');
    await page.evaluate(() => {
      localStorage.setItem('token', 'forged.token.value');
      localStorage.setItem(
        'user',
        JSON.stringify({ id: 'x', firstName: 'Eve', lastName: 'Forger', role: 'admin', email: 'e@x.co' }),
      );
    });
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);

    await page.evaluate(() => {
      localStorage.setItem('token', 'something');
      localStorage.setItem('user', '{not json');
    });
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    // Before any script runs, the server-rendered page says Loading...
    const html = await (await page.request.get('/dashboard')).text();
    expect(html).toContain('Loading...');
  });
});

test.describe('admin (/admin)', () => {
  test('the admin signs in and sees the stats and the quote the public form just created', async ({
    page,
    request,
  }) => {
    const lastName = `Quoter${Date.now()}`;
    const submitted = await request.post('/api/quotes', {
      data: {
        firstName: 'Grace',
        lastName,
        returnEmail: unique('quote'),
        returnPhone: '(415) 555-0177',
        aircraftMake: 'Mooney',
        aircraftModel: 'M20J',
        registrationNumber: 'N201MJ',
        totalHours: '2400',
        aircraftType: 'single-engine',
        serviceType: 'annual',
        preferredTimeframe: '2-weeks',
        location: 'KPAO',
        lastInvoiceAmount: '4200',
        currentProvider: '',
        message: 'Annual inspection due at the end of the month.',
        scheduleConsultation: false,
        emailUpdates: false,
      },
    });
    expect(submitted.ok()).toBe(true);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
    await expect(page.getByText('Sign in to access the admin dashboard')).toBeVisible();
    await expect(page.getByText('Contact administrator for login credentials')).toBeVisible();

    // A pilot is not let in.
    await signIn(page, 'pilot@example.com', 'DemoPilot!2026');
    await expect(
      page.getByRole('alert').filter({ hasText: 'This account does not have administrator access.' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);

    await signIn(page, 'admin@example.com', demoAdminPassword());
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText('Administrator', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'System Config' })).toBeVisible();

    const stats = page.getByRole('region', { name: 'Quote statistics' });
    for (const label of ['Total Quotes', 'Pending', 'Completed'])
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    await expect(stats.getByText(/^\d+$/).first()).toBeVisible();

    // The console opens on the Inbox (docs/decisions/0420); the spec's Quote Requests is one tab away.
    await page.getByRole('tab', { name: 'Quote Requests' }).click();
    const card = page.getByRole('article', { name: `Quote request from Grace ${lastName}` });
    await expect(card).toBeVisible();
    await expect(card.getByText('Mooney M20J')).toBeVisible();
    await expect(card.getByText('Annual Inspection', { exact: true })).toBeVisible();
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(card.getByText('Annual inspection due at the end of the month.')).toBeVisible();

    await page.getByRole('tab', { name: 'Leads' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    for (const tab of ['Marketing', 'Blog Posts', 'Customers']) {
      await page.getByRole('tab', { name: tab }).click();
      // By name: the Marketing panel holds tabs (and a panel) of its own.
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    }

    await page.getByRole('button', { name: 'System Config' }).click();
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(page.getByRole('region', { name: 'Quote statistics' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
  });

  test('an administrator who signs in on /dashboard lands in the console', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await signIn(page, 'admin@example.com', demoAdminPassword());
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });
});
