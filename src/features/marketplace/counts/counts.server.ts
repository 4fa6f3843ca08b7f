import type { MechanicCounts, OwnerCounts } from '../../../contract/dashboard-counts.ts';
import { ACTIVE_JOB_STATUSES, ACTIVE_REQUEST_STATUSES, QUOTABLE_REQUEST_STATUSES, UPCOMING_APPOINTMENT_STATUSES } from '../../../contract/machines.ts';
import type { UserRow } from '../../../server/auth/guards.server.ts';
import type { Db } from '../../../server/db/client.ts';

const n = (row: { n: string | number | bigint } | undefined) => Number(row?.n ?? 0);

/** The owner's counters: each a count(*) over the owner's rows, on the owner's indexes. */
export async function ownerCounts(db: Db, owner: UserRow): Promise<OwnerCounts> {
  const [requests, aircraft, upcoming, running] = await Promise.all([
    db.selectFrom('serviceRequests').select((eb) => eb.fn.countAll<string>().as('n')).where('customerId', '=', owner.id).where('status', 'in', [...ACTIVE_REQUEST_STATUSES]).executeTakeFirst(),
    db.selectFrom('aircraft').select((eb) => eb.fn.countAll<string>().as('n')).where('ownerId', '=', owner.id).executeTakeFirst(),
    db.selectFrom('appointments').select((eb) => eb.fn.countAll<string>().as('n')).where('customerId', '=', owner.id).where('status', 'in', [...UPCOMING_APPOINTMENT_STATUSES]).executeTakeFirst(),
    db.selectFrom('appointments').select((eb) => eb.fn.countAll<string>().as('n')).where('customerId', '=', owner.id).where('status', '=', 'in_progress').executeTakeFirst(),
  ]);
  return { role: 'pilot', activeRequests: n(requests), aircraft: n(aircraft), upcomingAppointments: n(upcoming), inProgress: n(running) };
}

/**
 * The mechanic's counters. "Available Requests" counts what their Service Requests list shows as
 * "matched": matched to them, still taking quotes, and not yet quoted by them. A mechanic not
 * approved sees no request and no job, so both are 0 (as their lists are empty).
 */
export async function mechanicCounts(db: Db, mechanic: UserRow): Promise<MechanicCounts> {
  if (mechanic.mechanicStatus !== 'approved') return { role: 'mechanic', availableRequests: 0, activeJobs: 0 };
  const [available, active] = await Promise.all([
    db
      .selectFrom('serviceRequestMatches as m')
      .innerJoin('serviceRequests as r', 'r.id', 'm.serviceRequestId')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('m.mechanicId', '=', mechanic.id)
      .where('r.status', 'in', [...QUOTABLE_REQUEST_STATUSES])
      .where((eb) => eb.not(eb.exists(eb.selectFrom('bids as b').select('b.id').whereRef('b.serviceRequestId', '=', 'r.id').where('b.mechanicId', '=', mechanic.id))))
      .executeTakeFirst(),
    db.selectFrom('appointments').select((eb) => eb.fn.countAll<string>().as('n')).where('mechanicId', '=', mechanic.id).where('status', 'in', [...ACTIVE_JOB_STATUSES]).executeTakeFirst(),
  ]);
  return { role: 'mechanic', availableRequests: n(available), activeJobs: n(active) };
}
