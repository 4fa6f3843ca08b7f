import { HONEYPOT_FIELD } from '../../contract/quote-fields.ts';
import { env } from '../env.ts';
import type { ApiContext } from './with-api.ts';
import { badRequest } from './errors.ts';
import { requireAddressKey } from './client-ip.ts';
import { enforceRateLimit } from './rate-limit.server.ts';

/** Anonymous write endpoints share one per-IP budget so a bot cannot alternate between them. */
export async function guardPublicWrite(ctx: ApiContext, body: Record<string, unknown>): Promise<void> {
  const { PUBLIC_WRITE_RATE_LIMIT, PUBLIC_WRITE_RATE_WINDOW_SECONDS } = env();
  await enforceRateLimit(ctx.db, `public-write:${requireAddressKey(ctx.ip)}`, {
    limit: PUBLIC_WRITE_RATE_LIMIT,
    windowSeconds: PUBLIC_WRITE_RATE_WINDOW_SECONDS,
  });
  const trap = body[HONEYPOT_FIELD];
  if (typeof trap === 'string' && trap.trim() !== '') {
    throw badRequest('Your submission could not be accepted. Please use the form on our website.');
  }
}
