import { describe, expect, it, vi } from 'vitest';
import { LOGIN_THROTTLE, SESSION_MESSAGES } from '../../src/contract/auth.ts';
import { RESET_EMAILS } from '../../src/features/auth/reset-budget.server.ts';
import passwordReset from '../../netlify/functions/auth-password-reset.ts';
import { uniqueIp } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { validQuote } from '../helpers/quote-form.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// Three public quotes with `returnEmail` set to a user's address used up the
// "3 emails a day to an unverified address" budget, and that user's reset then answered "we have
// emailed a link" with no email. And point 8: a reset link built from the request's Host header.

// Sign-ins at the product's real argon2id cost on a loaded 2-core machine.
vi.setConfig({ testTimeout: 90_000 });

const resetEmails = (to: string) =>
  testDb()
    .selectFrom('outbox')
    .select('bodyText')
    .where('toAddress', '=', to)
    .where('kind', '=', 'auth.password_reset')
    .execute();

describe('password resets have their own budget', () => {
  it('still email the account after anonymous forms used up the address budget', async () => {
    const user = await createUser('pilot');
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await callRoute(ROUTES.quoteSubmit, { body: validQuote({ returnEmail: user.email }), ip: uniqueIp() })).status,
      ).toBe(200);
    }
    const acks = await testDb()
      .selectFrom('outbox')
      .select('id')
      .where('toAddress', '=', user.email)
      .where('kind', '=', 'quote.acknowledge_visitor')
      .execute();
    expect(acks).toHaveLength(3); // the anonymous budget, used up
    const reset = await callRoute(ROUTES.authPasswordReset, { body: { email: user.email }, ip: uniqueIp() });
    expect(reset.body).toEqual({ success: true, message: SESSION_MESSAGES.resetRequested });
    expect(await resetEmails(user.email)).toHaveLength(1);
  });

  it('a stranger aiming at an account uses up only their own share', async () => {
    const user = await createUser('pilot');
    const attacker = uniqueIp();
    for (let i = 0; i < RESET_EMAILS.perClientPerDay + 2; i += 1)
      await callRoute(ROUTES.authPasswordReset, { body: { email: user.email }, ip: attacker });
    expect(await resetEmails(user.email)).toHaveLength(RESET_EMAILS.perClientPerDay);
    await callRoute(ROUTES.authPasswordReset, { body: { email: user.email }, ip: uniqueIp() });
    expect(await resetEmails(user.email)).toHaveLength(RESET_EMAILS.perClientPerDay + 1);
  });

  it("strangers from many addresses cannot use up the owner's resets, nor lock the owner's browser out", async () => {
    const victim = await createUser('pilot');
    const victimIp = uniqueIp();
    const signedIn = await callRoute(ROUTES.authLogin, {
      body: { email: victim.email, password: victim.password },
      ip: victimIp,
    });
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^sma_device=/);

    // 12 requests from 4 other addresses: the strangers' whole budget for the day.
    for (let a = 0; a < 4; a += 1) {
      const ip = uniqueIp();
      for (let i = 0; i < 3; i += 1) await callRoute(ROUTES.authPasswordReset, { body: { email: victim.email }, ip });
    }
    expect(await resetEmails(victim.email)).toHaveLength(RESET_EMAILS.perAccountPerDay);
    // A stranger's 13th sends nothing more...
    await callRoute(ROUTES.authPasswordReset, { body: { email: victim.email }, ip: uniqueIp() });
    expect(await resetEmails(victim.email)).toHaveLength(RESET_EMAILS.perAccountPerDay);
    // ...but the owner's own browser still gets its link.
    const own = await callRoute(ROUTES.authPasswordReset, {
      body: { email: victim.email },
      ip: victimIp,
      headers: { cookie },
    });
    expect(own.body).toEqual({ success: true, message: SESSION_MESSAGES.resetRequested });
    expect(await resetEmails(victim.email)).toHaveLength(RESET_EMAILS.perAccountPerDay + 1);

    // Five wrong passwords from an attacker; the owner's known browser signs in with the right one.
    const attacker = uniqueIp();
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i += 1)
      expect(
        (await callRoute(ROUTES.authLogin, { body: { email: victim.email, password: `guess-${i}` }, ip: attacker }))
          .status,
      ).toBe(401);
    const owner = await callRoute(ROUTES.authLogin, {
      body: { email: victim.email, password: victim.password },
      ip: victimIp,
      headers: { cookie },
    });
    expect(owner.status, owner.text).toBe(200);
  });

  it("the owner's browser has a budget of its own, not an unlimited one", async () => {
    const user = await createUser('pilot');
    const ip = uniqueIp();
    const cookie = (
      (await callRoute(ROUTES.authLogin, { body: { email: user.email, password: user.password }, ip })).headers.get(
        'set-cookie',
      ) ?? ''
    ).split(';')[0]!;
    for (let i = 0; i < RESET_EMAILS.perKnownDevicePerDay + 2; i += 1)
      await callRoute(ROUTES.authPasswordReset, { body: { email: user.email }, ip: uniqueIp(), headers: { cookie } });
    expect(await resetEmails(user.email)).toHaveLength(RESET_EMAILS.perKnownDevicePerDay);
  });

  it('never builds the link from the Host header', async () => {
    const user = await createUser('pilot');
    // As the local server hands it over: the URL made from the Host header the client sent.
    const req = new Request('http://evil.example/api/auth/password-reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      body: JSON.stringify({ email: user.email }),
    });
    const res = await passwordReset(req, { ip: uniqueIp(), params: {}, requestId: crypto.randomUUID() } as never);
    expect(res.status).toBe(200);
    const [email] = await resetEmails(user.email);
    expect(email?.bodyText).toMatch(/\nhttps?:\/\/[^\s/]+\/reset-password\?token=/);
    expect(email?.bodyText).not.toContain('evil.example');
  });
});
