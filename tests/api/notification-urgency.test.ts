import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/features/marketplace/notifications.server.ts';
import { deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { afterAnswersSettled } from '../../src/server/http/after-answer.ts';
import { call } from '../helpers/api.ts';
import { startFakeMessaging, type FakeMessaging } from '../helpers/fake-messaging.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createRequest, mechanicWithProfile, validBid } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// An email that asks someone to act now (an aircraft on ground, an owner's decision) is in the
// outbox due at once and leaves with the next delivery run; an ordinary notice waits its gather
// window to be combined with the ones that follow.
let db: Db;
let fake: FakeMessaging;
let admin: TestUser;

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
  await afterAnswersSettled();
  await fake.close();
  await db.destroy();
});

const subjectsSentTo = (to: string) => fake.emails.filter((e) => e.to === to).map((e) => e.subject);
const dueNow = async (to: string, kind: string) => {
  const row = await db
    .selectFrom('outbox')
    .select(['nextAttemptAt'])
    .where('toAddress', '=', to)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return row.nextAttemptAt.getTime() <= Date.now();
};

describe('urgent emails go at once, ordinary notices wait to be combined', () => {
  it('a new quote reaches the owner with the next run; the mechanic’s "new request" waits for its gather window', async () => {
    const mechanic = await mechanicWithProfile({ baseLocation: 'KBZN', serviceRadius: '5' });
    const pilot = await createUser('pilot');
    const request = await createRequest(pilot, { serviceLocation: 'KBZN', aircraftLocation: 'KBZN' });
    const quote = await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: validBid(), as: mechanic });
    expect(quote.status, quote.text).toBe(201);

    expect(await dueNow(pilot.email, 'marketplace.bid.received')).toBe(true);
    expect(await dueNow(mechanic.email, 'marketplace.request.matched')).toBe(false);
    await deliverDueMessages(db);
    // The owner's "Mechanics matched", written first and still gathering, leaves with it, ahead.
    expect(subjectsSentTo(pilot.email)).toEqual([
      'Mechanics matched - Skyward Mobile Aviation',
      'New quote received - Skyward Mobile Aviation',
    ]);
    expect(subjectsSentTo(mechanic.email)).toEqual([]);
  });

  it('an aircraft-on-ground call and a change order to decide go at once, and an earlier gathering notice goes with them, first', async () => {
    const mechanic = await createUser('mechanic');
    const owner = await createUser('pilot');
    await db.transaction().execute(async (trx) => {
      await notify(trx, [owner.id], { type: 'appointment.rated', title: 'Job rated', message: 'Rated 5.' });
      await notify(trx, [owner.id], {
        type: 'change_order.created',
        title: 'Change order to decide',
        message: 'One more item: approve, defer or decline it.',
      });
      await notify(trx, [mechanic.id], {
        type: 'aog.call',
        title: 'Aircraft on ground nearby',
        message: 'N1234 at KRHV cannot start.',
      });
    });
    expect(await dueNow(owner.email, 'marketplace.change_order.created')).toBe(true);
    expect(await dueNow(mechanic.email, 'marketplace.aog.call')).toBe(true);
    await deliverDueMessages(db);
    expect(subjectsSentTo(owner.email)).toEqual([
      'Job rated - Skyward Mobile Aviation',
      'Change order to decide - Skyward Mobile Aviation',
    ]);
    expect(subjectsSentTo(mechanic.email)).toEqual(['Aircraft on ground nearby - Skyward Mobile Aviation']);
  });
});
