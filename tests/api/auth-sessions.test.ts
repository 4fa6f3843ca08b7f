import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { LOGIN_THROTTLE, SESSION_MESSAGES } from '../../src/contract/auth.ts';
import { api, uniqueEmail, uniqueIp } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { sentResetToken } from '../helpers/reset-link.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Sessions that can end (logout, logout-all, password change and reset), and a lockout
// an attacker cannot aim at the owner. Everything through the real functions and database.

// These tests sign in, change and reset passwords at the product's real argon2id cost (64 MiB,
// t=3: a test user's cheap hash is upgraded on its first sign-in), several times a test. On a
// loaded 2-core machine one hash can take seconds, so the default 30 s is too tight.
vi.setConfig({ testTimeout: 90_000 });

const login = (email: string, password: string, o: { ip?: string; cookie?: string } = {}) =>
  api.post(
    '/api/auth/login',
    { email, password },
    { ip: o.ip ?? uniqueIp(), ...(o.cookie ? { headers: { cookie: o.cookie } } : {}) },
  );
const me = (token: string) => callRoute(ROUTES.authMe, { as: token });

async function signIn(user: TestUser): Promise<string> {
  const res = await login(user.email, user.password);
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

const resetEmails = (to: string) =>
  testDb()
    .selectFrom('outbox')
    .select(['bodyText', 'subject', 'kind'])
    .where('toAddress', '=', to)
    .where('kind', '=', 'auth.password_reset')
    .orderBy('createdAt', 'asc')
    .execute();

describe('logout', () => {
  it('revokes the token presented, and only that one', async () => {
    const user = await createUser('pilot');
    const [a, b] = [await signIn(user), await signIn(user)];
    const out = await callRoute(ROUTES.authLogout, { as: a });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: SESSION_MESSAGES.loggedOut });
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(200);
    // The revoked token is refused on every route, not just /me.
    expect((await callRoute(ROUTES.aircraftList, { as: a })).status).toBe(401);
    // Logging out twice, or without a token, is a 401.
    expect((await callRoute(ROUTES.authLogout, { as: a })).status).toBe(401);
    expect((await callRoute(ROUTES.authLogout)).status).toBe(401);
  });

  it('logout-all ends every session of the user, not of others', async () => {
    const user = await createUser('mechanic');
    const other = await createUser('pilot');
    const tokens = [user.token, await signIn(user), await signIn(user)];
    const res = await callRoute(ROUTES.authLogoutAll, { as: tokens[1]! });
    expect(res.status).toBe(200);
    for (const t of tokens) expect((await me(t)).status).toBe(401);
    expect((await me(other.token)).status).toBe(200);
    // A new sign-in works again.
    expect((await me(await signIn(user))).status).toBe(200);
  });
});

describe('POST /api/auth/password', () => {
  it('changes the password, revokes the other sessions and answers a new token', async () => {
    const user = await createUser('pilot');
    const other = await signIn(user);
    const res = await callRoute(ROUTES.authPassword, {
      body: { currentPassword: user.password, newPassword: 'New-Hangar-Door-7' },
      as: user,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'token_type', 'user']);
    expect(res.body.user.id).toBe(user.id);
    expect((await me(res.body.access_token)).status).toBe(200);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, 'New-Hangar-Door-7')).status).toBe(200);
  });

  it('refuses a wrong current password, a short new one and no session', async () => {
    const user = await createUser('pilot');
    const wrong = await callRoute(ROUTES.authPassword, {
      body: { currentPassword: 'not-it-at-all', newPassword: 'New-Hangar-Door-7' },
      as: user,
    });
    expect(wrong.status).toBe(400);
    expect(detailOf(wrong)).toBe(SESSION_MESSAGES.wrongCurrentPassword);
    const short = await callRoute(ROUTES.authPassword, {
      body: { currentPassword: user.password, newPassword: 'short' },
      as: user,
    });
    expect(short.status).toBe(400);
    expect(detailOf(short)).toBe('Password must be at least 8 characters');
    expect(
      (await callRoute(ROUTES.authPassword, { body: { currentPassword: 'x', newPassword: 'New-Hangar-Door-7' } }))
        .status,
    ).toBe(401);
    expect((await callRoute(ROUTES.authPassword, { unchecked: 'nonsense', as: user })).status).toBe(400);
    expect((await me(user.token)).status).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same 200 body for a registered and an unknown address; emails only the registered one', async () => {
    const user = await createUser('pilot');
    const ghost = uniqueEmail('ghost');
    const known = await callRoute(ROUTES.authPasswordReset, { body: { email: user.email.toUpperCase() } });
    const unknown = await callRoute(ROUTES.authPasswordReset, { body: { email: ghost } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect(known.body).toEqual({ success: true, message: SESSION_MESSAGES.resetRequested });
    expect(await resetEmails(ghost)).toHaveLength(0);
    const [email] = await resetEmails(user.email);
    expect(email?.bodyText).toContain(user.firstName);
    // Always 200 and the same body, even for what cannot be an address (nothing is sent).
    for (const body of [{ email: 'not-an-email' }, {}]) {
      const bad = await callRoute(ROUTES.authPasswordReset, { unchecked: body });
      expect(bad.status).toBe(200);
      expect(bad.text).toBe(unknown.text);
    }
  });

  it('greets by a first name only when it is one (a sign-up can put any text there)', async () => {
    const user = await createUser('pilot', { firstName: 'Claim your prize at evil.example' });
    await callRoute(ROUTES.authPasswordReset, { body: { email: user.email } });
    const [email] = await resetEmails(user.email);
    expect(email?.bodyText).toMatch(/^Hello there,/);
    expect(email?.bodyText).not.toContain('evil.example');
  });

  it('stores only a hash; the link works once, signs in, ends other sessions and sets the password', async () => {
    const user = await createUser('mechanic');
    const before = await signIn(user);
    await callRoute(ROUTES.authPasswordReset, { body: { email: user.email } });
    const [email] = await resetEmails(user.email);
    // Queued masked: the secret is made when the email leaves (docs/decisions/0340).
    expect(email!.bodyText).toMatch(/\/reset-password\?token=•+$/m);
    const token = await sentResetToken(user.email);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await testDb().selectFrom('passwordResetTokens').selectAll().where('userId', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    const minutes = (stored[0]!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);

    const done = await callRoute(ROUTES.authPasswordResetConfirm, { body: { token, newPassword: 'Fresh-Start-2026' } });
    expect(done.status).toBe(200);
    expect(done.body.user.id).toBe(user.id);
    expect((await me(done.body.access_token)).status).toBe(200);
    expect((await me(before)).status).toBe(401);
    expect((await login(user.email, 'Fresh-Start-2026')).status).toBe(200);

    const again = await callRoute(ROUTES.authPasswordResetConfirm, {
      body: { token, newPassword: 'Another-One-2026' },
    });
    expect(again.status).toBe(400);
    expect(detailOf(again)).toBe(SESSION_MESSAGES.resetInvalid);
  });

  it('refuses an expired link, an unknown one and a weak password', async () => {
    const user = await createUser('pilot');
    await callRoute(ROUTES.authPasswordReset, { body: { email: user.email } });
    const token = await sentResetToken(user.email);
    expect((await callRoute(ROUTES.authPasswordResetConfirm, { body: { token, newPassword: 'short' } })).status).toBe(
      400,
    );
    await testDb()
      .updateTable('passwordResetTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', user.id)
      .execute();
    const expired = await callRoute(ROUTES.authPasswordResetConfirm, {
      body: { token, newPassword: 'Long-Enough-2026' },
    });
    expect(expired.status).toBe(400);
    expect(detailOf(expired)).toBe(SESSION_MESSAGES.resetInvalid);
    expect(
      (
        await callRoute(ROUTES.authPasswordResetConfirm, {
          body: { token: 'made-up', newPassword: 'Long-Enough-2026' },
        })
      ).status,
    ).toBe(400);
    expect((await callRoute(ROUTES.authPasswordResetConfirm, { unchecked: {} })).status).toBe(400);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('emails one account at most 3 times a day from one client and 10 in all, answering the same each time', async () => {
    const user = await createUser('pilot');
    const answers = [];
    const client = uniqueIp();
    for (let i = 0; i < 5; i += 1)
      answers.push((await callRoute(ROUTES.authPasswordReset, { body: { email: user.email }, ip: client })).text);
    expect(await resetEmails(user.email)).toHaveLength(3);
    // Many clients together still cannot flood the mailbox (docs/decisions/0181).
    for (let i = 0; i < 10; i += 1)
      answers.push((await callRoute(ROUTES.authPasswordReset, { body: { email: user.email } })).text);
    expect(new Set(answers).size).toBe(1);
    expect(await resetEmails(user.email)).toHaveLength(10);
  });
});

describe('a lockout that cannot be aimed', () => {
  async function lockOut(email: string) {
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i += 1)
      expect((await login(email, `guess-${i}`)).status).toBe(401);
  }

  it('lets the owner in from a browser that signed in before; a new browser stays locked out', async () => {
    const user = await createUser('admin');
    const first = await login(user.email, user.password);
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^sma_device=[^;]+; Max-Age=\d+; Path=\/api\/auth; HttpOnly; Secure; SameSite=Strict$/);
    const cookie = setCookie.split(';')[0]!;
    await lockOut(user.email);
    expect((await login(user.email, user.password)).status).toBe(429);
    expect((await login(user.email, user.password, { cookie })).status).toBe(200);
    // A forged or another account's cookie earns nothing.
    expect((await login(user.email, user.password, { cookie: `${cookie}x` })).status).toBe(429);
    const other = await createUser('pilot');
    const otherCookie = (await login(other.email, other.password)).headers.get('set-cookie')!.split(';')[0]!;
    expect((await login(user.email, user.password, { cookie: otherCookie })).status).toBe(429);
  });

  it('a browser that signed up is one that signed in before', async () => {
    const email = uniqueEmail('signup-device');
    const password = 'Signed-Up-Here-1';
    const registered = await callRoute(ROUTES.authRegister, {
      body: {
        role: 'pilot',
        firstName: 'Dee',
        lastName: 'Vice',
        email,
        password,
      },
    });
    expect(registered.status).toBe(201);
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^sma_device=/);
    await lockOut(email);
    expect((await login(email, password)).status).toBe(429);
    expect((await login(email, password, { cookie })).status).toBe(200);
  });

  it('counts wrong passwords from a trusted browser on their own, and a reset link unlocks the account', async () => {
    const user = await createUser('pilot');
    const cookie = (await login(user.email, user.password)).headers.get('set-cookie')!.split(';')[0]!;
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i += 1)
      expect((await login(user.email, `guess-${i}`, { cookie })).status).toBe(401);
    expect((await login(user.email, user.password, { cookie })).status).toBe(429);
    expect((await login(user.email, user.password)).status).toBe(200);

    await lockOut(user.email);
    await callRoute(ROUTES.authPasswordReset, { body: { email: user.email } });
    const token = await sentResetToken(user.email);
    expect(
      (await callRoute(ROUTES.authPasswordResetConfirm, { body: { token, newPassword: 'Unlocked-Again-1' } })).status,
    ).toBe(200);
    expect((await login(user.email, 'Unlocked-Again-1')).status).toBe(200);
  });

  it('an administrator unlocks an account; nobody else can', async () => {
    const admin = await createUser('admin');
    const user = await createUser('mechanic');
    await lockOut(user.email);
    expect((await login(user.email, user.password)).status).toBe(429);
    expect((await callRoute(ROUTES.adminUserUnlock, { params: { id: user.id }, as: user })).status).toBe(403);
    expect(
      (await callRoute(ROUTES.adminUserUnlock, { params: { id: '00000000-0000-4000-8000-000000000000' }, as: admin }))
        .status,
    ).toBe(404);
    const res = await callRoute(ROUTES.adminUserUnlock, { params: { id: user.id }, as: admin });
    expect(res.status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);
  });
});
