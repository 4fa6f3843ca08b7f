import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notify } from '../../src/features/marketplace/notifications.server.ts';
import { deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';
import { enqueueEmail } from '../../src/features/messaging/outbox.server.ts';
import { MAX_DELIVERY_ATTEMPTS } from '../../src/features/messaging/retry-policy.ts';
import type { Db } from '../../src/server/db/client.ts';
import { call } from '../helpers/api.ts';
import { startFakeMessaging, type FakeMessaging } from '../helpers/fake-messaging.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';

let db: Db;
let fake: FakeMessaging;
let admin: TestUser;

/** Makes every waiting message due now, as if its gather window or backoff had elapsed. */
const fastForward = () =>
  db
    .updateTable('outbox')
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where('status', '=', 'pending')
    .execute();
const subjectsSentTo = (to: string) => fake.emails.filter((e) => e.to === to).map((e) => e.subject);
const email = (to: string, subject: string) =>
  enqueueEmail(db, { kind: 'payments.receipt', to, subject, text: `${subject}.` });

beforeAll(async () => {
  db = await useIsolatedDatabase();
  fake = await startFakeMessaging();
  process.env['MAILCHIMP_API_BASE'] = fake.url;
  admin = await createUser('admin');
  const key = new FormData();
  for (const [k, v] of Object.entries({ key_name: 'Production', api_key: 'md-valid-key', is_primary: 'true' }))
    key.set(k, v);
  const res = await call('POST', '/api/admin/config/api-keys?integration_type=mailchimp', {
    rawBody: key,
    token: admin.token,
  });
  expect(res.status, res.text).toBeLessThan(300);
});

afterAll(async () => {
  await fake.close();
  await db.destroy();
});

beforeEach(() => {
  fake.failNext(0);
  fake.setDown(null);
});

describe('one recipient gets their emails in the order they were written', () => {
  it('"Work started" (a notice gathered for two minutes) reaches the owner before the receipt written after it', async () => {
    const owner = await createUser('pilot');
    await db.transaction().execute(async (trx) => {
      await notify(trx, [owner.id], {
        type: 'appointment.in_progress',
        title: 'Work started',
        message: 'Ann Mech started work on the annual on N1234.',
        link: 'appointments',
      });
    });
    await email(owner.email, 'Receipt: $1,959.70 for the annual on N1234');

    // The receipt is due at once: it does not wait behind the notice still gathering, which was
    // written first and leaves with it, ahead of it (one run, no gather window waited out).
    await deliverDueMessages(db);
    expect(subjectsSentTo(owner.email)).toEqual([
      'Work started - Skyward Mobile Aviation',
      'Receipt: $1,959.70 for the annual on N1234',
    ]);
  });

  it('keeps the order of emails written in one transaction', async () => {
    const owner = await createUser('pilot');
    const subjects = Array.from({ length: 6 }, (_, i) => `Step ${i + 1}`);
    await db.transaction().execute(async (trx) => {
      for (const subject of subjects)
        await enqueueEmail(trx, { kind: 'payments.receipt', to: owner.email, subject, text: subject });
    });
    await deliverDueMessages(db);
    expect(subjectsSentTo(owner.email)).toEqual(subjects);
  });

  it('holds a later email while an earlier one is retried, and lets it go once the earlier one is dead', async () => {
    const owner = await createUser('pilot');
    await email(owner.email, 'Payment due');
    await email(owner.email, 'Payout');
    fake.failNext(1, 500);
    await deliverDueMessages(db);
    expect(subjectsSentTo(owner.email)).toEqual([]);
    const later = await db
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('toAddress', '=', owner.email)
      .where('subject', '=', 'Payout')
      .executeTakeFirstOrThrow();
    expect(later).toEqual({ status: 'pending', attempts: 0 });

    // The first one fails for good: it no longer holds the rest.
    fake.setDown(503);
    for (let i = 1; i < MAX_DELIVERY_ATTEMPTS; i += 1) {
      await fastForward();
      await deliverDueMessages(db);
    }
    fake.setDown(null);
    const first = await db
      .selectFrom('outbox')
      .select('status')
      .where('toAddress', '=', owner.email)
      .where('subject', '=', 'Payment due')
      .executeTakeFirstOrThrow();
    expect(first.status).toBe('dead');
    // The run that gave the first one up already tried the second (the provider was still down).
    await fastForward();
    await deliverDueMessages(db);
    expect(subjectsSentTo(owner.email)).toEqual(['Payout']);
  });

  it('two delivery runs at once never send the later email while the earlier one is at the provider', async () => {
    const owner = await createUser('pilot');
    await email(owner.email, 'Receipt: paid');
    await email(owner.email, 'Payout: sent');
    const held = fake.holdNextEmailTo(owner.email);
    // Run A takes one message at a time and is held at the provider with the first one.
    const runA = deliverDueMessages(db, { batchSize: 1 });
    await held.arrived;
    // Run B meanwhile finds the second one due: it must leave it alone.
    await deliverDueMessages(db, { batchSize: 1 });
    held.release();
    await runA;
    await deliverDueMessages(db);
    expect(subjectsSentTo(owner.email)).toEqual(['Receipt: paid', 'Payout: sent']);
  });
});
