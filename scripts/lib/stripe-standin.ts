import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Stripe's API the product uses (docs/decisions/0230), for
 * `npm start` without a Stripe key and for the tests: the documented REST endpoints (form-encoded
 * bodies, bearer secret key, `Idempotency-Key` replayed with `Idempotent-Replayed: true`, errors in
 * Stripe's `{ error: { type, code, message } }` shape), webhooks signed like Stripe
 * (`Stripe-Signature: t=<unix>,v1=<HMAC-SHA256(secret, "<t>.<payload>")>`), and plain hosted pages
 * for Connect onboarding and card entry, clearly marked as local test mode.
 *
 * Test cards (as on Stripe): 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined when
 * saved; 4000 0027 6000 3184 asks for authentication when saved and on every charge; 4000 0000 0000
 * 0341 is saved but declined when charged; 4000 0000 0000 0259 is charged and then disputed as
 * fraudulent (so a dispute can be walked through locally, as Stripe's own test card does).
 */

type Obj = Record<string, unknown> & { id: string; object: string };

export interface StandinEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  data: { object: Obj };
}

export interface StripeStandin {
  /** The API base (STRIPE_API_BASE), e.g. http://127.0.0.1:43123 */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every event the stand-in emitted, oldest first. */
  events: StandinEvent[];
  /** Every API call: method, path, its idempotency key, whether it was a replay. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | null; replayed: boolean }>;
  objects: Map<string, Obj>;
  /** Where events are POSTed (null: kept in `events` only, for tests to deliver themselves). */
  webhookUrl: string | null;
  /** Extra latency of every API answer in ms (for measuring the product with a slower provider). */
  latencyMs: number;
  /** The `Stripe-Signature` header for a payload, as Stripe computes it (t defaults to now). */
  sign(payload: string, t?: number, secret?: string): string;
  /** Test helpers acting as the person on the hosted page, or as the card network. */
  completeOnboarding(accountId: string): Promise<void>;
  submitCard(sessionId: string, card: string, authenticate?: boolean): Promise<{ ok: boolean; message: string }>;
  openDispute(paymentIntentId: string): Promise<StandinEvent>;
  closeDispute(disputeId: string, status: 'won' | 'lost'): Promise<StandinEvent>;
  close(): Promise<void>;
}

export const STANDIN_API_VERSION = '2026-10-28.endive';

const CARDS: Record<
  string,
  { brand: string; setup: 'ok' | 'decline' | 'auth'; charge: 'ok' | 'decline' | 'auth' | 'dispute' }
> = {
  '4242424242424242': { brand: 'visa', setup: 'ok', charge: 'ok' },
  '4000000000000002': { brand: 'visa', setup: 'decline', charge: 'decline' },
  '4000002760003184': { brand: 'visa', setup: 'auth', charge: 'auth' },
  '4000000000000341': { brand: 'visa', setup: 'ok', charge: 'decline' },
  '4000000000000259': { brand: 'visa', setup: 'ok', charge: 'dispute' },
};

/** `a[b][0][c]=x` form fields into nested objects and arrays, as Stripe reads them. */
export function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
      return keys.sort((a, b) => Number(a) - Number(b)).map((k) => arrays(o[k]));
    return Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
  };
  return arrays(root) as Record<string, unknown>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} · Stripe (local test mode)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:0 auto;padding:1rem;color:#0f172a}.banner{background:#fef3c7;border:2px solid #d97706;border-radius:.5rem;padding:.5rem .75rem;font-weight:600}label{display:block;margin-top:.75rem;font-weight:600}input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #64748b;border-radius:.375rem}button{font:inherit;margin-top:1rem;padding:.6rem 1rem;border-radius:.375rem;border:0;background:#4f46e5;color:#fff;font-weight:600;cursor:pointer}button.secondary{background:#e2e8f0;color:#0f172a}.error{color:#b91c1c;font-weight:600}.muted{color:#475569;font-size:.9rem}</style></head>
<body><p class="banner" role="note">Local test mode: this is the Stripe stand-in on your machine. No real card is charged and no money moves.</p><h1>${esc(title)}</h1>${body}</body></html>`;
}

export async function startStripeStandin(
  options: {
    port?: number;
    host?: string;
    secretKey?: string;
    webhookSecret?: string;
    webhookUrl?: string | null;
    latencyMs?: number;
  } = {},
): Promise<StripeStandin> {
  const host = options.host ?? '127.0.0.1';
  const secretKey = options.secretKey ?? `sk_test_standin_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_standin_${randomBytes(16).toString('hex')}`;
  const objects = new Map<string, Obj>();
  const events: StandinEvent[] = [];
  const requests: StripeStandin['requests'] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const waiters = new Map<string, Array<() => void>>();
  let counter = 0;
  const newId = (prefix: string) =>
    `${prefix}_${Date.now().toString(36)}${(++counter).toString(36).padStart(4, '0')}${randomBytes(4).toString('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);
  let base = '';

  const sign = (payload: string, t = now(), secret = webhookSecret) =>
    `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex')}`;

  /**
   * Records an event and POSTs it to the webhook URL, if any. Events caused by an API call are sent
   * after the answer, as Stripe does (the caller may hold a lock the webhook's handler needs);
   * events of a hosted page are delivered before the page redirects, so a local walk-through sees
   * the result at once.
   */
  async function emit(type: string, object: Obj, wait = false): Promise<StandinEvent> {
    const event: StandinEvent = {
      id: newId('evt'),
      object: 'event',
      type,
      created: now(),
      livemode: false,
      api_version: STANDIN_API_VERSION,
      data: { object: structuredClone(object) },
    };
    events.push(event);
    if (standin.webhookUrl) {
      const payload = JSON.stringify(event);
      const delivery = fetch(standin.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
        body: payload,
        signal: AbortSignal.timeout(15_000),
      })
        .then((r) => {
          if (!r.ok) console.warn(`Stripe stand-in: webhook ${type} answered ${r.status}`);
        })
        .catch((e: unknown) => console.warn(`Stripe stand-in: webhook ${type} not delivered`, e));
      if (wait) await delivery;
    }
    return event;
  }

  const put = <T extends Obj>(o: T): T => (objects.set(o.id, o), o);
  const get = (id: string, object?: string): Obj | undefined => {
    const o = objects.get(id);
    return o && (!object || o.object === object) ? o : undefined;
  };
  class StripeFail extends Error {
    readonly status: number;
    readonly error: Record<string, unknown>;
    constructor(status: number, error: Record<string, unknown>) {
      super(String(error['message']));
      this.status = status;
      this.error = error;
    }
  }
  const invalid = (message: string, param?: string) =>
    new StripeFail(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
  const missing = (id: string) =>
    new StripeFail(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such object: '${id}'`,
    });
  // As Stripe answers a parameter naming an unknown object: 400, resource_missing, the param.
  const missingParam = (param: string, kind: string, id: string) =>
    new StripeFail(400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such ${kind}: '${id}'`,
    });
  const int = (v: unknown, param: string) => {
    const n = Number(v);
    if (typeof v !== 'string' || !/^\d+$/.test(v) || !Number.isSafeInteger(n))
      throw invalid(`Invalid integer: ${String(v)}`, param);
    return n;
  };
  const meta = (p: Record<string, unknown>) => (p['metadata'] as Record<string, string> | undefined) ?? {};

  async function saveCard(session: Obj, cardNumber: string): Promise<{ ok: boolean; message: string }> {
    const card = CARDS[cardNumber.replace(/\D/g, '')];
    if (!card) return { ok: false, message: 'Your card number is not a test card. Use 4242 4242 4242 4242.' };
    if (card.setup === 'decline') return { ok: false, message: 'Your card was declined.' };
    const pm = put({
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: session['customer'],
      card: { brand: card.brand, last4: cardNumber.replace(/\D/g, '').slice(-4), exp_month: 12, exp_year: 2034 },
      created: now(),
    });
    const seti = put({
      id: newId('seti'),
      object: 'setup_intent',
      customer: session['customer'],
      payment_method: pm.id,
      status: 'succeeded',
      usage: 'off_session',
      metadata:
        (session['setup_intent_data'] as { metadata?: object } | undefined)?.metadata ?? session['metadata'] ?? {},
      client_secret: `seti_secret_${randomBytes(8).toString('hex')}`,
      created: now(),
    });
    Object.assign(session, { status: 'complete', setup_intent: seti.id });
    await emit('setup_intent.succeeded', seti, true);
    await emit('checkout.session.completed', session, true);
    return { ok: true, message: 'Card saved.' };
  }

  async function chargeOffSession(p: Record<string, unknown>): Promise<Obj> {
    const amount = int(p['amount'], 'amount');
    if (amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount');
    const pmId = String(p['payment_method'] ?? '');
    const pm = get(pmId, 'payment_method');
    if (!pm) throw missing(pmId);
    const behaviour =
      Object.entries(CARDS).find(([n]) => n.endsWith((pm['card'] as { last4: string }).last4))?.[1].charge ?? 'ok';
    const pi = put({
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      currency: String(p['currency'] ?? 'usd'),
      customer: p['customer'] ?? null,
      payment_method: pm.id,
      transfer_group: p['transfer_group'] ?? null,
      metadata: meta(p),
      status: 'processing',
      latest_charge: null,
      last_payment_error: null,
      created: now(),
      description: p['description'] ?? null,
    });
    if (behaviour !== 'ok' && behaviour !== 'dispute') {
      const error =
        behaviour === 'auth'
          ? {
              type: 'card_error',
              code: 'authentication_required',
              message:
                'This payment required an authentication action to complete, but `error_on_requires_action` was set.',
            }
          : {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            };
      Object.assign(pi, { status: 'requires_payment_method', last_payment_error: error });
      await emit('payment_intent.payment_failed', pi);
      throw new StripeFail(402, { ...error, payment_intent: structuredClone(pi) });
    }
    const ch = put({
      id: newId('ch'),
      object: 'charge',
      amount,
      amount_refunded: 0,
      refunded: false,
      currency: pi['currency'],
      payment_intent: pi.id,
      transfer_group: pi['transfer_group'],
      metadata: pi['metadata'],
      disputed: false,
      created: now(),
    });
    Object.assign(pi, { status: 'succeeded', latest_charge: ch.id });
    await emit('payment_intent.succeeded', pi);
    // The card network opens the dispute after the charge's answer, as it would days later.
    if (behaviour === 'dispute') setImmediate(() => void openDispute(pi.id).catch(() => undefined));
    return pi;
  }

  async function openDispute(paymentIntentId: string): Promise<StandinEvent> {
    const pi = get(paymentIntentId, 'payment_intent');
    const ch = pi && get(String(pi['latest_charge'] ?? ''), 'charge');
    if (!pi || !ch) throw new Error(`No charge for ${paymentIntentId}`);
    ch['disputed'] = true;
    const dp = put({
      id: newId('dp'),
      object: 'dispute',
      amount: ch['amount'],
      charge: ch.id,
      payment_intent: pi.id,
      currency: ch['currency'],
      reason: 'fraudulent',
      status: 'needs_response',
      evidence_details: { due_by: now() + 7 * 86_400 },
      created: now(),
    });
    return emit('charge.dispute.created', dp);
  }

  /**
   * A Customer's PaymentMethods as Stripe lists them: newest first, `type` filtering, `limit`
   * (default 10, 1-100) with `has_more`, and `starting_after` for the next page.
   */
  function paymentMethodsOf(customer: string, url: string, p: Record<string, unknown>) {
    const limit = p['limit'] === undefined ? 10 : int(p['limit'], 'limit');
    if (limit < 1 || limit > 100) throw invalid('Invalid limit: must be between 1 and 100', 'limit');
    let all = [...objects.values()]
      .filter((o) => o.object === 'payment_method' && o['customer'] === customer)
      .filter((o) => !p['type'] || o['type'] === p['type'])
      .reverse();
    const after = p['starting_after'];
    if (typeof after === 'string') all = all.slice(all.findIndex((o) => o.id === after) + 1);
    return { object: 'list', url, has_more: all.length > limit, data: all.slice(0, limit) };
  }

  async function api(method: string, path: string, p: Record<string, unknown>): Promise<[number, unknown]> {
    const seg = path.split('/').filter(Boolean); // v1, resource, id?
    const [, resource, id, sub] = seg;
    if (method === 'GET' && resource === 'balance')
      return [200, { object: 'balance', livemode: false, available: [{ amount: 0, currency: 'usd' }], pending: [] }];
    if (resource === 'accounts') {
      if (method === 'POST' && !id) {
        return [
          200,
          put({
            id: newId('acct'),
            object: 'account',
            type: String(p['type'] ?? 'express'),
            email: p['email'] ?? null,
            country: p['country'] ?? 'US',
            charges_enabled: false,
            payouts_enabled: false,
            details_submitted: false,
            metadata: meta(p),
            created: now(),
          }),
        ];
      }
      if (method === 'GET' && id)
        return [
          200,
          get(id, 'account') ??
            (() => {
              throw missing(id);
            })(),
        ];
    }
    if (method === 'POST' && resource === 'account_links') {
      const account = String(p['account'] ?? '');
      if (!get(account, 'account')) throw missing(account);
      for (const k of ['refresh_url', 'return_url'])
        if (typeof p[k] !== 'string') throw invalid(`Missing required param: ${k}.`, k);
      const q = new URLSearchParams({ return_url: String(p['return_url']), refresh_url: String(p['refresh_url']) });
      return [
        200,
        {
          object: 'account_link',
          url: `${base}/hosted/onboarding/${account}?${q}`,
          created: now(),
          expires_at: now() + 300,
        },
      ];
    }
    if (method === 'GET' && resource === 'customers' && id) {
      const cus = get(id, 'customer');
      if (!cus) throw missing(id);
      if (sub === 'payment_methods') return [200, paymentMethodsOf(id, path, p)];
      return [200, cus];
    }
    if (method === 'GET' && resource === 'payment_methods') {
      if (id)
        return [
          200,
          get(id, 'payment_method') ??
            (() => {
              throw missing(id);
            })(),
        ];
      const customer = String(p['customer'] ?? '');
      // As Stripe: listing needs a customer, and an unknown one is a 400 naming the param.
      if (!customer) throw invalid('Missing required param: customer.', 'customer');
      if (!get(customer, 'customer')) throw missingParam('customer', 'customer', customer);
      return [200, paymentMethodsOf(customer, path, p)];
    }
    if (method === 'POST' && resource === 'customers') {
      return [
        200,
        put({
          id: newId('cus'),
          object: 'customer',
          email: p['email'] ?? null,
          name: p['name'] ?? null,
          metadata: meta(p),
          invoice_settings: { default_payment_method: null },
          created: now(),
        }),
      ];
    }
    if (resource === 'checkout' && id === 'sessions') {
      const sid = sub;
      if (method === 'POST' && !sid) {
        if (p['mode'] !== 'setup') throw invalid('The stand-in supports Checkout in setup mode only.', 'mode');
        const customer = String(p['customer'] ?? '');
        if (!get(customer, 'customer')) throw missingParam('customer', 'customer', customer);
        for (const k of ['success_url', 'cancel_url'])
          if (typeof p[k] !== 'string') throw invalid(`Missing required param: ${k}.`, k);
        const cs = put({
          id: newId('cs_test'),
          object: 'checkout.session',
          mode: 'setup',
          customer,
          status: 'open',
          success_url: p['success_url'],
          cancel_url: p['cancel_url'],
          setup_intent: null,
          setup_intent_data: p['setup_intent_data'] ?? {},
          metadata: meta(p),
          currency: p['currency'] ?? 'usd',
          url: '',
          created: now(),
        });
        cs['url'] = `${base}/hosted/checkout/${cs.id}`;
        return [200, cs];
      }
      if (method === 'GET' && sid) {
        const cs = get(sid, 'checkout.session');
        if (!cs) throw missing(sid);
        const expand = ([] as unknown[]).concat(p['expand'] ?? []);
        return [
          200,
          expand.includes('setup_intent') && cs['setup_intent']
            ? { ...cs, setup_intent: get(String(cs['setup_intent'])) }
            : cs,
        ];
      }
    }
    if (resource === 'setup_intents') {
      if (method === 'GET' && id)
        return [
          200,
          get(id, 'setup_intent') ??
            (() => {
              throw missing(id);
            })(),
        ];
      if (method === 'POST' && !id) {
        return [
          200,
          put({
            id: newId('seti'),
            object: 'setup_intent',
            customer: p['customer'] ?? null,
            payment_method: null,
            status: 'requires_payment_method',
            usage: p['usage'] ?? 'off_session',
            metadata: meta(p),
            client_secret: `seti_secret_${randomBytes(8).toString('hex')}`,
            created: now(),
          }),
        ];
      }
    }
    if (resource === 'payment_intents') {
      if (method === 'GET' && id)
        return [
          200,
          get(id, 'payment_intent') ??
            (() => {
              throw missing(id);
            })(),
        ];
      if (method === 'POST' && !id) {
        if (p['confirm'] !== 'true' || p['off_session'] !== 'true')
          throw invalid('The stand-in supports off-session confirmed PaymentIntents only.', 'confirm');
        return [200, await chargeOffSession(p)];
      }
    }
    if (method === 'POST' && resource === 'transfers' && id && sub === 'reversals') {
      // As Stripe: a reversal of part or all of a transfer, never more than what is left of it.
      const tr = get(id, 'transfer');
      if (!tr) throw missing(id);
      const left = Number(tr['amount']) - Number(tr['amount_reversed'] ?? 0);
      const amount = p['amount'] === undefined ? left : int(p['amount'], 'amount');
      if (amount > left)
        throw invalid(
          `Transfer reversal amount (${amount}) is greater than the transfer's unreversed amount (${left}).`,
          'amount',
        );
      const trr = put({
        id: newId('trr'),
        object: 'transfer_reversal',
        amount,
        currency: tr['currency'],
        transfer: id,
        metadata: meta(p),
        created: now(),
      });
      Object.assign(tr, { amount_reversed: Number(tr['amount_reversed'] ?? 0) + amount, reversed: amount === left });
      return [200, trr];
    }
    if (method === 'POST' && resource === 'transfers' && !id) {
      const amount = int(p['amount'], 'amount');
      const destination = String(p['destination'] ?? '');
      const account = get(destination, 'account');
      if (!account) throw missing(destination);
      if (!account['payouts_enabled'])
        throw invalid(
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          'destination',
        );
      return [
        200,
        put({
          id: newId('tr'),
          object: 'transfer',
          amount,
          currency: String(p['currency'] ?? 'usd'),
          destination,
          transfer_group: p['transfer_group'] ?? null,
          source_transaction: p['source_transaction'] ?? null,
          metadata: meta(p),
          amount_reversed: 0,
          reversed: false,
          created: now(),
        }),
      ];
    }
    if (method === 'POST' && resource === 'refunds') {
      const piId = String(p['payment_intent'] ?? '');
      const pi = get(piId, 'payment_intent');
      if (!pi) throw missing(piId);
      const ch = get(String(pi['latest_charge'] ?? ''), 'charge');
      if (!ch) throw invalid(`PaymentIntent ${piId} has no successful charge to refund.`, 'payment_intent');
      const left = Number(ch['amount']) - Number(ch['amount_refunded']);
      const amount = p['amount'] === undefined ? left : int(p['amount'], 'amount');
      if (amount > left)
        throw invalid(
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          'amount',
        );
      const re = put({
        id: newId('re'),
        object: 'refund',
        amount,
        charge: ch.id,
        payment_intent: piId,
        currency: ch['currency'],
        status: 'succeeded',
        reason: p['reason'] ?? null,
        metadata: meta(p),
        created: now(),
      });
      Object.assign(ch, {
        amount_refunded: Number(ch['amount_refunded']) + amount,
        refunded: Number(ch['amount_refunded']) + amount === Number(ch['amount']),
      });
      await emit('charge.refunded', ch);
      return [200, re];
    }
    throw new StripeFail(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const send = (
    res: ServerResponse,
    status: number,
    body: string,
    type = 'application/json',
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store', ...headers });
    res.end(body);
  };

  async function hosted(req: IncomingMessage, res: ServerResponse, url: URL, form: Record<string, unknown>) {
    const [, kind, id = '', action] = url.pathname.split('/').filter(Boolean);
    if (kind === 'onboarding') {
      const account = get(id, 'account');
      if (!account)
        return send(res, 404, page('Link expired', '<p>This onboarding link is not known.</p>'), 'text/html');
      const returnUrl = url.searchParams.get('return_url') ?? '';
      if (req.method === 'POST') {
        await onboard(account);
        return send(res, 303, '', 'text/plain', { location: returnUrl });
      }
      return send(
        res,
        200,
        page(
          'Set up payouts',
          `<p>Stripe would now ask for the business's identity and bank account. In local test mode, one click verifies the account ${esc(id)}.</p>
<form method="post"><button type="submit">Complete onboarding (test mode)</button></form><p class="muted"><a href="${esc(returnUrl)}">Return without finishing</a></p>`,
        ),
        'text/html',
      );
    }
    if (kind === 'checkout') {
      const cs = get(id, 'checkout.session');
      if (!cs) return send(res, 404, page('Session expired', '<p>This card page is not known.</p>'), 'text/html');
      if (cs['status'] === 'complete')
        return send(res, 303, '', 'text/plain', {
          location: String(cs['success_url']).replace('{CHECKOUT_SESSION_ID}', cs.id),
        });
      const form3ds = (card: string) => `<p>Your bank asks you to confirm this card (3D Secure, simulated).</p>
<form method="post" action="/hosted/checkout/${esc(id)}/authenticate"><input type="hidden" name="card" value="${esc(card)}"><button type="submit" name="result" value="complete">Complete authentication</button> <button class="secondary" type="submit" name="result" value="fail">Fail authentication</button></form>`;
      let error = '';
      if (req.method === 'POST') {
        const card = String(form['card'] ?? '').replace(/\D/g, '');
        if (action === 'authenticate' && form['result'] !== 'complete')
          error =
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
        else if (action !== 'authenticate' && CARDS[card]?.setup === 'auth')
          return send(res, 200, page('Authenticate your card', form3ds(card)), 'text/html');
        else {
          const result = await saveCard(cs, card);
          if (result.ok)
            return send(res, 303, '', 'text/plain', {
              location: String(cs['success_url']).replace('{CHECKOUT_SESSION_ID}', cs.id),
            });
          error = result.message;
        }
      }
      return send(
        res,
        error ? 422 : 200,
        page(
          'Save your card',
          `<p>Skyward saves this card to charge the deposit and, once the job is done and signed off, the approved total.</p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post"><label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
<label for="exp">Expiry (MM / YY)</label><input id="exp" name="exp" autocomplete="cc-exp" placeholder="12 / 34"><label for="cvc">CVC</label><input id="cvc" name="cvc" autocomplete="cc-csc" placeholder="123">
<button type="submit">Save card</button></form>
<p class="muted">Test cards: 4242 4242 4242 4242 succeeds · 4000 0000 0000 0002 is declined · 4000 0027 6000 3184 asks for authentication · 4000 0000 0000 0341 is saved but declined when charged · 4000 0000 0000 0259 is charged, then disputed.</p>
<p class="muted"><a href="${esc(String(cs['cancel_url']))}">Cancel and go back</a></p>`,
        ),
        'text/html',
      );
    }
    return send(res, 404, page('Not found', '<p>Nothing here.</p>'), 'text/html');
  }

  async function onboard(account: Obj) {
    Object.assign(account, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
    await emit('account.updated', account, true);
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = await readBody(req);
      const form = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
      if (url.pathname.startsWith('/hosted/')) return hosted(req, res, url, form);
      if (!url.pathname.startsWith('/v1/'))
        return send(res, 404, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Not found' } }));
      if (standin.latencyMs > 0) await new Promise((r) => setTimeout(r, standin.latencyMs));
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(
          res,
          401,
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }),
        );
      }
      const key = req.method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
      const entry = { method: req.method ?? 'GET', path: url.pathname, idempotencyKey: key, replayed: false };
      requests.push(entry);
      if (key) {
        const seen = idempotent.get(key);
        const fingerprint = `${url.pathname} ${raw}`;
        if (seen) {
          entry.replayed = true;
          if (seen.fingerprint !== fingerprint) {
            return send(
              res,
              400,
              JSON.stringify({
                error: {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                },
              }),
            );
          }
          // The first request with this key is still running: its answer is the answer (Stripe
          // answers 409 there; the SDK's retry would then get the stored answer).
          if (seen.status === 0) await new Promise<void>((r) => waiters.set(key, [...(waiters.get(key) ?? []), r]));
          return send(res, seen.status, seen.body, 'application/json', { 'idempotent-replayed': 'true' });
        }
        // Claimed before the work: a concurrent request with the same key waits for this answer.
        const pending = { fingerprint, status: 0, body: '' };
        idempotent.set(key, pending);
        const [status, body] = await run(req.method ?? 'GET', url.pathname, form);
        Object.assign(pending, { status, body });
        waiters.get(key)?.forEach((w) => w());
        waiters.delete(key);
        return send(res, status, body, 'application/json', { 'request-id': newId('req') });
      }
      const [status, body] = await run(req.method ?? 'GET', url.pathname, form);
      return send(res, status, body, 'application/json', { 'request-id': newId('req') });
    })().catch((e: unknown) => {
      console.error('Stripe stand-in failed', e);
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: { type: 'api_error', message: 'Stand-in error' } }));
    });
  });
  async function run(method: string, path: string, form: Record<string, unknown>): Promise<[number, string]> {
    try {
      const [status, body] = await api(method, path, form);
      return [status, JSON.stringify(body)];
    } catch (e) {
      if (e instanceof StripeFail) return [e.status, JSON.stringify({ error: e.error })];
      throw e;
    }
  }

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const port = await listen(options.port ?? 0).catch(() => listen(0));
  base = `http://${host}:${port}`;

  const standin: StripeStandin = {
    url: base,
    secretKey,
    webhookSecret,
    events,
    requests,
    objects,
    webhookUrl: options.webhookUrl ?? null,
    latencyMs: options.latencyMs ?? 0,
    sign,
    completeOnboarding: async (accountId) => {
      const account = get(accountId, 'account');
      if (!account) throw new Error(`No account ${accountId}`);
      await onboard(account);
    },
    submitCard: async (sessionId, card) => {
      const cs = get(sessionId, 'checkout.session');
      if (!cs) throw new Error(`No checkout session ${sessionId}`);
      return saveCard(cs, card);
    },
    openDispute,
    closeDispute: async (disputeId, status) => {
      const dp = get(disputeId, 'dispute');
      if (!dp) throw new Error(`No dispute ${disputeId}`);
      dp['status'] = status;
      return emit('charge.dispute.closed', dp);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  return standin;
}
