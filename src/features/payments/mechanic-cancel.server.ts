import type { Db } from '../../server/db/client.ts';
import { settleCancellation } from './settle-cancellation.server.ts';
import { withPayment } from './money.server.ts';
import { stripeSetup } from './stripe.server.ts';

/**
 * The mechanic cancelled the appointment (docs/decisions/0167): what the owner was charged (only a
 * parts deposit can have been, before work starts) is refunded in full. Called after the
 * cancellation committed; the payment's next read does it when this call failed.
 */
export async function refundOnMechanicCancel(db: Db, appointmentId: string): Promise<void> {
  const setup = await stripeSetup(db);
  if (!setup) return;
  await withPayment(db, appointmentId, (trx, p) => settleCancellation(trx, setup, p));
}
