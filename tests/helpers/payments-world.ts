import { startStripeStandin, type StripeStandin } from '../../scripts/lib/stripe-standin.ts';
import type { Db } from '../../src/server/db/client.ts';
import { afterAnswersSettled } from '../../src/server/http/after-answer.ts';
import { startTestBlobs, type TestBlobs } from './blobs.ts';
import { useIsolatedDatabase } from './isolated-db.ts';

/**
 * What a payments test file runs against: its own database (the console's Stripe key is global),
 * Blobs for invoices and receipts, and the local Stripe stand-in the functions call.
 */
export interface PaymentsWorld {
  db: Db;
  blobs: TestBlobs;
  stripe: StripeStandin;
}

export async function startPaymentsWorld(): Promise<PaymentsWorld> {
  const db = await useIsolatedDatabase();
  const blobs = await startTestBlobs();
  const stripe = await startStripeStandin();
  process.env['LOCAL_STRIPE_STANDIN_URL'] = stripe.url;
  process.env['LOCAL_STRIPE_STANDIN_KEY'] = stripe.secretKey;
  process.env['LOCAL_STRIPE_STANDIN_WEBHOOK_SECRET'] = stripe.webhookSecret;
  return { db, blobs, stripe };
}

/** Waits for work done after answers, then stops what `startPaymentsWorld` started. */
export async function stopPaymentsWorld(world: PaymentsWorld): Promise<void> {
  await afterAnswersSettled();
  await world.stripe.close();
  await world.blobs.stop();
  await world.db.destroy();
}
