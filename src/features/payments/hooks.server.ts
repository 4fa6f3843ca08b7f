import type { AcceptPayment } from '../../contract/payments.ts';
import type { Db } from '../../server/db/client.ts';
import { paymentSettings } from './amounts.server.ts';
import { captureIfReady, openPaymentOnAccept, paymentsOnCancel, paymentsOnStart } from './payments.server.ts';

/**
 * The one call each job event makes into payments, after the event has committed. A Stripe or
 * database problem here is logged, never undoes the job's step: the payment's next read (or the
 * next webhook) finishes what was left (docs/decisions/0230).
 */
const logged = (what: string) => (error: unknown) => {
  console.error(`Payments: ${what} failed; it is completed on the payment's next read`, error);
  return null;
};

/** Acceptance: the `payment` the accept answer adds when the bid is payable (else undefined). */
export async function paymentOnAccept(
  db: Db,
  appointmentId: string,
  origin: string,
): Promise<{ payment?: AcceptPayment }> {
  const payment = await openPaymentOnAccept(db, appointmentId, origin).catch(
    logged(`opening the payment of ${appointmentId}`),
  );
  return payment ? { payment } : {};
}

/**
 * start releases the deposit. The completion charges nothing: its entry is drafted with it and
 * the job is charged at the signature (paymentOnCompletion fixes the total in its transaction).
 */
export async function paymentOnAppointmentAction(db: Db, appointmentId: string, action: string): Promise<void> {
  if (action === 'start')
    await paymentsOnStart(db, appointmentId).catch(logged(`releasing the deposit of ${appointmentId}`));
}

/** The logbook entry is signed: the job is charged. */
export async function paymentOnSigned(db: Db, appointmentId: string): Promise<void> {
  await captureIfReady(db, appointmentId).catch(logged(`capturing ${appointmentId}`));
}

/** The request was cancelled by its owner or re-listed: deposit refunded or kept (docs/decisions/0301). */
export async function paymentOnCancel(db: Db, serviceRequestId: string): Promise<void> {
  await paymentsOnCancel(db, serviceRequestId).catch(logged(`settling the cancellation of ${serviceRequestId}`));
}

/** A bid without a deposit takes the console's payment/deposit_percent. */
export async function depositPercentFor(db: Db, sent: number | undefined): Promise<number> {
  return sent ?? (await paymentSettings(db)).depositPercent;
}
