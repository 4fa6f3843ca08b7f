import type { LineCategory } from '../../contract/line-items.ts';
import type { ThreadEvent } from '../../contract/conversations.ts';
import { APPOINTMENT_MACHINE, BID_MACHINE, REQUEST_MACHINE, targetOf } from '../../contract/machines.ts';
import type { MarketplaceServiceType, UrgencyLevel } from '../../contract/marketplace.ts';
import type { Tx } from '../../server/db/client.ts';
import { recordThreadEvent } from '../conversations/events.server.ts';
import { writePaymentTerms } from '../payments/payment-terms.server.ts';

/**
 * The one writer of a job (docs/decisions/0310-one-job-writer.md). Whatever made it (an owner's
 * accepted quote, a flat-rate booking, an aircraft-on-ground call accepted by its owner or assigned
 * from the console), a job is the same rows, written here in the caller's transaction: the request
 * row (for a job agreed without quotes), the agreed lines (the accepted quote's, or one line of the
 * agreed price), the appointment, the payment terms (the payment row when the mechanic is paid
 * through Skyward: card asked for, deposit due), and the conversation's event. The calendar (the
 * mechanic's busy days, the feed, the owner's calendar file) reads the appointment. So every path
 * gets the same money: the card asked for at acceptance, the charge at the signed entry.
 */

/** A request written for a job agreed without quotes: the aircraft, the place, what and when. */
export interface AgreedRequest {
  aircraft: {
    id: string | null;
    make: string;
    model: string;
    year: number | null;
    tailNumber: string;
    totalHours: string | number | null;
  };
  /** Where the aircraft is and the work is done: its code (an airport) and the place it resolves to. */
  place: { code: string; label: string; latitude: number; longitude: number };
  serviceType: MarketplaceServiceType;
  description: string;
  urgency: UrgencyLevel;
  startDate: string;
  priceCents: number;
}

/** One price agreed for the whole job (a flat-rate booking, an aircraft-on-ground call-out). */
export interface AgreedPrice {
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
}

export interface NewJob {
  mechanicId: string;
  customerId: string;
  /** The owner's request whose quote was accepted (locked and moved by the caller), or one written here. */
  request: { id: string } | { agreed: AgreedRequest };
  /** The accepted quote (its lines already decided), or one agreed price. */
  terms: { bidId: string; estimatedDuration: string | number } | { agreed: AgreedPrice };
  appointment: {
    scheduledDate: string;
    scheduledTime: string;
    serviceLocation: string;
    aircraftWhereabouts?: string | null;
    /** Day and hour agreed (a booking, a dispatch): confirmed at once. Else a placeholder the mechanic proposes times for (0171). */
    agreed: boolean;
  };
  /** The story line both sides read in their conversation. */
  thread: { event: ThreadEvent; detail?: string };
  now: Date;
}

export interface CreatedJob {
  serviceRequestId: string;
  bidId: string;
  appointmentId: string;
  /** Paid through Skyward: the deposit asked with the card (0 when none). Null: paid outside Skyward. */
  payment: { depositCents: number } | null;
}

export async function createJob(trx: Tx, job: NewJob): Promise<CreatedJob> {
  const serviceRequestId =
    'id' in job.request ? job.request.id : await writeAgreedRequest(trx, job.customerId, job.request.agreed);
  const bid =
    'bidId' in job.terms
      ? { id: job.terms.bidId, estimatedDuration: job.terms.estimatedDuration }
      : await writeAgreedPrice(trx, serviceRequestId, job.mechanicId, job.terms.agreed, job.now);
  const a = job.appointment;
  const appointment = await trx
    .insertInto('appointments')
    .values({
      serviceRequestId,
      bidId: bid.id,
      mechanicId: job.mechanicId,
      customerId: job.customerId,
      scheduledDate: a.scheduledDate,
      scheduledTime: a.scheduledTime,
      estimatedDuration: bid.estimatedDuration,
      serviceLocation: a.serviceLocation,
      mechanicNotes: null,
      // Agreed in the booking or the dispatch: nothing left to propose. A quote's start day is a
      // placeholder until the mechanic proposes times (docs/decisions/0171).
      ...(a.agreed
        ? { status: targetOf(APPOINTMENT_MACHINE, 'confirm'), scheduleState: 'agreed' as const, confirmedAt: job.now }
        : {}),
      ...(a.agreed ? {} : { scheduleState: 'unconfirmed' as const, confirmedAt: null }),
      actualStartTime: null,
      completedAt: null,
      cancelledAt: null,
      ...(a.aircraftWhereabouts !== undefined ? { aircraftWhereabouts: a.aircraftWhereabouts } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordThreadEvent(
    trx,
    { serviceRequestId, mechanicId: job.mechanicId },
    job.thread.event,
    ...(job.thread.detail !== undefined ? [job.thread.detail] : []),
  );
  const payment = await writePaymentTerms(trx, appointment.id);
  return { serviceRequestId, bidId: bid.id, appointmentId: appointment.id, payment };
}

/** The request of a job agreed without quotes, born approved: its one mechanic is chosen. */
async function writeAgreedRequest(trx: Tx, customerId: string, r: AgreedRequest): Promise<string> {
  const row = await trx
    .insertInto('serviceRequests')
    .values({
      customerId,
      aircraftId: r.aircraft.id,
      aircraftMake: r.aircraft.make,
      aircraftModel: r.aircraft.model,
      aircraftYear: r.aircraft.year,
      aircraftTailNumber: r.aircraft.tailNumber,
      aircraftTotalHours: r.aircraft.totalHours,
      aircraftLocation: r.place.code,
      aircraftLatitude: r.place.latitude,
      aircraftLongitude: r.place.longitude,
      serviceType: r.serviceType,
      serviceDescription: r.description,
      urgencyLevel: r.urgency,
      preferredStartDate: r.startDate,
      serviceLocation: r.place.code,
      serviceLocationLabel: r.place.label,
      serviceLatitude: r.place.latitude,
      serviceLongitude: r.place.longitude,
      // The work is where the aircraft is: the owner does not fly it anywhere.
      customerWillTravel: false,
      maxTravelDistance: 50,
      estimatedBudget: (r.priceCents / 100).toFixed(2),
      status: targetOf(REQUEST_MACHINE, 'accept'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * One agreed price as a quote reads it: the mechanic's match to the request, an accepted bid of
 * that price with its one approved line (so the job's figures, its work order, its logbook entry
 * and its payment read it as any itemized quote: docs/decisions/0160).
 */
async function writeAgreedPrice(
  trx: Tx,
  serviceRequestId: string,
  mechanicId: string,
  price: AgreedPrice,
  now: Date,
): Promise<{ id: string; estimatedDuration: string }> {
  const dollars = (price.priceCents / 100).toFixed(2);
  const hours = (price.hoursTenths / 10).toFixed(1);
  await trx
    .insertInto('serviceRequestMatches')
    .values({ serviceRequestId, mechanicId, distanceMiles: price.distanceMiles, via: 'service_radius' })
    .execute();
  const bid = await trx
    .insertInto('bids')
    .values({
      serviceRequestId,
      mechanicId,
      laborCost: dollars,
      partsCost: '0',
      totalCost: dollars,
      estimatedHours: hours,
      availableStartDate: price.firstDay,
      estimatedCompletionDate: price.lastDay,
      warrantyPeriod: 90,
      notes: price.notes,
      inspectionSignerName: null,
      inspectionSignerCertificate: null,
      status: targetOf(BID_MACHINE, 'accept'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('bidLines')
    .values({
      bidId: bid.id,
      changeOrderId: null,
      position: 1,
      category: price.line.category,
      description: price.line.description,
      hoursTenths: price.hoursTenths,
      rateCents: Math.round((price.priceCents * 10) / price.hoursTenths),
      laborCents: price.priceCents,
      partsCents: 0,
      dueItemId: price.line.dueItemId,
      squawkId: null,
      decision: 'approve',
      decidedAt: now,
    })
    .execute();
  return { id: bid.id, estimatedDuration: hours };
}
