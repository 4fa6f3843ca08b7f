import { describe, expect, it } from 'vitest';
import { WRITE_CAPS } from '../../src/contract/write-caps.ts';
import { api, type ApiResult } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { createRequest, mechanicWithProfile, scheduledJob } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// 73 change orders in a minute sent 73 emails to the owner; 20 requests in
// seconds sent 21 emails to one mechanic. Writes that send email are capped per user and per job,
// and notification emails that arrive together go as one (docs/decisions/0183). Casper, WY (KCPR)
// and Pueblo, CO (KPUB), where no other suite places mechanics.

const emailsTo = (to: string) =>
  testDb()
    .selectFrom('outbox')
    .select(['kind', 'subject', 'bodyText', 'nextAttemptAt'])
    .where('toAddress', '=', to)
    .orderBy('createdAt')
    .execute();

describe('writes that send email are capped', () => {
  it('change orders: 10 an hour on one job, then 429 with the reason; the owner gets one email for all of them', async () => {
    const { pilot, mechanic, appointmentId } = await scheduledJob('KCPR');
    for (const step of ['confirm', 'start'])
      expect((await api.post(`/api/appointments/${appointmentId}/${step}`, {}, { token: mechanic.token })).status).toBe(
        200,
      );
    const before = (await emailsTo(pilot.email)).length;
    const body = (i: number) => ({
      lines: [{ category: 'airworthy', description: `Finding ${i}`, laborHours: 1, laborRate: 95, partsCost: 0 }],
    });
    const statuses: number[] = [];
    let refused: ApiResult<unknown> | undefined;
    for (let i = 0; i < WRITE_CAPS.changeOrdersPerJob.limit + 3; i += 1) {
      const res = await callRoute(ROUTES.changeOrderCreate, {
        params: { id: appointmentId },
        body: body(i),
        as: mechanic,
      });
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(WRITE_CAPS.changeOrdersPerJob.limit);
    expect(statuses.slice(WRITE_CAPS.changeOrdersPerJob.limit)).toEqual([429, 429, 429]);
    expect(detailOf(refused!)).toMatch(
      /^This job already has 10 change orders from the last hour, and each one emails the owner\. Put the remaining lines in one change order, or try again in \d+ minutes?\.$/,
    );
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    const orders = await testDb()
      .selectFrom('changeOrders')
      .select('id')
      .where('appointmentId', '=', appointmentId)
      .execute();
    expect(orders).toHaveLength(WRITE_CAPS.changeOrdersPerJob.limit);

    // Ten notifications, one email listing them all: a change order to decide is due at once
    // (docs/decisions/0453), and the ones that follow join it while it is not yet claimed.
    const mail = (await emailsTo(pilot.email)).slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.kind).toBe('marketplace.change_order.created');
    expect(mail[0]!.subject).toBe(
      `Change order to decide (${WRITE_CAPS.changeOrdersPerJob.limit}) - Skyward Mobile Aviation`,
    );
    expect(mail[0]!.bodyText.match(/found one more item during/g)).toHaveLength(WRITE_CAPS.changeOrdersPerJob.limit);
    expect(mail[0]!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('twenty requests in seconds reach the mechanic who covers them as one email', async () => {
    const mechanic = await mechanicWithProfile({ baseLocation: 'KPUB', serviceRadius: 5 });
    for (let i = 0; i < 20; i += 1) {
      const pilot = await createUser('pilot');
      await createRequest(pilot, { serviceLocation: 'KPUB', aircraftLocation: 'KPUB' });
    }
    const mail = await emailsTo(mechanic.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('New service request (20) - Skyward Mobile Aviation');
    expect(mail[0]!.bodyText.match(/Annual Inspection for a Cessna 172S Skyhawk at KPUB/g)).toHaveLength(20);
    // Each one is still a notification of its own in the dashboard.
    const inApp = await callRoute(ROUTES.notifications, { query: { limit: '50' }, as: mechanic });
    expect(inApp.body.filter((n: { type: string }) => n.type === 'request.matched')).toHaveLength(20);
  });

  it('service requests: 10 an hour per owner', async () => {
    const pilot = await createUser('pilot');
    const statuses: number[] = [];
    for (let i = 0; i < WRITE_CAPS.requestsPerUser.limit + 1; i += 1) {
      statuses.push(
        (
          await callRoute(ROUTES.requestCreate, {
            body: {
              aircraftMake: 'Piper',
              aircraftModel: 'PA-28',
              aircraftTailNumber: `N${700 + i}CP`,
              aircraftLocation: 'KCPR',
              serviceLocation: 'KCPR',
              serviceType: 'scheduled_maintenance',
              serviceDescription: 'Oil change',
              urgencyLevel: 'normal',
            },
            as: pilot,
          })
        ).status,
      );
    }
    expect(statuses.slice(0, WRITE_CAPS.requestsPerUser.limit).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
