import Stripe from 'stripe';
import type { Db } from '../../server/db/client.ts';
import { credentialsFor } from '../integrations/api-keys.server.ts';
import { providerBase, providerTimeoutMs } from '../integrations/http.server.ts';

/**
 * The Stripe SDK pointed at the right place: the console's primary active Stripe key (its "API
 * secret" is the webhook signing secret) against STRIPE_API_BASE (api.stripe.com unless a test
 * says otherwise); without one, the local stand-in `npm start` runs (LOCAL_STRIPE_STANDIN_*, never
 * set on Netlify). Null when neither: payments through Skyward are then not offered.
 */
export interface StripeSetup {
  stripe: Stripe;
  webhookSecret: string | null;
  local: boolean;
}

const clients = new Map<string, Stripe>();

function client(key: string, base: string): Stripe {
  const cacheKey = `${base} ${key}`;
  let stripe = clients.get(cacheKey);
  if (!stripe) {
    const url = new URL(base);
    stripe = new Stripe(key, {
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      protocol: url.protocol === 'https:' ? 'https' : 'http',
      // Every write carries our own Idempotency-Key, so the SDK's retry of a network failure is safe.
      maxNetworkRetries: 1,
      timeout: providerTimeoutMs(),
      telemetry: false,
    });
    clients.set(cacheKey, stripe);
  }
  return stripe;
}

export function localStandin(): { url: string; key: string; webhookSecret: string } | null {
  const url = process.env['LOCAL_STRIPE_STANDIN_URL'];
  const key = process.env['LOCAL_STRIPE_STANDIN_KEY'];
  const webhookSecret = process.env['LOCAL_STRIPE_STANDIN_WEBHOOK_SECRET'];
  return url && key && webhookSecret ? { url, key, webhookSecret } : null;
}

export async function stripeSetup(db: Db): Promise<StripeSetup | null> {
  const creds = await credentialsFor(db, 'stripe');
  if (creds)
    return { stripe: client(creds.apiKey, providerBase('stripe')), webhookSecret: creds.apiSecret, local: false };
  const local = localStandin();
  if (local) return { stripe: client(local.key, local.url), webhookSecret: local.webhookSecret, local: true };
  return null;
}

/** A card problem Stripe reported (declined, authentication required): the owner's to fix, not ours. */
export function cardProblem(
  error: unknown,
  paymentMethodId: string | null = null,
): { code: string; message: string; paymentIntentId: string | null } | null {
  if (cardGone(error, paymentMethodId))
    return {
      code: 'card_gone',
      message: 'The card saved for this job can no longer be charged. Save a card again (or another card) to pay.',
      paymentIntentId: null,
    };
  if (!(error instanceof Stripe.errors.StripeCardError)) return null;
  const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
  const code = error.code ?? 'card_declined';
  const message =
    code === 'authentication_required'
      ? 'Your bank asks you to authenticate this payment, which cannot be done while you are away. Save a card again (or another card) to pay.'
      : 'Your card was declined. Save another card to pay.';
  return { code, message, paymentIntentId: raw?.payment_intent?.id ?? null };
}

/**
 * The saved card itself is gone or unusable (detached from the Customer, removed, replaced by the
 * bank): Stripe answers an invalid request naming the payment method, not a card error. It is the
 * owner's to fix as a decline is, so it makes the payment due instead of a failure only logged.
 */
function cardGone(error: unknown, paymentMethodId: string | null): boolean {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return false;
  const names = error.param === 'payment_method' || (!!paymentMethodId && error.message.includes(paymentMethodId));
  return names && ['resource_missing', 'payment_method_unexpected_state'].includes(error.code ?? '');
}
