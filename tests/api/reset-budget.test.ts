import { describe, expect, it } from 'vitest';
import { SESSION_MESSAGES } from '../../src/contract/auth.ts';
import { RESET_EMAILS } from '../../src/features/auth/reset-budget.server.ts';
import passwordReset from '../../netlify/functions/auth-password-reset.ts';
import { api, uniqueIp } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { validQuote } from '../helpers/quote-form.ts';
import { createUser } from '../helpers/users.ts';

// Issue 27, point 5: three public quotes with `returnEmail` set to a user's address used up the
// "3 emails a day to an unverified address" budget, and that user's reset then answered "we have
// emailed a link" with no email. And point 8: a reset link built from the request's Host header.

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
      expect((await api.post('/api/quotes', validQuote({ returnEmail: user.email }), { ip: uniqueIp() })).status).toBe(
        200,
      );
    }
    const acks = await testDb()
      .selectFrom('outbox')
      .select('id')
      .where('toAddress', '=', user.email)
      .where('kind', '=', 'quote.acknowledge_visitor')
      .execute();
    expect(acks).toHaveLength(3); // the anonymous budget, used up
    const reset = await api.post('/api/auth/password-reset', { email: user.email }, { ip: uniqueIp() });
    expect(reset.body).toEqual({ success: true, message: SESSION_MESSAGES.resetRequested });
    expect(await resetEmails(user.email)).toHaveLength(1);
  });

  it('a stranger aiming at an account uses up only their own share', async () => {
    const user = await createUser('pilot');
    const attacker = uniqueIp();
    for (let i = 0; i < RESET_EMAILS.perClientPerDay + 2; i += 1)
      await api.post('/api/auth/password-reset', { email: user.email }, { ip: attacker });
    expect(await resetEmails(user.email)).toHaveLength(RESET_EMAILS.perClientPerDay);
    await api.post('/api/auth/password-reset', { email: user.email }, { ip: uniqueIp() });
    expect(await resetEmails(user.email)).toHaveLength(RESET_EMAILS.perClientPerDay + 1);
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
