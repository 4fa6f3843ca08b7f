import { AOG_BUSY_STATUSES, aogSymptomLabel } from '../../contract/aog.ts';
import { timeZoneOfLabel } from '../../contract/appointment-schedule.ts';
import { AOG_MACHINE, AOG_OFFER_MACHINE } from '../../contract/aog-machine.ts';
import { BUSINESS } from '../../contract/business.ts';
import { targetOf } from '../../contract/machines.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Tx } from '../../server/db/client.ts';
import { conflict } from '../../server/http/errors.ts';
import { transition } from '../../server/http/transition.ts';
import { siteUrl } from '../../server/site-url.server.ts';
import { credentialsFor } from '../integrations/api-keys.server.ts';
import { createJob } from '../jobs/create-job.server.ts';
import { dashboardLink } from '../marketplace/links.ts';
import { fullName } from '../../server/db/full-name.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { enqueueEmail, enqueueSms, toE164 } from '../messaging/outbox.server.ts';
import { AOG_LINK_SECTION } from './dispatch.server.ts';
import { arrivalText, feeText } from './format.ts';
import type { AogRow } from './views.server.ts';

interface OfferRow {
  id: string;
  mechanicId: string;
  arriveBy: Date;
  calloutFeeCents: string;
  distanceMiles: number;
}

/**
 * Gives the call to the mechanic of `offer`, in the caller's transaction (the call's row already
 * locked): the mechanic's own row is locked too, so the same mechanic accepted on two calls at once
 * goes to one of them (409 for the other). Creates the job as a bid does (request with urgency
 * emergency, accepted quote with the call-out as its one line, confirmed appointment at the
 * arrival time), declines the other offers and tells everyone.
 */
export async function dispatch(trx: Tx, row: AogRow, offer: OfferRow, actor: UserRow, now: Date): Promise<string> {
  // The caller moved the locked row through `transition()` before any other check; this is its target.
  const status = transition(AOG_MACHINE, row.status, 'dispatch');
  const mechanic = await trx
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName', 'email', 'phone', 'mechanicStatus'])
    .where('id', '=', offer.mechanicId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  if (mechanic.mechanicStatus !== 'approved')
    throw conflict('This mechanic is no longer taking calls; choose another offer');
  const busy = await trx
    .selectFrom('aogReports')
    .select('id')
    .where('mechanicId', '=', mechanic.id)
    .where('status', 'in', [...AOG_BUSY_STATUSES])
    .where('id', '!=', row.id)
    .executeTakeFirst();
  if (busy)
    throw conflict(`${fullName(mechanic)} was just dispatched to another aircraft on ground; choose another offer`);

  const zone = timeZoneOfLabel(row.airportLabel);
  const local = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(offer.arriveBy);
  const part = (t: string) => local.find((p) => p.type === t)?.value ?? '00';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  const time = `${part('hour')}:${part('minute')}`;
  const fee = Number(offer.calloutFeeCents);
  const symptoms = row.symptoms.map(aogSymptomLabel).join(', ');

  const appointment = await createJob(trx, {
    mechanicId: mechanic.id,
    customerId: row.ownerId,
    request: {
      agreed: {
        aircraft: {
          id: row.aircraftId,
          make: row.aircraftMake,
          model: row.aircraftModel,
          year: null,
          tailNumber: row.aircraftTailNumber,
          totalHours: null,
        },
        place: { code: row.airport, label: row.airportLabel, latitude: row.latitude, longitude: row.longitude },
        serviceType: 'emergency_repair',
        description: `Aircraft on ground at ${row.airportLabel}, ${row.locationOnField}: ${symptoms}.${row.description ? ` ${row.description}` : ''}`,
        urgency: 'emergency',
        startDate: date,
        priceCents: fee,
      },
    },
    terms: {
      agreed: {
        distanceMiles: offer.distanceMiles,
        priceCents: fee,
        hoursTenths: 10,
        firstDay: date,
        lastDay: date,
        notes:
          'Aircraft-on-ground call-out. The repair itself is quoted as itemized lines in a change order once diagnosed.',
        line: { category: 'travel', description: `Aircraft-on-ground call-out to ${row.airport}`, dueItemId: null },
      },
    },
    appointment: {
      scheduledDate: date,
      scheduledTime: time,
      serviceLocation: row.airport,
      aircraftWhereabouts: row.locationOnField,
      agreed: true,
    },
    thread: {
      event: 'aog_dispatched',
      detail: `on site by ${arrivalText(offer.arriveBy, zone, now)}, call-out ${feeText(fee)}`,
    },
    now,
  });
  // The report's photos are the job's documents: the dispatched mechanic reads them as any job's (ADR 0060).
  if (row.documentIds.length > 0) {
    await trx
      .updateTable('documents')
      .set({ serviceRequestId: appointment.serviceRequestId })
      .where('id', 'in', row.documentIds)
      .where('ownerId', '=', row.ownerId)
      .where('serviceRequestId', 'is', null)
      .execute();
  }

  await trx
    .updateTable('aogOffers')
    .set({ status: targetOf(AOG_OFFER_MACHINE, 'accept'), updatedAt: now })
    .where('id', '=', offer.id)
    .execute();
  const others = await trx
    .updateTable('aogOffers')
    .set({ status: targetOf(AOG_OFFER_MACHINE, 'decline'), updatedAt: now })
    .where('aogId', '=', row.id)
    .where('id', '!=', offer.id)
    .returning('mechanicId')
    .execute();
  await trx
    .updateTable('aogReports')
    .set({
      status,
      mechanicId: mechanic.id,
      appointmentId: appointment.appointmentId,
      arriveBy: offer.arriveBy,
      acceptedAt: now,
      updatedAt: now,
    })
    .where('id', '=', row.id)
    .execute();
  const when = arrivalText(offer.arriveBy, zone, now);
  const by = actor.role === 'admin' ? `assigned by ${BUSINESS.name}` : 'accepted by the owner';
  await trx
    .insertInto('aogEvents')
    .values({
      aogId: row.id,
      status,
      note: `${fullName(mechanic)}, ${by}: on site by ${when}, call-out ${feeText(fee)}.`,
      byUserId: actor.id,
    })
    .execute();

  // The dispatched mechanic is told at once, by every channel, whatever the hour: the owner waits.
  const access = row.access;
  const details = [
    `${row.aircraftTailNumber} (${row.aircraftMake} ${row.aircraftModel}) at ${row.airportLabel}, ${row.locationOnField}.`,
    `Symptoms: ${symptoms}.${row.description ? ` ${row.description}` : ''}`,
    `Call the owner back on ${row.callbackPhone}.`,
    access.escortRequired ? 'An escort is needed on the ramp.' : null,
    access.gateCode ? `Gate code: ${access.gateCode}.` : null,
    access.afterHoursContact ? `After hours: ${access.afterHoursContact}.` : null,
    `You promised to be on site by ${when}. Update your status as you go: ${siteUrl(dashboardLink(AOG_LINK_SECTION, row.id))}`,
  ].filter(Boolean);
  await trx
    .insertInto('notifications')
    .values({
      userId: mechanic.id,
      type: 'aog.dispatched',
      title: 'You are dispatched to an aircraft on ground',
      message: details.join(' '),
      link: AOG_LINK_SECTION,
      readAt: null,
    })
    .execute();
  await enqueueEmail(trx, {
    kind: 'aog.dispatched',
    to: mechanic.email,
    subject: `Dispatched: ${row.aircraftTailNumber} at ${row.airport} - ${BUSINESS.name}`,
    text: [`Hi ${mechanic.firstName},`, '', ...details].join('\n'),
  });
  const phone = toE164(mechanic.phone);
  if (phone && (await credentialsFor(trx, 'twilio'))) {
    await enqueueSms(trx, {
      kind: 'aog.dispatched',
      to: phone,
      text: `${BUSINESS.name}: dispatched to ${row.aircraftTailNumber} at ${row.airport}, on site by ${when}. Owner: ${row.callbackPhone}`,
    });
  }
  await notify(
    trx,
    others.map((o) => o.mechanicId),
    {
      type: 'aog.taken',
      title: 'Aircraft on ground taken',
      message: `The owner of ${row.aircraftTailNumber} at ${row.airport} chose another mechanic. Thank you for answering.`,
      link: AOG_LINK_SECTION,
    },
  );
  if (actor.role === 'admin') {
    await notify(trx, [row.ownerId], {
      type: 'aog.accepted',
      title: 'A mechanic is dispatched',
      message: `${fullName(mechanic)} is dispatched to ${row.aircraftTailNumber} at ${row.airport}: on site by ${when}.`,
      link: AOG_LINK_SECTION,
      itemId: row.id,
    });
    // The owner accepting an offer saves a card from the answer; assigned by phone, they are asked
    // for it as the job's first step (the same card page, from the appointment's payment).
    if (appointment.payment) {
      await notify(trx, [row.ownerId], {
        type: 'payment.card_needed',
        title: 'Save a card for your job',
        message: `The call-out (${feeText(fee)}) and the repairs you approve are paid through ${BUSINESS.name}, charged once the logbook entry is signed. Open Appointments and choose "Save a card" so ${fullName(mechanic)} can start.`,
        link: 'appointments',
        itemId: appointment.appointmentId,
        validWhile: { rule: 'card_needed', aboutId: appointment.appointmentId },
      });
    }
  }
  return appointment.appointmentId;
}
