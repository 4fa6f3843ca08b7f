import { APPOINTMENT_MACHINE, REQUEST_MACHINE } from '../../contract/machines.ts';
import type { ServiceRequest } from '../../contract/service-requests.ts';
import { isUuid } from '../../contract/ids.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict, notFound } from '../../server/http/errors.ts';
import { transition } from '../../server/http/transition.ts';
import { dateOnly, numOrNull } from './mappers.server.ts';
import { createRequest } from './requests.server.ts';

export const RELIST_MESSAGES = {
  mechanicActive: 'Your mechanic can still do this job. Cancel the request first if you want another mechanic.',
} as const;

/**
 * The owner re-lists a job whose mechanic was rejected or suspended: a new
 * request with the same aircraft, work and due items, matched to the mechanics covering it now;
 * the old request and its appointment are closed in the same transaction, so a job is never open
 * twice. The stopped mechanic's work already signed in a record stays where it is.
 */
export async function relistRequest(db: Db, owner: UserRow, id: string): Promise<ServiceRequest> {
  if (!isUuid(id)) throw notFound('Service request not found');
  const old = await db
    .selectFrom('serviceRequests')
    .selectAll()
    .where('id', '=', id)
    .where('customerId', '=', owner.id)
    .executeTakeFirst();
  if (!old) throw notFound('Service request not found');
  return createRequest(
    db,
    owner,
    {
      aircraftId: old.aircraftId,
      aircraftMake: old.aircraftMake,
      aircraftModel: old.aircraftModel,
      aircraftYear: old.aircraftYear,
      aircraftTailNumber: old.aircraftTailNumber,
      aircraftTotalHours: numOrNull(old.aircraftTotalHours),
      aircraftLocation: old.aircraftLocation,
      serviceType: old.serviceType,
      serviceDescription: old.serviceDescription,
      urgencyLevel: old.urgencyLevel,
      // A date already past is no preference any more.
      preferredStartDate:
        old.preferredStartDate && dateOnly(old.preferredStartDate) >= dateOnly(new Date())
          ? dateOnly(old.preferredStartDate)
          : null,
      serviceLocation: old.serviceLocation,
      customerWillTravel: old.customerWillTravel,
      maxTravelDistance: old.maxTravelDistance,
      estimatedBudget: numOrNull(old.estimatedBudget),
    },
    async (trx, newId) => {
      const locked = await trx
        .selectFrom('serviceRequests')
        .select('status')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const closed = transition(REQUEST_MACHINE, locked.status, 'relist');
      const appointment = await trx
        .selectFrom('appointments as a')
        .innerJoin('users as m', 'm.id', 'a.mechanicId')
        .select(['a.id', 'a.status', 'm.mechanicStatus'])
        .where('a.serviceRequestId', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!appointment) throw conflict('This service request has no accepted quote to replace');
      if (appointment.mechanicStatus === 'approved') throw conflict(RELIST_MESSAGES.mechanicActive);
      const now = new Date();
      await trx
        .updateTable('appointments')
        .set({
          status: transition(APPOINTMENT_MACHINE, appointment.status, 'stop'),
          cancelledAt: now,
          cancelledBy: 'stopped',
          updatedAt: now,
        })
        .where('id', '=', appointment.id)
        .execute();
      await trx.updateTable('serviceRequests').set({ status: closed, updatedAt: now }).where('id', '=', id).execute();
      // The due items and squawks still open go with the job to the new request.
      const links = await trx
        .selectFrom('maintenanceRequestLinks')
        .select(['itemId', 'squawkId'])
        .where('serviceRequestId', '=', id)
        .where('completedAt', 'is', null)
        .execute();
      if (links.length > 0)
        await trx
          .insertInto('maintenanceRequestLinks')
          .values(
            links.map((l) => ({ serviceRequestId: newId, itemId: l.itemId, squawkId: l.squawkId, completedAt: null })),
          )
          .execute();
    },
  );
}
