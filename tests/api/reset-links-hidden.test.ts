import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { call, uniqueIp } from '../helpers/api.ts';
import { startFakeMessaging, type FakeMessaging } from '../helpers/fake-messaging.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// A password-reset link is never stored readable: the outbox row holds it masked, the secret is
// made when the email leaves, and only its hash is kept. An administrator opening the message in
// the console sees no link that works.

let db: Db;
let fake: FakeMessaging;
let admin: TestUser;

beforeAll(async () => {
  db = await useIsolatedDatabase();
  fake = await startFakeMessaging();
  process.env['MAILCHIMP_API_BASE'] = fake.url;
  admin = await createUser('admin');
  const form = new FormData();
  for (const [k, v] of Object.entries({ key_name: 'Transactional', api_key: 'md-valid-key', is_primary: 'true' }))
    form.set(k, v);
  const saved = await call('POST', '/api/admin/config/api-keys?integration_type=mailchimp', {
    rawBody: form,
    token: admin.token,
  });
  expect(saved.status).toBeLessThan(300);
});

afterAll(async () => {
  await fake.close();
  await db.destroy();
});

const TOKEN_IN_LINK = /\/reset-password\?token=([A-Za-z0-9_-]{20,})/;

async function resetMessageId(email: string): Promise<string> {
  const row = await db
    .selectFrom('outbox')
    .select('id')
    .where('toAddress', '=', email)
    .where('kind', '=', 'auth.password_reset')
    .orderBy('createdAt', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('password-reset links are never stored readable', () => {
  it('the console shows the reset email masked before and after it is sent; the sent email carries a working link', async () => {
    const user = await createUser('pilot');
    expect((await callRoute(ROUTES.authPasswordReset, { body: { email: user.email }, ip: uniqueIp() })).status).toBe(
      200,
    );
    const id = await resetMessageId(user.email);

    const queued = await callRoute(ROUTES.adminOutboxMessage, { params: { id }, as: admin });
    expect(queued.status).toBe(200);
    expect(queued.body.data.bodyText).toMatch(/\/reset-password\?token=•+/);
    expect(queued.body.data.bodyText).not.toMatch(TOKEN_IN_LINK);

    await deliverDueMessages(db);
    const email = fake.emails.find((e) => e.to === user.email);
    const token = TOKEN_IN_LINK.exec(email?.text ?? '')?.[1];
    expect(token, email?.text).toBeTruthy();

    const sent = await callRoute(ROUTES.adminOutboxMessage, { params: { id }, as: admin });
    expect(sent.body.data.status).toBe('sent');
    expect(JSON.stringify(sent.body)).not.toContain(token);
    expect(sent.body.data.bodyText).not.toMatch(TOKEN_IN_LINK);
    // Nowhere in the database either: not the outbox, not its attempts, not the reset rows.
    const everywhere = await db
      .selectFrom('outbox')
      .select(['bodyText', 'bodyHtml'])
      .execute()
      .then((rows) => JSON.stringify(rows));
    expect(everywhere).not.toContain(token);

    // The link in the delivered email works, once.
    const confirm = await callRoute(ROUTES.authPasswordResetConfirm, {
      body: { token: token!, newPassword: 'N3w-Passw0rd!x' },
    });
    expect(confirm.status, confirm.text).toBe(200);
    expect(
      (await callRoute(ROUTES.authPasswordResetConfirm, { body: { token: token!, newPassword: 'An0ther-Passw0rd' } }))
        .status,
    ).toBe(400);
  });

  it('a link that expired before the email could leave is not sent, and says why', async () => {
    const user = await createUser('pilot');
    await callRoute(ROUTES.authPasswordReset, { body: { email: user.email }, ip: uniqueIp() });
    const id = await resetMessageId(user.email);
    await db
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    await deliverDueMessages(db);
    expect(fake.emails.filter((e) => e.to === user.email)).toHaveLength(0);
    const message = await callRoute(ROUTES.adminOutboxMessage, { params: { id }, as: admin });
    expect(message.body.data.status).toBe('dead');
    expect(message.body.data.lastError).toMatch(/reset link expired/i);
  });
});
