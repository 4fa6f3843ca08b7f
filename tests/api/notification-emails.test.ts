import { describe, expect, it } from 'vitest';
import { notify } from '../../src/features/marketplace/notifications.server.ts';
import { testDb } from '../helpers/db.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

const emailsTo = (to: string) =>
  testDb().selectFrom('outbox').select(['kind', 'subject', 'bodyText', 'status']).where('toAddress', '=', to).execute();

describe('marketplace notifications by email', () => {
  it('queue an email with each notification unless the user turned them off', async () => {
    const wants = await createUser('pilot');
    const declines = await createUser('mechanic');
    const off = await callRoute(ROUTES.emailPreferenceSave, { body: { emailNotifications: false }, as: declines });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ emailNotifications: false });
    expect((await callRoute(ROUTES.emailPreference, { as: declines })).body).toEqual({
      emailNotifications: false,
    });
    expect((await callRoute(ROUTES.emailPreference, { as: wants })).body).toEqual({
      emailNotifications: true,
    });

    await notify(testDb(), [wants.id, declines.id], {
      type: 'bid.received',
      title: 'New quote received',
      message: 'A mechanic quoted $1,850.00 for your annual.',
    });

    const mail = await emailsTo(wants.email);
    expect(mail).toEqual([
      expect.objectContaining({
        kind: 'marketplace.bid.received',
        subject: 'New quote received - Skyward Mobile Aviation',
        status: 'pending',
      }),
    ]);
    expect(mail[0]!.bodyText).toContain('A mechanic quoted $1,850.00 for your annual.');
    expect(await emailsTo(declines.email)).toEqual([]);
    // The in-app notification is there for both.
    const inApp = await callRoute(ROUTES.notifications, { query: { unread_only: 'true' }, as: declines });
    expect(inApp.body.map((n: { title: string }) => n.title)).toContain('New quote received');
  });

  it('needs a session and a boolean', async () => {
    expect((await callRoute(ROUTES.emailPreference)).status).toBe(401);
    const user = await createUser('pilot');
    const bad = await callRoute(ROUTES.emailPreferenceSave, { unchecked: { emailNotifications: 'yes' }, as: user });
    expect(bad.status).toBe(400);
    expect(detailOf(bad)).toMatch(/emailNotifications must be true or false/);
  });
});
