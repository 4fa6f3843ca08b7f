import { beforeAll, describe, expect, it } from 'vitest';
import { toE164 } from '../../src/features/messaging/outbox.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { api, call } from '../helpers/api.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createRequest, mechanicWithProfile, validBid } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// A change order reaches the owner by text too when the business has an active Twilio key and the
// owner gave a phone number. Its own database: an active Twilio key is global to the product.

let db: Db;
let admin: TestUser;

beforeAll(async () => {
  db = await useIsolatedDatabase();
  admin = await createUser('admin');
});

async function jobInProgress(phone: string | null) {
  const pilot = await createUser('pilot', { firstName: 'Tex', lastName: 'Owner' });
  await db.updateTable('users').set({ phone }).where('id', '=', pilot.id).execute();
  const mechanic = await mechanicWithProfile({ baseLocation: 'KBZN', serviceRadius: 5 });
  const request = await createRequest(pilot, { serviceLocation: 'KBZN', aircraftLocation: 'KBZN' });
  const bid = await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: validBid(), as: mechanic });
  expect(bid.status, bid.text).toBe(201);
  const accepted = await callRoute(ROUTES.requestAccept, {
    params: { id: request.id },
    body: { bidId: bid.body.id },
    as: pilot,
  });
  const appointmentId = accepted.body.appointment.id as string;
  for (const step of ['confirm', 'start'])
    expect((await api.post(`/api/appointments/${appointmentId}/${step}`, {}, { token: mechanic.token })).status).toBe(
      200,
    );
  return { pilot, mechanic, appointmentId };
}

const changeOrder = (mechanic: TestUser, appointmentId: string) =>
  callRoute(ROUTES.changeOrderCreate, {
    params: { id: appointmentId },
    body: {
      lines: [
        {
          category: 'airworthy',
          description: 'Replace cracked exhaust gasket',
          laborHours: 1.5,
          laborRate: 95,
          partsCost: 24,
        },
      ],
    },
    as: mechanic,
  });

const textsTo = (to: string) =>
  db.selectFrom('outbox').select(['channel', 'bodyText', 'kind']).where('toAddress', '=', to).execute();

describe('change orders by text', () => {
  it('writes a phone number as Twilio takes it', () => {
    expect(toE164('(406) 555-0142')).toBe('+14065550142');
    expect(toE164('1-406-555-0142')).toBe('+14065550142');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('555-0142')).toBeNull();
    expect(toE164(null)).toBeNull();
  });

  it('queues no text without an active Twilio key, one text to the owner with it, none without a phone', async () => {
    const before = await jobInProgress('(406) 555-0101');
    expect((await changeOrder(before.mechanic, before.appointmentId)).status).toBe(201);
    expect(await textsTo('+14065550101')).toEqual([]);

    const form = new FormData();
    for (const [k, v] of Object.entries({
      key_name: 'SMS',
      api_key: 'AC0123456789abcdef0123456789abcdef',
      api_secret: 'auth-token',
      is_primary: 'true',
      additional_config: '{"from_number":"+14065550100"}',
    }))
      form.set(k, v);
    const added = await call('POST', '/api/admin/config/api-keys?integration_type=twilio', {
      rawBody: form,
      token: admin.token,
    });
    expect(added.status, added.text).toBeLessThan(300);

    const withKey = await jobInProgress('(406) 555-0102');
    expect((await changeOrder(withKey.mechanic, withKey.appointmentId)).status).toBe(201);
    const texts = await textsTo('+14065550102');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ channel: 'sms', kind: 'marketplace.change_order.created' });
    expect(texts[0]!.bodyText).toMatch(/change order to decide\. .*Replace|found one more item/);

    const noPhone = await jobInProgress(null);
    expect((await changeOrder(noPhone.mechanic, noPhone.appointmentId)).status).toBe(201);
    expect(await db.selectFrom('outbox').select('id').where('channel', '=', 'sms').execute()).toHaveLength(1);
  });
});
