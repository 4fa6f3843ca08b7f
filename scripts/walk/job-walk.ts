// The whole job walked as a new owner (a 1975 Cessna 182P) and two new mechanics, in Chromium at a
// phone's and a laptop's width, against a running product (`npm start`), with screenshots of each
// screen in docs/screenshots/walk-<width>-<step>.png. The people's own steps go through the screens
// (sign-up, the due list's request and its review, comparing, accepting line by line, completing,
// signing, the logbook PDF, the rating); what only sets the stage (an administrator vetting the
// mechanics, their quotes and the change order) goes through the same API the screens call.
//
//   node scripts/walk/job-walk.ts --url http://127.0.0.1:4321 [--width 390] [--width 1366]
//
// The administrator's password is the demo one of the local data (.data/postgres-secrets.json, as
// `npm start` without --data-dir writes it).
import { chromium, type Browser, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadLocalSecrets } from '../lib/local-secrets.ts';
import { LOCAL_DATA_DIR, ROOT } from '../lib/paths.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:4321' },
    width: { type: 'string', multiple: true, default: ['390', '1366'] },
  },
});
const BASE = args.url.replace(/\/$/, '');
const SHOTS = path.join(ROOT, 'docs/screenshots');
const AIRPORT = 'KPIR'; // Pierre, SD: no demo mechanic is based there
const PASSWORD = 'Checklist-Complete-1';
const today = new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const WAIT = { timeout: 30_000 };

interface Person {
  id: string;
  token: string;
  email: string;
  name: string;
}

async function api<T = unknown>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Scrolls the due list's heading to the top: the sticky "Request service" bar then covers no verdict. */
async function toHeading(page: Page, name: string) {
  await page.getByRole('heading', { name }).evaluate((e) => e.scrollIntoView({ block: 'start' }));
}

let lastPage: Page | null = null;
async function shot(page: Page, width: number, name: string, fullPage = true) {
  lastPage = page;
  // A toast of the step before would cover the screen: wait until they have gone (about 4 s).
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  const file = path.join(SHOTS, `walk-${width}-${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(`  ${path.relative(ROOT, file)}`);
}

/** A page signed in as the sign-in form leaves a browser (token and user in localStorage). */
async function signedIn(browser: Browser, width: number, who: Person, user: unknown): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } })).newPage();
  await page.goto(`${BASE}/favicon.svg`);
  await page.evaluate(
    ([token, u]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', u);
    },
    [who.token, JSON.stringify(user)] as const,
  );
  await page.goto(`${BASE}/dashboard`);
  return page;
}

async function mechanic(stamp: string, first: string, last: string, cert: string, business: string, admin: string) {
  const email = `${first.toLowerCase()}.${stamp}@example.com`;
  const reg = await api<{ access_token: string; user: { id: string } }>('POST', '/api/auth/register', null, {
    role: 'mechanic',
    firstName: first,
    lastName: last,
    email,
    password: PASSWORD,
    phone: '(605) 555-0142',
    location: AIRPORT,
    certificationNumber: cert,
    yearsExperience: 18,
    serviceRadius: 60,
    hourlyRate: 110,
  });
  const who: Person = { id: reg.user.id, token: reg.access_token, email, name: `${first} ${last}` };
  // An approval names what the administrator reviewed (docs/decisions/0350).
  await api('POST', `/api/admin/mechanics/${who.id}/approve`, admin, { apNumber: cert, iaAuthorization: false });
  await api('POST', '/api/enhanced/mechanic-profile', who.token, {
    apNumber: cert,
    iaAuthorization: true,
    hourlyRate: '110',
    serviceRadius: '60',
    baseLocation: AIRPORT,
    businessName: business,
  });
  // Verifies the IA saved (the certificate, the one given at sign-up, was verified with the profile).
  await api('POST', `/api/admin/mechanics/${who.id}/approve`, admin, {
    apNumber: cert,
    iaAuthorization: true,
    verifyIa: true,
  });
  return { who, user: reg.user };
}

async function walk(browser: Browser, width: number, admin: string) {
  const stamp = `${Date.now()}`;
  const tail = `N${7 + (width % 2)}${stamp.slice(-3)}P`;
  console.log(`\nWalk at ${width} px: ${tail}`);

  // --- The owner signs up on the form.
  const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const p = await ctx.newPage();
  await p.goto(`${BASE}/dashboard`);
  await p.getByRole('tab', { name: 'Sign Up' }).click();
  const ownerEmail = `nora.${stamp}@example.com`;
  await p.getByLabel('First Name').fill('Nora');
  await p.getByLabel('Last Name').fill(`Walker${stamp.slice(-3)}`);
  await p.getByLabel('Email').fill(ownerEmail);
  await p.getByLabel('Password').fill(PASSWORD);
  await p.getByLabel('Phone').fill('(605) 555-0188');
  await p.getByLabel('Location').fill(AIRPORT);
  await p.getByRole('button', { name: 'Create Account' }).click();
  await p.getByRole('tab', { name: 'My Aircraft' }).waitFor(WAIT);
  await shot(p, width, '01-owner-signed-up');
  const ownerToken = await p.evaluate(() => localStorage.getItem('token'));
  if (!ownerToken) throw new Error('no token after sign-up');

  // --- The aircraft, its tach, its due items and a squawk (the due list's own API).
  const plane = await api<{ id: string }>('POST', '/api/aircraft', ownerToken, {
    tailNumber: tail,
    make: 'Cessna',
    model: '182P',
    year: 1975,
    homeAirport: AIRPORT,
  });
  await api('POST', `/api/aircraft/${plane.id}/hours`, ownerToken, { hours: 3418.2, date: today });
  for (const item of [
    { kind: 'annual', lastDoneDate: '2025-10-10' },
    { kind: 'transponder', lastDoneDate: '2024-10-10' },
    { kind: 'elt', lastDoneDate: '2026-03-02' },
  ])
    await api('POST', `/api/aircraft/${plane.id}/maintenance`, ownerToken, item);
  await api('POST', `/api/aircraft/${plane.id}/squawks`, ownerToken, {
    title: 'Left main tire worn',
    priority: 'fix_soon',
  });

  // --- The due list, and a request from it through the review step.
  await p.goto(`${BASE}/dashboard?section=aircraft`);
  await p.getByRole('button', { name: `Due list for ${tail}` }).click(WAIT);
  await p.getByRole('heading', { name: `Due list · ${tail}` }).waitFor(WAIT);
  await toHeading(p, `Due list · ${tail}`);
  await shot(p, width, '02-due-list-before', false);
  await p.getByRole('checkbox', { name: 'Select Annual inspection' }).check();
  await p.getByRole('checkbox', { name: 'Select Transponder check' }).check();
  await p.getByRole('checkbox', { name: 'Select squawk Left main tire worn' }).check();
  await p.getByRole('button', { name: 'Request service' }).click();
  const review = p.getByRole('dialog', { name: `Review the request for ${tail}` });
  await review.getByLabel('Note for the mechanics').fill('Hangar 4 at Pierre Regional, key at the FBO desk.');
  await review.getByLabel('Estimated budget (USD)').fill('2500');
  await shot(p, width, '03-request-review', false);
  await review.getByRole('button', { name: 'Send request' }).click();
  await p.getByText(/Service request sent to mechanics near/).waitFor(WAIT);
  type Listed<T> = T[] | { items?: T[] };
  const itemsOf = <T>(answer: Listed<T>): T[] => (Array.isArray(answer) ? answer : (answer.items ?? []));
  const list = itemsOf(
    await api<Listed<{ id: string; aircraftTailNumber: string }>>('GET', '/api/enhanced/quotes', ownerToken),
  );
  const request = list.find((r) => r.aircraftTailNumber === tail);
  if (!request) throw new Error('the request is not in the owner list');

  // --- Two new mechanics quote, itemized: one covers everything, one leaves the transponder out.
  const ike = await mechanic(stamp, 'Ike', `Inspector${stamp.slice(-3)}`, '4567890', 'Prairie Aero Repair', admin);
  const sam = await mechanic(stamp, 'Sam', `Quick${stamp.slice(-3)}`, '4567891', 'Missouri River Aviation', admin);
  await api('POST', `/api/enhanced/quotes/${request.id}/bid`, ike.who.token, {
    warrantyPeriod: 90,
    availableStartDate: inDays(5),
    estimatedCompletionDate: inDays(7),
    lines: [
      { category: 'inspection', description: 'Annual inspection, C182P', laborHours: 14, laborRate: 110, partsCost: 0 },
      {
        category: 'airworthy',
        description: 'Transponder check (91.413)',
        laborHours: 1.5,
        laborRate: 110,
        partsCost: 0,
      },
      {
        category: 'airworthy',
        description: 'Replace left main tire worn past limits',
        laborHours: 1,
        laborRate: 110,
        partsCost: 186.4,
      },
      {
        category: 'discretionary',
        description: 'Clean and wax the belly',
        laborHours: 2,
        laborRate: 90,
        partsCost: 25,
      },
      { category: 'travel', description: 'Travel to KPIR, 2 x 30 miles', laborHours: 1, laborRate: 90, partsCost: 0 },
    ],
  });
  await api('POST', `/api/enhanced/quotes/${request.id}/bid`, sam.who.token, {
    warrantyPeriod: 30,
    availableStartDate: inDays(6),
    estimatedCompletionDate: inDays(8),
    lines: [
      { category: 'inspection', description: 'Annual inspection', laborHours: 13, laborRate: 105, partsCost: 0 },
      {
        category: 'airworthy',
        description: 'Left main tire worn: replace',
        laborHours: 1,
        laborRate: 105,
        partsCost: 170,
      },
    ],
  });

  // --- The owner compares and accepts Ike's quote line by line.
  await p.goto(`${BASE}/dashboard?section=requests`);
  lastPage = p;
  const card = p
    .getByRole('listitem')
    .filter({ has: p.getByRole('heading', { name: new RegExp(tail) }) })
    .first();
  // Stacked cards on a phone, a table from the tablet width up (QuoteComparison).
  const compare = { name: `Compare quotes for ${tail}` };
  await (width < 768 ? p.getByRole('list', compare) : p.getByRole('region', compare)).waitFor(WAIT);
  await shot(p, width, '04-compare-quotes');
  await card
    .getByRole('listitem')
    .filter({ hasText: ike.who.name })
    .getByRole('button', { name: /^Accept/ })
    .or(card.getByRole('button', { name: new RegExp(`^Accept.*${ike.who.name}`) }))
    .first()
    .click();
  const accept = p.getByRole('dialog', { name: 'Accept this quote?' });
  await accept
    .getByRole('group', { name: /Transponder check/ })
    .getByRole('radio', { name: 'Defer' })
    .check();
  await accept
    .getByRole('group', { name: /Clean and wax/ })
    .getByRole('radio', { name: 'Decline' })
    .check();
  await shot(p, width, '05-accept-line-by-line', false);
  await accept.getByRole('button', { name: 'Accept Quote' }).click();
  await p.getByText(/^Quote accepted\./).waitFor(WAIT);
  const appts = itemsOf(
    await api<Listed<{ id: string; aircraftTailNumber: string }>>('GET', '/api/appointments', ownerToken),
  );
  const appointment = appts.find((a) => a.aircraftTailNumber === tail);
  if (!appointment) throw new Error('no appointment');

  // --- The mechanic confirms and starts; a change order during the work; the owner approves it.
  for (const step of ['confirm', 'start'])
    await api('POST', `/api/appointments/${appointment.id}/${step}`, ike.who.token, {});
  const order = await api<{ id: string; lines: Array<{ id: string }> }>(
    'POST',
    `/api/appointments/${appointment.id}/change-orders`,
    ike.who.token,
    {
      note: 'Found during the inspection.',
      lines: [
        {
          category: 'airworthy',
          description: 'Replace cracked exhaust clamp',
          laborHours: 1.3,
          laborRate: 110,
          partsCost: 48.75,
        },
      ],
    },
  );
  await p.goto(`${BASE}/dashboard?section=appointments`);
  await p.locator('li[id^="item-"]').filter({ hasText: tail }).first().waitFor(WAIT);
  await shot(p, width, '06-owner-change-order-waiting');
  await api('POST', `/api/appointments/${appointment.id}/change-orders/${order.id}/decide`, ownerToken, {
    decisions: order.lines.map((l: { id: string }) => ({ lineId: l.id, decision: 'approve' })),
  });

  // --- The mechanic completes on the screen, with the tach, and signs the drafted entry.
  const m = await signedIn(browser, width, ike.who, ike.user);
  await m.getByRole('tab', { name: 'Appointments' }).click();
  const job = m.getByRole('listitem').filter({ hasText: tail }).first();
  await job.getByRole('button', { name: 'Complete Job' }).click(WAIT);
  const done = m.getByRole('alertdialog', { name: 'Mark this job completed?' });
  await done.getByLabel(/Tach reading/).fill('3421.4');
  await shot(m, width, '07-mechanic-complete', false);
  await done.getByRole('button', { name: 'Complete Job' }).click();
  const record = job.getByRole('region', { name: 'Maintenance record' });
  await record.getByLabel('Entry text').waitFor(WAIT);
  await record.getByRole('button', { name: 'Sign entry' }).click();
  const sign = m.getByRole('dialog', { name: 'Sign maintenance record' });
  await sign.getByLabel('Certificate number').fill('4567890');
  await sign.getByLabel(/I have reviewed this entry/).check();
  await shot(m, width, '08-sign-dialog', false);
  await sign.getByRole('button', { name: 'Sign entry' }).click();
  await record.getByRole('button', { name: 'Correct entry' }).waitFor(WAIT);
  await record.scrollIntoViewIfNeeded();
  await shot(m, width, '09-signed-entry-mechanic');
  await m.getByRole('tab', { name: 'Earnings' }).click();
  await m
    .getByRole('tabpanel')
    .getByText(/Approved|Final|Earn/)
    .first()
    .waitFor(WAIT);
  await shot(m, width, '13-mechanic-earnings');

  // --- The owner: the due list after completion, the logbook and its PDF, the money, the rating.
  await p.goto(`${BASE}/dashboard?section=aircraft`);
  await p.getByRole('button', { name: `Due list for ${tail}` }).click(WAIT);
  await p.getByRole('heading', { name: `Due list · ${tail}` }).waitFor(WAIT);
  await toHeading(p, `Due list · ${tail}`);
  await shot(p, width, '10-due-list-after', false);
  await shot(p, width, '10-due-list-after-full');
  await p.getByRole('button', { name: 'Logbook' }).click();
  const book = p.getByRole('dialog', { name: `Logbook · ${tail}` });
  await book.getByRole('article').first().waitFor(WAIT);
  await shot(p, width, '11-logbook-signed-entry', false);
  for (const [button, name] of [
    ['PDF (Letter)', 'logbook-pdf'],
    ['Sticker PDF (6 × 4 in)', 'logbook-sticker'],
  ] as const) {
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      book.getByRole('article').first().getByRole('button', { name: button }).click(),
    ]);
    const pdf = path.join(SHOTS, `walk-${width}-${name}.pdf`);
    await download.saveAs(pdf);
    // First page as a PNG (pdftoppm, from poppler-utils), looked at beside the others.
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '100',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdf,
      pdf.replace(/\.pdf$/, ''),
    ]);
    rmSync(pdf);
    console.log(`  docs/screenshots/walk-${width}-${name}.png`);
  }
  await p.keyboard.press('Escape');
  await p.getByRole('tab', { name: 'Appointments' }).click();
  const mine = p.locator('li[id^="item-"]').filter({ hasText: tail }).first();
  await mine.getByRole('button', { name: 'Rate' }).click(WAIT);
  const rate = p.getByRole('dialog', { name: 'Rate this job' });
  await rate.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await rate.getByLabel('Review (optional)').fill('Clear quote, the deferred transponder listed in the entry.');
  await rate
    .getByRole('button', { name: /Submit|Rate|Send/ })
    .last()
    .click();
  await rate.waitFor({ state: 'hidden', ...WAIT });
  await mine.scrollIntoViewIfNeeded();
  await shot(p, width, '12-owner-money');
  await p.getByRole('tab', { name: 'Overview' }).click();
  await p.getByText('Due Soon').first().waitFor(WAIT);
  await shot(p, width, '14-owner-overview-after');

  const summary = {
    width,
    tail,
    owner: ownerEmail,
    mechanic: ike.who.email,
    appointment: await api('GET', `/api/appointments/${appointment.id}/work-order`, ownerToken),
    dueList: await api('GET', `/api/aircraft/${plane.id}/maintenance`, ownerToken),
  };
  writeFileSync(path.join(ROOT, `test-results/walk-${width}.json`), JSON.stringify(summary, null, 2));
  // The emails of the job link to this server (npm start --port N sets SITE_URL), not to :4321.
  const catcher = `${new URL(BASE).protocol}//${new URL(BASE).hostname}:${Number(new URL(BASE).port) + 1000}`;
  const mail = (await (await fetch(`${catcher}/messages.json`)).json()) as Array<{ to: string[]; text: string }>;
  const links = mail
    .filter((m) => m.to.includes(ownerEmail) || m.to.includes(ike.who.email))
    .flatMap((m) => m.text.match(/https?:\/\/[^\s)]+/g) ?? []);
  const elsewhere = links.filter((l) => !l.startsWith(`http://localhost:${new URL(BASE).port}/`));
  if (elsewhere.length) throw new Error(`emails link elsewhere than this server: ${elsewhere.slice(0, 3).join(', ')}`);
  console.log(`  ${links.length} links in the job's emails, all to this server`);
  await ctx.close();
  await m.context().close();
}

mkdirSync(SHOTS, { recursive: true });
mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
const adminLogin = await api<{ access_token: string }>('POST', '/api/auth/login', null, {
  email: 'admin@example.com',
  password: loadLocalSecrets(`${LOCAL_DATA_DIR}-secrets.json`).DEMO_ADMIN_PASSWORD,
});
// The system's Chromium where there is one, as the browser tests do (playwright.config.ts).
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const browser = await chromium.launch({
  ...(systemChromium ? { executablePath: systemChromium } : {}),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const width of args.width.map(Number)) await walk(browser, width, adminLogin.access_token);
} catch (error) {
  // Where it stopped, for the person running it (not a walk screenshot).
  await (lastPage as Page | null)?.screenshot({
    path: path.join(ROOT, 'test-results/walk-failed.png'),
    fullPage: true,
  });
  throw error;
} finally {
  await browser.close();
}
