import { describe, expect, it, vi } from 'vitest';
import { LOGIN_THROTTLE } from '../../src/contract/auth.ts';
import { uniqueEmail, uniqueIp } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

const LOCKED = /^Too many failed sign-in attempts\. Please try again in (\d+) minutes?\.$/;
const login = (email: string, password: string, ip = uniqueIp()) =>
  callRoute(ROUTES.authLogin, { body: { email, password }, ip });

// Sign-ins for unknown addresses verify against a dummy hash at the product's real argon2id cost
// (64 MiB, t=3), twenty and more times a test: on a loaded 2-core machine the default 30 s is too tight.
vi.setConfig({ testTimeout: 90_000 });

describe('sign-in brute-force protection', () => {
  it(`locks an account after ${LOGIN_THROTTLE.maxFailuresPerAccount} failures, even for the right password, from any address`, async () => {
    const user = await createUser('pilot');
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i += 1) {
      const res = await login(user.email, `wrong-${i}`);
      expect(res.status).toBe(401);
    }
    const locked = await login(user.email, user.password);
    expect(locked.status).toBe(429);
    expect(detailOf(locked)).toMatch(LOCKED);
    expect(Number(LOCKED.exec(detailOf(locked) ?? '')![1])).toBe(LOGIN_THROTTLE.windowMinutes);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // Also by a different case of the same email.
    expect((await login(user.email.toUpperCase(), user.password)).status).toBe(429);
  });

  it('does not tell a locked unknown email from a locked real one', async () => {
    const real = await createUser('pilot');
    const ghost = uniqueEmail('ghost');
    const answers = [];
    for (const email of [real.email, ghost]) {
      for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i += 1)
        expect((await login(email, 'nope-nope')).status).toBe(401);
      answers.push(await login(email, 'nope-nope'));
    }
    expect(answers[0]!.status).toBe(429);
    expect(answers[1]!.status).toBe(429);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
  });

  it('lets the lockout pass: only failures inside the window count', async () => {
    const user = await createUser('mechanic');
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i += 1) await login(user.email, 'wrong-password');
    expect((await login(user.email, user.password)).status).toBe(429);
    expect((await login(user.email, 'still-guessing')).status).toBe(429);
    // Refused attempts are not counted: hammering a locked account does not extend its lockout.
    const counted = await testDb()
      .selectFrom('loginFailures')
      .select('id')
      .where('scope', '=', 'account')
      .where('key', '=', user.email)
      .execute();
    expect(counted).toHaveLength(LOGIN_THROTTLE.maxFailuresPerAccount);
    // Age the failures past the window, as if 16 minutes had gone by.
    await testDb()
      .updateTable('loginFailures')
      .set({ failedAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where('scope', '=', 'account')
      .where('key', '=', user.email)
      .execute();
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('resets the account counter on success', async () => {
    const user = await createUser('pilot');
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount - 1; i += 1)
      expect((await login(user.email, 'bad-password')).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount - 1; i += 1)
      expect((await login(user.email, 'bad-password')).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(200);
    const rows = await testDb()
      .selectFrom('loginFailures')
      .select('id')
      .where('scope', '=', 'account')
      .where('key', '=', user.email)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it(`limits one address to ${LOGIN_THROTTLE.maxFailuresPerIp} failures across many accounts`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerIp; i += 1) {
      expect((await login(uniqueEmail('spray'), 'Password123', ip)).status).toBe(401);
    }
    const user = await createUser('pilot');
    const blocked = await login(user.email, user.password, ip);
    expect(blocked.status).toBe(429);
    expect(detailOf(blocked)).toMatch(LOCKED);
    // The account itself is not locked: its owner signs in from elsewhere.
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('holds the limit under a burst of parallel guesses', async () => {
    const user = await createUser('pilot');
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => login(user.email, `guess-${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_THROTTLE.maxFailuresPerAccount);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(12 - LOGIN_THROTTLE.maxFailuresPerAccount);
  });
});
