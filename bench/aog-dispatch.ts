// Aircraft on ground (docs/decisions/0250-aog-dispatch.md): the time from an owner's
// report to the first mechanic's notification, through a running `npm start` with its outbox
// worker. The demo pilot reports at KSJC, the demo mechanic's base (made "available for AOG calls"
// for the run, put back after); measured per report: the answer (201), the bell notification the
// mechanic's dashboard reads (GET /api/enhanced/notifications), and the urgent email arriving in
// the local mail catcher (the outbox's delivery right after the answer). Each call is cancelled
// after its run. Budget: under 2 s to the email.
// Usage: node bench/aog-dispatch.ts http://localhost:4321 [reports] [mail catcher URL, default port+1000]
import { performance } from 'node:perf_hooks';

const base = (process.argv[2] ?? 'http://localhost:4321').replace(/\/+$/, '');
const runs = Math.max(1, Math.min(Number(process.argv[3] ?? 5), 20));
const catcher = (
  process.argv[4] ?? `${new URL(base).protocol}//${new URL(base).hostname}:${Number(new URL(base).port || 80) + 1000}`
).replace(/\/+$/, '');
const BUDGET_MS = 2000;
const POLL_MS = 10;
const GIVE_UP_MS = 70_000;

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
/** Resolves with the milliseconds since `t0` when `check` first holds (polled every POLL_MS). */
async function until(t0: number, check: () => Promise<boolean>, what: string): Promise<number> {
  for (;;) {
    if (await check()) return performance.now() - t0;
    if (performance.now() - t0 > GIVE_UP_MS) throw new Error(`${what} did not arrive within ${GIVE_UP_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const line = (name: string, times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  console.log(`${name}: p50 ${pct(s, 50).toFixed(0)} ms, max ${s.at(-1)!.toFixed(0)} ms over ${s.length}`);
  return s.at(-1)!;
};

const pilot = await signIn('pilot@example.com', 'DemoPilot!2026');
const mechanic = await signIn('mechanic@example.com', 'DemoMechanic!2026');
const mechanicEmail = 'mechanic@example.com';
const planes = await json<Array<{ id: string; tailNumber: string }>>(
  await fetch(`${base}/api/aircraft`, { headers: auth(pilot) }),
);
if (!planes[0]) throw new Error('The demo pilot has no aircraft (npm start seeds some)');
const before = await json<{ available: boolean }>(
  await fetch(`${base}/api/aog/availability`, { headers: auth(mechanic) }),
);
await json(
  await fetch(`${base}/api/aog/availability`, {
    method: 'PUT',
    headers: auth(mechanic),
    body: JSON.stringify({ available: true }),
  }),
);

const answers: number[] = [];
const bells: number[] = [];
const emails: number[] = [];
try {
  for (let i = 0; i < runs; i += 1) {
    const seen = new Set((await json<Array<{ id: number }>>(await fetch(`${catcher}/messages.json`))).map((m) => m.id));
    const bellsBefore = new Set(
      (
        await json<Array<{ id: string }>>(
          await fetch(`${base}/api/enhanced/notifications?limit=50`, { headers: auth(mechanic) }),
        )
      ).map((n) => n.id),
    );
    const t0 = performance.now();
    const res = await fetch(`${base}/api/aog`, {
      method: 'POST',
      headers: auth(pilot),
      body: JSON.stringify({
        aircraftId: planes[0].id,
        airport: 'KSJC',
        locationOnField: 'Bench ramp',
        symptoms: ['electrical'],
        description: `Bench run ${i + 1}`,
        canFlyOut: false,
        callbackPhone: '(408) 555-0100',
      }),
    });
    const created = await json<{ id: string; notified: number }>(res);
    answers.push(performance.now() - t0);
    if (created.notified === 0)
      throw new Error('Nobody was asked: is the demo mechanic approved with a profile at KSJC?');
    bells.push(
      await until(
        t0,
        async () => {
          const list = await json<Array<{ id: string; type: string }>>(
            await fetch(`${base}/api/enhanced/notifications?limit=50`, { headers: auth(mechanic) }),
          );
          return list.some((n) => n.type === 'aog.call' && !bellsBefore.has(n.id));
        },
        'the bell notification',
      ),
    );
    emails.push(
      await until(
        t0,
        async () => {
          const list = await json<Array<{ id: number; to: string[]; subject: string }>>(
            await fetch(`${catcher}/messages.json`),
          );
          return list.some(
            (m) =>
              !seen.has(m.id) &&
              m.to.includes(mechanicEmail) &&
              m.subject.startsWith(`AOG ${planes[0]!.tailNumber} at`),
          );
        },
        'the email',
      ),
    );
    await json(await fetch(`${base}/api/aog/${created.id}/cancel`, { method: 'POST', headers: auth(pilot) }));
  }
} finally {
  await fetch(`${base}/api/aog/availability`, {
    method: 'PUT',
    headers: auth(mechanic),
    body: JSON.stringify({ available: before.available }),
  });
}
line('POST /api/aog (report answered)', answers);
line('report -> bell notification read by the mechanic', bells);
const worst = line('report -> urgent email in the mail catcher (outbox, after the answer)', emails);
console.log(`budget: first mechanic notification < ${BUDGET_MS} ms: ${worst < BUDGET_MS ? 'met' : 'NOT met'}`);
