import type { Selectable, Updateable } from 'kysely';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import type { PaymentsTable } from '../../server/db/tables/payments.ts';
import { aircraftZone } from '../marketplace/geo/airport-day.ts';

/**
 * The money steps of a job's payment (docs/decisions/0230). Each runs inside `withPayment`: the
 * payment row locked, its state re-checked, Stripe called with an Idempotency-Key derived from the
 * purpose, the result written before the lock is released. Ten callers at once make one charge.
 */
export type PaymentRow = Selectable<PaymentsTable>;

export const transferGroupOf = (appointmentId: string) => `appt_${appointmentId}`;

/**
 * Whether the job's logbook entry is signed (a superseded entry was signed too). Read under the
 * payment's lock by every step that charges the job or pays its mechanic, before Stripe is
 * called; migration 0039 refuses to record a charge or a payout without one whatever the caller
 * (docs/decisions/0301). Its share lock lasts until a caller's transaction ends; on the pool it
 * is the plain pre-check that spares taking the payment's lock when there is nothing to do.
 */
export async function entrySigned(db: Db, appointmentId: string): Promise<boolean> {
  const signed = await db
    .selectFrom('maintenanceRecords')
    .select('id')
    .where('appointmentId', '=', appointmentId)
    .where('status', 'in', ['signed', 'superseded'])
    .limit(1)
    .forShare()
    .executeTakeFirst();
  return signed !== undefined;
}

/**
 * The deposit's fate when a job ends before work starts (docs/decisions/0301): kept (sent to the
 * mechanic, who ordered the parts) only when the owner cancelled after the mechanic confirmed and
 * that mechanic is still approved; refunded to the owner in every other ending (before
 * confirmation, the mechanic cancelled, the mechanic was rejected, the job was re-listed).
 */
export function depositKept(job: {
  cancelledBy: string | null;
  confirmedAt: Date | null;
  mechanicStatus: string | null;
}): boolean {
  return job.cancelledBy === 'owner' && job.confirmedAt !== null && job.mechanicStatus === 'approved';
}

/** A dispute that is open (or lost) freezes every payout of the job. */
export const frozen = (p: Pick<PaymentRow, 'disputeId' | 'disputeStatus'>) =>
  p.disputeId !== null && p.disputeStatus !== 'won';

export async function withPayment<T>(
  db: Db,
  appointmentId: string,
  fn: (trx: Tx, p: PaymentRow) => Promise<T>,
): Promise<T | null> {
  return db.transaction().execute(async (trx) => {
    const p = await trx
      .selectFrom('payments')
      .selectAll()
      .where('appointmentId', '=', appointmentId)
      .forUpdate()
      .executeTakeFirst();
    return p ? fn(trx, p) : null;
  });
}

export async function logEvent(
  db: Db,
  paymentId: string,
  kind: string,
  amountCents: number,
  detail: string | null,
  stripeId: string | null = null,
  actorId: string | null = null,
) {
  await db.insertInto('paymentEvents').values({ paymentId, kind, amountCents, detail, stripeId, actorId }).execute();
}

export async function update(trx: Tx, p: PaymentRow, patch: Updateable<PaymentsTable>): Promise<PaymentRow> {
  return trx
    .updateTable('payments')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', p.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function jobOf(db: Db, appointmentId: string) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('serviceRequests as r', 'r.id', 'a.serviceRequestId')
    .innerJoin('users as o', 'o.id', 'a.customerId')
    .innerJoin('users as m', 'm.id', 'a.mechanicId')
    .leftJoin('aircraft as p', 'p.id', 'r.aircraftId')
    .select([
      'p.homeAirport',
      'r.aircraftLocation',
      'a.id',
      'a.bidId',
      'a.status',
      'a.confirmedAt',
      'a.cancelledBy',
      'a.serviceRequestId',
      'm.mechanicStatus',
      'r.serviceType',
      'r.aircraftTailNumber',
      'r.aircraftId',
      'o.email as ownerEmail',
      'o.firstName as ownerFirstName',
      'm.email as mechanicEmail',
      'm.firstName as mechanicFirstName',
      'm.lastName as mechanicLastName',
    ])
    .where('a.id', '=', appointmentId)
    .executeTakeFirstOrThrow();
}

export type Job = Awaited<ReturnType<typeof jobOf>>;

/** The zone that names a job's times in emails: the aircraft's airport's, as its records are dated. */
export const zoneOfJob = (job: Pick<Job, 'homeAirport' | 'aircraftLocation'>) =>
  aircraftZone(job.homeAirport, job.aircraftLocation);

export { jobOf };

export const whatOf = (job: Job) =>
  `the ${labelOf(MARKETPLACE_SERVICE_TYPES, job.serviceType)} on ${job.aircraftTailNumber}`;
