import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_BUDGET_MS, deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from '../../src/features/integrations/http.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { call } from '../helpers/api.ts';
import { startFakeMessaging, type FakeMessaging } from '../helpers/fake-messaging.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createUser } from '../helpers/users.ts';

// A provider that takes 8 s a message, with the production budget (20 s) and call timeout (10 s).
let db: Db;
let fake: FakeMessaging;
const addresses = ['slow1@example.com', 'slow2@example.com', 'slow3@example.com'];

const rows = () =>
  db
    .selectFrom('outbox')
    .select(['toAddress', 'status', 'attempts', 'lockedUntil'])
    .where('toAddress', 'in', addresses)
    .orderBy('toAddress')
    .execute();

beforeAll(async () => {
  db = await useIsolatedDatabase();
  fake = await startFakeMessaging();
  process.env['MAILCHIMP_API_BASE'] = fake.url;
  delete process.env['PROVIDER_TIMEOUT_MS'];
  const admin = await createUser('admin');
  const form = new FormData();
  for (const [k, v] of Object.entries({ key_name: 'Production', api_key: 'md-valid-key', is_primary: 'true' }))
    form.set(k, v);
  const res = await call('POST', '/api/admin/config/api-keys?integration_type=mailchimp', {
    rawBody: form,
    token: admin.token,
  });
  expect(res.status, res.text).toBe(200);
  for (const [i, to] of addresses.entries()) {
    await db
      .insertInto('outbox')
      .values({
        channel: 'email',
        toAddress: to,
        subject: `Slow ${i}`,
        bodyText: 'Hello',
        bodyHtml: null,
        kind: 'test.email',
        lockedUntil: null,
        lastError: null,
        providerMessageId: null,
        sentAt: null,
        nextAttemptAt: new Date(Date.now() - (3 - i) * 1000),
      })
      .execute();
  }
  fake.setDelay(8_000);
});

afterAll(async () => {
  await fake.close();
  await db.destroy();
});

describe('outbox delivery with a time budget', () => {
  it('a provider answering in 8 s: runs stop in time, release what they did not try, and every message goes exactly once', async () => {
    expect(DELIVERY_BUDGET_MS).toBe(20_000);
    expect(DEFAULT_PROVIDER_TIMEOUT_MS).toBe(10_000);

    let started = performance.now();
    const first = await deliverDueMessages(db);
    // Two sends fit (0-8 s, 8-16 s); a third could not finish within the budget: it is released.
    expect(first).toMatchObject({ sent: 2, retrying: 0, dead: 0, interrupted: 0, released: 1 });
    expect(performance.now() - started).toBeLessThan(DELIVERY_BUDGET_MS);
    expect(await rows()).toEqual([
      { toAddress: 'slow1@example.com', status: 'sent', attempts: 1, lockedUntil: null },
      { toAddress: 'slow2@example.com', status: 'sent', attempts: 1, lockedUntil: null },
      // Pending again, its attempt not counted, nothing left `sending` for the reaper.
      { toAddress: 'slow3@example.com', status: 'pending', attempts: 0, lockedUntil: null },
    ]);

    started = performance.now();
    const second = await deliverDueMessages(db);
    expect(second).toMatchObject({ sent: 1, retrying: 0, dead: 0, interrupted: 0, released: 0 });
    expect(performance.now() - started).toBeLessThan(DELIVERY_BUDGET_MS);

    const third = await deliverDueMessages(db);
    expect(third).toMatchObject({ sent: 0, dead: 0, interrupted: 0, released: 0 });

    for (const to of addresses) expect(fake.emails.filter((e) => e.to === to)).toHaveLength(1);
    const final = await rows();
    expect(final.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    const dead = await db.selectFrom('outbox').select('id').where('status', '=', 'dead').execute();
    expect(dead).toHaveLength(0);
  }, 90_000);
});
