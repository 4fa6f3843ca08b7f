// Sending and receiving a message through a running `npm start`: the demo mechanic
// sends, the demo pilot's open thread receives it with `GET .../updates?after=`, one pair at a
// time (a message's whole trip: send answered, then the reader's next poll carries it), beside an
// existing signed-in read; then the live view's poll alone at 20 concurrent readers for 10 s. Sends
// stay under the 30-a-minute limit.
// Usage: node bench/conversation-messages.ts http://localhost:4321 [messages]
import { performance } from 'node:perf_hooks';

const base = (process.argv[2] ?? 'http://localhost:4321').replace(/\/+$/, '');
const messages = Math.min(Number(process.argv[3] ?? 25), 29);

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
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const line = (name: string, times: number[], extra = '') => {
  const s = [...times].sort((a, b) => a - b);
  console.log(
    `${name}: p50 ${pct(s, 50).toFixed(1)} ms, p95 ${pct(s, 95).toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms over ${s.length}${extra}`,
  );
};

const mechanic = await signIn('mechanic@example.com', 'DemoMechanic!2026');
const pilot = await signIn('pilot@example.com', 'DemoPilot!2026');
const threads = (await (await fetch(`${base}/api/conversations`, { headers: auth(pilot) })).json()) as Array<{
  id: string;
  closed: boolean;
  otherParty: { name: string };
}>;
const thread = threads.find((t) => !t.closed && t.otherParty.name === 'Manny Mechanic');
if (!thread) throw new Error('No open demo conversation between Paula and Manny (npm start seeds one)');
const page = (await (await fetch(`${base}/api/conversations/${thread.id}`, { headers: auth(pilot) })).json()) as {
  messages: Array<{ id: string }>;
};
let after = page.messages.at(-1)?.id ?? '';

const sends: number[] = [];
const receives: number[] = [];
const trips: number[] = [];
for (let i = 0; i < messages; i += 1) {
  const t0 = performance.now();
  const sent = await fetch(`${base}/api/conversations/${thread.id}/messages`, {
    method: 'POST',
    headers: auth(mechanic),
    body: JSON.stringify({ text: `Bench message ${i + 1} at ${new Date().toISOString()}` }),
  });
  const message = (await sent.json()) as { id: string };
  if (sent.status !== 201) throw new Error(`send: ${sent.status} ${JSON.stringify(message)}`);
  const t1 = performance.now();
  const got = await fetch(`${base}/api/conversations/${thread.id}/updates?after=${after}`, { headers: auth(pilot) });
  const body = (await got.json()) as { messages: Array<{ id: string }> };
  const t2 = performance.now();
  if (!body.messages.some((m) => m.id === message.id)) throw new Error('the reader did not receive the message');
  after = body.messages.at(-1)!.id;
  sends.push(t1 - t0);
  receives.push(t2 - t1);
  trips.push(t2 - t0);
}
// The same machine's cost of an existing signed-in read, one at a time: the yardstick when the
// machine is busy (the budgets assume an idle one).
const baseline: number[] = [];
for (let i = 0; i < messages; i += 1) {
  const t0 = performance.now();
  await (await fetch(`${base}/api/enhanced/notifications?unread_only=true&limit=20`, { headers: auth(pilot) })).text();
  baseline.push(performance.now() - t0);
}
line('baseline GET /api/enhanced/notifications (signed-in read)', baseline);
line('POST /api/conversations/:id/messages (send)', sends);
line('GET /api/conversations/:id/updates?after= (receive)', receives);
line('send + receive', trips);

// The live view: every open thread polls every 2 s; 20 readers polling back to back for 10 s.
const polls: number[] = [];
let errors = 0;
const until = performance.now() + 10_000;
await Promise.all(
  Array.from({ length: 20 }, async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/conversations/${thread.id}/updates?after=${after}`, {
        headers: auth(pilot),
      });
      await res.text();
      polls.push(performance.now() - t0);
      if (res.status !== 200) errors += 1;
    }
  }),
);
line(
  'GET .../updates?after= at 20 concurrent readers',
  polls,
  `, ${errors} errors, ${(polls.length / 10).toFixed(0)} req/s`,
);
