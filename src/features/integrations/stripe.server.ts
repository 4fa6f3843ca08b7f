import { providerBase, providerFetch } from './http.server.ts';

/** Stripe's balance: GET /v1/balance with the secret key as bearer; harmless and read-only. */
export async function fetchStripeBalance(secretKey: string): Promise<{ livemode: boolean }> {
  const { body } = await providerFetch('Stripe', `${providerBase('stripe')}/v1/balance`, {
    headers: { Authorization: `Bearer ${secretKey}`, Accept: 'application/json' },
  });
  return { livemode: (body as { livemode?: unknown } | null)?.['livemode'] === true };
}
