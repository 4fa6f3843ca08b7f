import type { LineCategory } from '../../contract/line-items.ts';
import type { Db } from '../../server/db/client.ts';

/** A job agreed without bidding (a flat-rate booking, an aircraft-on-ground call-out): what it is, at what price. */
export interface AgreedJob {
  serviceRequestId: string;
  mechanicId: string;
  customerId: string;
  /** From the mechanic's base to the service place, for the match the job's request lists. */
  distanceMiles: number;
  priceCents: number;
  /** The time the price covers, in tenths of an hour (the line's hours and the appointment's duration). */
  hoursTenths: number;
  firstDay: string;
  lastDay: string;
  /** The bid's notes: what the price includes, how squawks found on site are billed. */
  notes: string;
  line: { category: LineCategory; description: string; dueItemId: string | null };
  appointment: {
    scheduledDate: string;
    scheduledTime: string;
    serviceLocation: string;
    aircraftWhereabouts?: string | null;
  };
  now: Date;
}

/**
 * Writes a job agreed at one price, in the caller's transaction: the mechanic's match to the
 * request, an accepted bid of that price with its one approved line (so the job's figures, its
 * work order and its logbook entry read it as any itemized quote: docs/decisions/0160), and the
 * confirmed appointment on the agreed day. The booking and the aircraft-on-ground dispatch each
 * wrote these four rows their own way; one writer keeps the figures of both jobs read alike.
 */
export async function writeAgreedJob(trx: Db, job: AgreedJob): Promise<{ bidId: string; appointmentId: string }> {
  const dollars = (job.priceCents / 100).toFixed(2);
  await trx
    .insertInto('serviceRequestMatches')
    .values({
      serviceRequestId: job.serviceRequestId,
      mechanicId: job.mechanicId,
      distanceMiles: job.distanceMiles,
      via: 'service_radius',
    })
    .execute();
  const bid = await trx
    .insertInto('bids')
    .values({
      serviceRequestId: job.serviceRequestId,
      mechanicId: job.mechanicId,
      laborCost: dollars,
      partsCost: '0',
      totalCost: dollars,
      estimatedHours: (job.hoursTenths / 10).toFixed(1),
      availableStartDate: job.firstDay,
      estimatedCompletionDate: job.lastDay,
      warrantyPeriod: 90,
      notes: job.notes,
      inspectionSignerName: null,
      inspectionSignerCertificate: null,
      status: 'accepted',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('bidLines')
    .values({
      bidId: bid.id,
      changeOrderId: null,
      position: 1,
      category: job.line.category,
      description: job.line.description,
      hoursTenths: job.hoursTenths,
      rateCents: Math.round((job.priceCents * 10) / job.hoursTenths),
      laborCents: job.priceCents,
      partsCents: 0,
      dueItemId: job.line.dueItemId,
      squawkId: null,
      decision: 'approve',
      decidedAt: job.now,
    })
    .execute();
  const appointment = await trx
    .insertInto('appointments')
    .values({
      serviceRequestId: job.serviceRequestId,
      bidId: bid.id,
      mechanicId: job.mechanicId,
      customerId: job.customerId,
      scheduledDate: job.appointment.scheduledDate,
      scheduledTime: job.appointment.scheduledTime,
      estimatedDuration: (job.hoursTenths / 10).toFixed(1),
      serviceLocation: job.appointment.serviceLocation,
      mechanicNotes: null,
      status: 'confirmed',
      // The day and hour were agreed in the booking or the dispatch: nothing left to propose.
      scheduleState: 'agreed',
      confirmedAt: job.now,
      actualStartTime: null,
      completedAt: null,
      cancelledAt: null,
      ...(job.appointment.aircraftWhereabouts !== undefined
        ? { aircraftWhereabouts: job.appointment.aircraftWhereabouts }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { bidId: bid.id, appointmentId: appointment.id };
}
