import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { validQuote } from '../helpers/quote-form.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

const quote = (returnEmail: string, overrides: Record<string, unknown> = {}) =>
  validQuote({ ...overrides, returnEmail });

// Emails to addresses nobody has verified (quote acknowledgement, popup offer): at most
// 3 a day per address, and none carries text the visitor typed beyond a first name.

const mailTo = (to: string) =>
  testDb()
    .selectFrom('outbox')
    .select(['kind', 'subject', 'bodyText', 'bodyHtml'])
    .where('toAddress', '=', to)
    .orderBy('createdAt')
    .execute();

describe('emails to unverified addresses', () => {
  // The wording checked below is the built-in email's: a database of its own, so an email template
  // another suite activates for the same campaign type cannot stand in for it.
  beforeAll(async () => {
    await useIsolatedDatabase();
  });

  it('sends one address at most 3 a day, across forms; the forms still succeed and the business still hears', async () => {
    const victim = uniqueEmail('victim');
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await callRoute(ROUTES.quoteSubmit, { unchecked: quote(victim) })).status);
    statuses.push(
      (
        await callRoute(ROUTES.leadCapture, {
          body: { firstName: 'Amelia', email: victim, source: 'popup_discount_offer' },
        })
      ).status,
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await mailTo(victim)).toHaveLength(3);
    const business = await testDb()
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'quote.notify_business')
      .where('bodyText', 'like', `%${victim}%`)
      .execute();
    expect(business).toHaveLength(4);
  });

  it('carries no visitor text but a plausible first name', async () => {
    const to = uniqueEmail('target');
    const spam = 'Claim your refund at https://evil.example/now';
    await callRoute(ROUTES.quoteSubmit, {
      unchecked: quote(to, {
        firstName: 'Visit evil.example',
        lastName: spam,
        aircraftMake: spam,
        aircraftModel: spam,
        message: spam,
        currentProvider: spam,
        location: 'evil.example',
      }),
    });
    const [ack] = await mailTo(to);
    expect(ack?.kind).toBe('quote.acknowledge_visitor');
    expect(ack?.bodyText).toMatch(/^Hi there,/);
    for (const text of [ack?.subject, ack?.bodyText, ack?.bodyHtml ?? '']) {
      expect(text).not.toContain('evil');
      expect(text).not.toContain('refund');
    }

    const named = uniqueEmail('named');
    await callRoute(ROUTES.quoteSubmit, {
      unchecked: quote(named, { firstName: 'Mary-Jo', aircraftMake: 'Refund Air' }),
    });
    const [ok] = await mailTo(named);
    expect(ok?.bodyText).toMatch(/^Hi Mary-Jo,/);
    expect(ok?.bodyText).not.toContain('Refund Air');

    const lead = uniqueEmail('lead');
    await callRoute(ROUTES.leadCapture, {
      body: { firstName: 'Go to evil.example', email: lead, source: 'popup_discount_offer' },
    });
    const [offer] = await mailTo(lead);
    expect(offer?.bodyText).toMatch(/^Hi there,/);
    expect(offer?.bodyText).not.toContain('evil');
  });
});
