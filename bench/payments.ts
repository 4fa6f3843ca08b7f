// Accept and complete with payments, over HTTP against a running `npm start` whose Stripe is the
// local stand-in (no key configured): `node bench/payments.ts http://localhost:4321 [jobs]`. It registers
// jobs + 2 accounts from one address: start the server with `PUBLIC_WRITE_RATE_LIMIT=1000` so the sign-up
// limit (meant for visitors) does not stop it.
// Each job: a request, an itemized quote with a 50 % parts deposit, then timed one at a time:
// accept (payable: Customer + Checkout Session), card saved on the stand-in's page (deposit charged
// through its webhook), confirm, start (deposit transfer), complete (record drafted, no charge
// yet), sign (capture + transfer). One client; the stand-in's own round trip is reported beside.
import { readFileSync } from 'node:fs';
import os from 'node:os';

const origin = process.argv[2] ?? 'http://localhost:4321';
const jobs = Number(process.argv[3] ?? 20);
const secrets = process.env['BENCH_SECRETS_FILE'] ?? '.data/postgres-secrets.json';
const adminPassword = (JSON.parse(readFileSync(secrets, 'utf8')) as { DEMO_ADMIN_PASSWORD: string })
  .DEMO_ADMIN_PASSWORD;
const stamp = Date.now().toString(36);

async function http(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a bench reads a few fields of several answers
  return text ? (JSON.parse(text) as any) : null;
}
async function timed<T>(samples: number[], fn: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const out = await fn();
  samples.push(performance.now() - t);
  return out;
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const row = (name: string, xs: number[]) =>
  `| ${name} | ${xs.length} | ${pct(xs, 50).toFixed(1)} | ${pct(xs, 95).toFixed(1)} | ${Math.max(...xs).toFixed(1)} |`;

const admin = await http('POST', '/api/auth/login', { email: 'admin@example.com', password: adminPassword });
const register = async (role: 'pilot' | 'mechanic', n: string) =>
  http('POST', '/api/auth/register', {
    role,
    firstName: 'Bench',
    lastName: `${role} ${n}`,
    email: `bench.${role}.${stamp}.${n}@example.com`,
    password: 'Bench-Money-2026',
    location: 'Bozeman, MT',
    ...(role === 'mechanic'
      ? { certificationNumber: '1234567', yearsExperience: 5, serviceRadius: 10, hourlyRate: 100 }
      : {}),
  });
const mechanic = await register('mechanic', 'm');
await http(
  'POST',
  '/api/enhanced/mechanic-profile',
  { apNumber: 'A&P 1234567', iaAuthorization: true, hourlyRate: '100', serviceRadius: '10', baseLocation: 'KBZN' },
  mechanic.access_token,
);
// Approval after the profile: the certificate and IA count only once an administrator verified them (ADR 0180).
await http('POST', `/api/admin/mechanics/${mechanic.user.id}/approve`, undefined, admin.access_token);
const link = await http('POST', '/api/payments/connect', undefined, mechanic.access_token);
// The mechanic finishes the stand-in's hosted onboarding.
await fetch(link.url, { method: 'POST', redirect: 'manual' });
const standin = new URL(link.url).origin;
// A second mechanic without payouts: the same accept and complete without Stripe, as a baseline.
const plain = await register('mechanic', 'p');
await http(
  'POST',
  '/api/enhanced/mechanic-profile',
  { apNumber: 'A&P 7654321', iaAuthorization: true, hourlyRate: '100', serviceRadius: '10', baseLocation: 'KGPI' },
  plain.access_token,
);
await http('POST', `/api/admin/mechanics/${plain.user.id}/approve`, undefined, admin.access_token);
const acceptPlain: number[] = [];
const completePlain: number[] = [];

const accept: number[] = [];
const complete: number[] = [];
const sign: number[] = [];
const start: number[] = [];
const standinRtt: number[] = [];
const day = new Date().toISOString().slice(0, 10);
for (let i = 0; i < jobs; i++) {
  const pilot = await register('pilot', String(i));
  const request = await http(
    'POST',
    '/api/enhanced/quotes',
    {
      aircraftMake: 'Cessna',
      aircraftModel: '182T',
      aircraftTailNumber: `N${(i % 9) + 1}${String(i).padStart(2, '0')}B`,
      serviceType: 'annual_inspection',
      serviceDescription: 'Annual.',
      urgencyLevel: 'normal',
      serviceLocation: 'KBZN',
      aircraftLocation: 'KBZN',
      customerWillTravel: false,
    },
    pilot.access_token,
  );
  const bid = await http(
    'POST',
    `/api/enhanced/quotes/${request.id}/bid`,
    {
      availableStartDate: day,
      estimatedCompletionDate: day,
      warrantyPeriod: 90,
      depositPercent: 50,
      lines: [
        { category: 'inspection', description: 'Annual inspection', laborHours: 10, laborRate: 100, partsCost: 0 },
        { category: 'parts', description: 'Plugs', laborHours: 0, laborRate: 0, partsCost: 200 },
      ],
    },
    mechanic.access_token,
  );
  const accepted = await timed(accept, () =>
    http('POST', `/api/enhanced/quotes/${request.id}/accept`, { bidId: bid.id }, pilot.access_token),
  );
  if (!accepted.payment) throw new Error('the quote was not payable');
  await fetch(accepted.payment.setupUrl, {
    method: 'POST',
    body: new URLSearchParams({ card: '4242424242424242' }),
    redirect: 'manual',
  });
  const id = accepted.appointment.id;
  await http('POST', `/api/appointments/${id}/confirm`, {}, mechanic.access_token);
  await timed(start, () => http('POST', `/api/appointments/${id}/start`, {}, mechanic.access_token));
  await timed(complete, () =>
    http('POST', `/api/appointments/${id}/complete`, { mechanicNotes: 'Done.' }, mechanic.access_token),
  );
  await timed(sign, () =>
    http(
      'POST',
      `/api/appointments/${id}/record/sign`,
      { fullName: 'Bench mechanic m', certificateNumber: '1234567', statement: true },
      mechanic.access_token,
    ),
  );
  const paid = await http('GET', `/api/appointments/${id}/payment`, undefined, pilot.access_token);
  if (paid.status !== 'paid') throw new Error(`job ${i} is ${paid.status}`);
  await timed(standinRtt, () => fetch(`${standin}/v1/balance`).then((r) => r.text()));

  const other = await http(
    'POST',
    '/api/enhanced/quotes',
    {
      aircraftMake: 'Cessna',
      aircraftModel: '182T',
      aircraftTailNumber: `N${(i % 9) + 1}${String(i).padStart(2, '0')}C`,
      serviceType: 'annual_inspection',
      serviceDescription: 'Annual.',
      urgencyLevel: 'normal',
      serviceLocation: 'KGPI',
      aircraftLocation: 'KGPI',
      customerWillTravel: false,
    },
    pilot.access_token,
  );
  const plainBid = await http(
    'POST',
    `/api/enhanced/quotes/${other.id}/bid`,
    {
      availableStartDate: day,
      estimatedCompletionDate: day,
      warrantyPeriod: 90,
      laborCost: '1000',
      partsCost: '200',
      estimatedHours: '10',
    },
    plain.access_token,
  );
  const plainAccepted = await timed(acceptPlain, () =>
    http('POST', `/api/enhanced/quotes/${other.id}/accept`, { bidId: plainBid.id }, pilot.access_token),
  );
  const pid = plainAccepted.appointment.id;
  for (const s of ['confirm', 'start']) await http('POST', `/api/appointments/${pid}/${s}`, {}, plain.access_token);
  await timed(completePlain, () =>
    http('POST', `/api/appointments/${pid}/complete`, { mechanicNotes: 'Done.' }, plain.access_token),
  );
}
console.log(
  `Load at the end (uptime): ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${os.cpus().length} cores`,
);
console.log('| call (ms) | n | p50 | p95 | max |\n|---|---|---|---|---|');
for (const [name, xs] of [
  ['POST accept (payable: Customer + Checkout Session)', accept],
  ['POST accept (not payable, baseline)', acceptPlain],
  ['POST start (deposit transfer)', start],
  ['POST complete (record drafted, no charge)', complete],
  ['POST complete (not payable, baseline)', completePlain],
  ['POST record/sign (capture + transfer + receipt)', sign],
  ['stand-in round trip (GET /v1/balance)', standinRtt],
] as const)
  console.log(row(name, xs));
