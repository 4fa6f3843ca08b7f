import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { approveMechanicAsAdmin, uniqueCertificateNumber } from '../helpers/e2e-admin.ts';
import { withE2eDatabase } from '../helpers/e2e-db.ts';
import { openSignedIn, openSignedInOn, type ApiSession } from '../helpers/e2e-session.ts';
import { tailNumber } from '../helpers/tail-number.ts';

// Paged lists in a browser: accounts with more rows than one page of each list (20). The Overview and
// Earnings figures count every row (docs/decisions/0203), the logbook and the threads load their
// older pages with "Load more" (0206), and the appointment cards ask for their payments in one
// call (0204). Rows are added straight in the database: each feature's flow has its own tests. Each
// dashboard opens signed in as the sign-in form leaves a browser (the form: tests/e2e/auth.spec.ts).

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const password = 'Count-Every-Row-1';
const MORE = 24;

async function register(browser: Browser, role: 'pilot' | 'mechanic') {
  const email = `${role}.scale.${stamp}@example.com`;
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/register', {
    data: {
      role,
      firstName: role === 'pilot' ? 'Paige' : 'Marco',
      lastName: `Rows${stamp.slice(-4)}`,
      email,
      password,
      location: 'Boise, ID',
      ...(role === 'mechanic'
        ? { certificationNumber: '6789012', yearsExperience: 12, serviceRadius: 10, hourlyRate: 100 }
        : {}),
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as ApiSession & { access_token: string; user: { id: string } };
  if (role === 'mechanic') {
    await approveMechanicAsAdmin(page.request, body.user.id);
    const profile = await page.request.post('/api/enhanced/mechanic-profile', {
      headers: { authorization: `Bearer ${body.access_token}` },
      data: {
        apNumber: `A&P ${uniqueCertificateNumber()}`,
        hourlyRate: '100',
        serviceRadius: '10',
        baseLocation: 'KBOI',
      },
    });
    expect(profile.status()).toBe(201);
  }
  return { page, id: body.user.id, session: body };
}

/** A counter of the Overview's (or Earnings') summary cards. */
const counter = (page: Page, region: string, label: string) =>
  page.getByRole('region', { name: region }).getByText(label, { exact: true }).locator('..');

test('counters, logbook, threads and payments past one page', async ({ browser }) => {
  const pilot = await register(browser, 'pilot');
  const mechanic = await register(browser, 'mechanic');
  const tail = tailNumber(stamp, 'S');
  await withE2eDatabase(async (db) => {
    const aircraft = await db.query<{ id: string }>(
      `insert into aircraft (owner_id, tail_number, make, model) select $1::uuid, $2 || '-' || g, 'Cessna', '172' from generate_series(1, $3::int) g returning id`,
      [pilot.id, tail, MORE],
    );
    const first = aircraft.rows[0]!.id;
    // The aircraft of the jobs is the newest: on the first page of My Aircraft.
    await db.query(`update aircraft set created_at = now() + interval '1 minute' where id = $1`, [first]);
    // MORE completed jobs of $100 on the first aircraft, each with a signed logbook entry and a thread.
    await db.query(
      `with r as (
         insert into service_requests (customer_id, aircraft_id, aircraft_make, aircraft_model, aircraft_tail_number, aircraft_location, service_type,
                                       service_description, service_location, service_location_label, service_latitude, service_longitude, status)
         select $1::uuid, $3::uuid, 'Cessna', '172', $4, 'KBOI', 'annual_inspection', 'Scale ' || g, 'KBOI', 'KBOI', 43.56, -116.22, 'completed'
         from generate_series(1, $5::int) g returning id, service_description),
       b as (
         insert into bids (service_request_id, mechanic_id, labor_cost, parts_cost, total_cost, estimated_hours, available_start_date, estimated_completion_date, status)
         select id, $2::uuid, 100, 0, 100, 1, current_date, current_date, 'accepted' from r returning id, service_request_id),
       a as (
         insert into appointments (service_request_id, bid_id, mechanic_id, customer_id, scheduled_date, scheduled_time, estimated_duration, service_location, status, completed_at)
         select b.service_request_id, b.id, $2::uuid, $1::uuid, current_date - split_part(r.service_description, ' ', 2)::int, '09:00', 1, 'KBOI', 'completed', now()
         from b join r on r.id = b.service_request_id returning id, service_request_id),
       m as (
         insert into maintenance_records (appointment_id, aircraft_id, owner_id, mechanic_id, status, aircraft_label, description, completed_on, performed_by, signed_at, entry_text, sha256)
         select a.id, $3::uuid, $1::uuid, $2::uuid, 'signed', $4, 'Annual', current_date - row_number() over ()::int, 'Marco Rows', now(), 'Annual inspection entry ' || row_number() over (), md5(a.id::text)
         from a),
       c as (
         insert into conversations (service_request_id, mechanic_id, customer_id, last_message_at)
         select service_request_id, $2::uuid, $1::uuid, now() from a returning id)
       insert into conversation_members (conversation_id, user_id) select id, $1::uuid from c union all select id, $2::uuid from c`,
      [pilot.id, mechanic.id, first, tail, MORE],
    );
    // MORE open requests: the owner's active requests.
    await db.query(
      `insert into service_requests (customer_id, aircraft_id, aircraft_make, aircraft_model, aircraft_tail_number, aircraft_location, service_type,
                                     service_description, service_location, service_location_label, service_latitude, service_longitude, status)
       select $1::uuid, $2::uuid, 'Cessna', '172', $3, 'PHTO', 'hundred_hour', 'Open ' || g, 'PHTO', 'PHTO', 19.72, -155.05, 'pending'
       from generate_series(1, $4::int) g`,
      [pilot.id, first, tail, MORE],
    );
  });

  // --- The owner: the counters count every row, the lists show a page.
  const p = pilot.page;
  const singles: string[] = [];
  const batches: string[] = [];
  p.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/api\/appointments\/[^/]+\/payment$/.test(path)) singles.push(path);
    if (path === '/api/appointments/payments') batches.push(r.url());
  });
  await openSignedIn(p, pilot.session);
  await expect(counter(p, 'Summary', 'My Aircraft')).toContainText(String(MORE));
  await expect(counter(p, 'Summary', 'Active Requests')).toContainText(String(MORE));

  // The appointment cards' payments: one call for the page of cards, none per card.
  await p.getByRole('tab', { name: /^Appointments/ }).click();
  await expect(p.getByRole('button', { name: 'Load more' })).toBeVisible();
  const asked = () => new Set(batches.flatMap((url) => new URL(url).searchParams.get('ids')!.split(','))).size;
  await expect.poll(asked).toBe(20);
  expect(singles).toEqual([]);
  expect(batches.length).toBeLessThanOrEqual(2);

  // The logbook: the newest 20 entries, then the rest.
  await p.getByRole('tab', { name: /^My Aircraft/ }).click();
  await p.getByRole('button', { name: `Due list for ${tail}-1`, exact: true }).click();
  await p.getByRole('button', { name: 'Logbook' }).click();
  const book = p.getByRole('dialog', { name: `Logbook · ${tail}-1` });
  await expect(book.getByText('The newest 20 entries')).toBeVisible();
  // A search finds an entry on a page not loaded (the oldest entries are 21-24).
  await book.getByLabel('Search the logbook').fill(`entry ${MORE}`);
  await expect(book.getByText('1 entry matches')).toBeVisible();
  await book.getByLabel('Search the logbook').fill('');
  // The end of the list loads the next page when it comes into view (the button is for keyboards).
  await book.getByRole('button', { name: 'Load more entries' }).scrollIntoViewIfNeeded();
  await expect(book.getByText(`${MORE} entries`, { exact: true })).toBeVisible();
  await p.keyboard.press('Escape');

  // --- The mechanic: earnings over every job; the threads a page at a time.
  const m = mechanic.page;
  // Opened on Earnings: the mechanic's Overview is not what this checks.
  await openSignedInOn(m, mechanic.session, 'earnings');
  await expect(counter(m, 'Earnings summary', 'Jobs Completed')).toContainText(String(MORE));
  await expect(counter(m, 'Earnings summary', 'Total Earned')).toContainText(
    `$${(MORE * 100).toLocaleString('en-US')}.00`,
  );
  await m.getByRole('tab', { name: /^Messages/ }).click();
  const threads = m.getByRole('list', { name: 'Conversations' });
  await expect(threads.locator('[data-thread-item]')).toHaveCount(20);
  // From the keyboard: focus the button and press Enter (coming into view would load it too).
  await threads.getByRole('button', { name: 'Load more conversations' }).focus();
  await m.keyboard.press('Enter');
  await expect(threads.locator('[data-thread-item]')).toHaveCount(MORE);
});
