import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { completeMatching } from '../../src/features/marketplace/match-fanout.server.ts';
import { afterAnswersSettled } from '../../src/server/http/after-answer.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { api } from '../helpers/api.ts';
import { callRoute } from '../helpers/call-route.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { mechanicWithProfile, notificationsOf, validRequest } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';

// Bounded fan-out (docs/decisions/0200-matching-by-index.md): a new request notifies the nearest
// N mechanics (the console's match_notify_limit), and every other mechanic in range finds it in
// their list once the work after the answer is done. Its own database: the setting is global.

describe('matching: bounded fan-out', () => {
  let db: Db;
  beforeAll(async () => {
    db = await useIsolatedDatabase();
  });

  it('notifies the nearest N, lists the request to all in range, and counts them all', async () => {
    await db
      .insertInto('systemSettings')
      .values({
        category: 'general',
        settingKey: 'match_notify_limit',
        settingValue: '2',
        dataType: 'number',
        description: null,
        isEncrypted: false,
        updatedBy: null,
      })
      .execute();
    // KBZN; the nearest first: based at the field, then farther out along the valley.
    const near = await mechanicWithProfile({ baseLocation: 'KBZN', serviceRadius: '100' });
    const second = await mechanicWithProfile({ baseLocation: 'Bozeman, MT', serviceRadius: '100' });
    const far = [
      await mechanicWithProfile({ baseLocation: 'KHLN', serviceRadius: '150' }),
      await mechanicWithProfile({ baseLocation: 'KBTM', serviceRadius: '150' }),
    ];
    const pilot = await createUser('pilot');
    const before = await Promise.all([near, second, ...far].map((m) => notificationsOf(m)));
    const res = await api.post(
      '/api/enhanced/quotes',
      validRequest({ serviceLocation: 'KBZN', aircraftLocation: 'KBZN' }),
      { token: pilot.token },
    );
    expect(res.status, res.text).toBe(201);
    const created = res.body;
    expect(created.matchedMechanicsCount).toBe(4);
    expect(created.matchedMechanics.length).toBeLessThanOrEqual(4);
    await afterAnswersSettled();

    const after = await Promise.all([near, second, ...far].map((m) => notificationsOf(m)));
    const told = after.map((list, i) => list.length - before[i]!.length);
    expect(told.reduce((a, b) => a + b, 0)).toBe(2);
    expect(told.slice(0, 2)).toEqual([1, 1]);
    for (const m of [near, second, ...far]) {
      const list = await api.get('/api/enhanced/quotes/mechanic', { token: m.token });
      expect(list.body.map((r: { id: string }) => r.id)).toContain(created.id);
    }
    const pending = await db
      .selectFrom('serviceRequests')
      .select('matchingPending')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(pending.matchingPending).toBe(false);
    const viewed = await api.get(`/api/enhanced/quotes/${created.id}`, { token: pilot.token });
    expect(viewed.body.matchedMechanicsCount).toBe(4);
  });

  it('tells the first five with the request and the rest of the N after the answer, each once, by app and email', async () => {
    await db
      .updateTable('systemSettings')
      .set({ settingValue: '7' })
      .where('category', '=', 'general')
      .where('settingKey', '=', 'match_notify_limit')
      .execute();
    // Eight mechanics at KGJT; the fan-out tells seven of them.
    const mechanics: Awaited<ReturnType<typeof mechanicWithProfile>>[] = [];
    for (let i = 0; i < 8; i += 1)
      mechanics.push(await mechanicWithProfile({ baseLocation: 'KGJT', serviceRadius: '40' }));
    const ids = mechanics.map((m) => m.id);
    const toldOf = async () =>
      db
        .selectFrom('notifications')
        .select(['userId', 'message'])
        .where('userId', 'in', ids)
        .where('type', '=', 'request.matched')
        .execute();
    const mailedOf = async () =>
      db
        .selectFrom('outbox')
        .select(['toAddress', 'bodyText'])
        .where(
          'toAddress',
          'in',
          mechanics.map((m) => m.email),
        )
        .where('kind', '=', 'marketplace.request.matched')
        .execute();
    const pilot = await createUser('pilot');
    // The work after the answer starts on the turn of the event loop after it (setImmediate):
    // held there until the read below, which otherwise raced it and on a busy machine lost.
    vi.useFakeTimers({ toFake: ['setImmediate'] });
    const res = await api.post(
      '/api/enhanced/quotes',
      validRequest({ serviceLocation: 'KGJT', aircraftLocation: 'KGJT' }),
      { token: pilot.token },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.matchedMechanicsCount).toBe(8);
    // Read before the work after the answer has run: what the request's own transaction wrote.
    expect(await toldOf()).toHaveLength(5);

    vi.runAllTimers();
    vi.useRealTimers();
    await afterAnswersSettled();
    const told = await toldOf();
    expect(told).toHaveLength(7);
    expect(new Set(told.map((t) => t.userId)).size).toBe(7);
    // The same words whichever way a mechanic was told.
    for (const t of told) expect(t.message).toMatch(/^Annual Inspection for a .+ at KGJT, \d+ mi from your base\.$/);
    const mailed = await mailedOf();
    expect(new Set(mailed.map((m) => m.toAddress)).size).toBe(7);
    for (const m of mailed)
      expect(m.bodyText).toMatch(new RegExp(`See it in your dashboard: \\S+#item-${res.body.id}`));
    // A second run of the work after the answer tells no one again.
    await completeMatching(db, res.body.id);
    expect(await toldOf()).toHaveLength(7);
    const list = await callRoute(ROUTES.requestsMatched, { as: mechanics[7]! });
    expect(list.body.map((r) => r.id)).toContain(res.body.id as string);
  });

  it('refuses a fan-out setting outside 1-500 from the console', async () => {
    const admin = await createUser('admin');
    const res = await api.put(
      '/api/admin/config/settings/general/match_notify_limit',
      { category: 'general', setting_key: 'match_notify_limit', setting_value: '0', data_type: 'number' },
      { token: admin.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/1 to 500/);
  });
});
