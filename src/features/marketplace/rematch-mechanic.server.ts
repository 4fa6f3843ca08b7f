import { type Db } from '../../server/db/client.ts';
import { matchMechanic, type MatchableMechanic, type MatchableRequest } from './matching.ts';
import { boxAround, inBox } from './match-query.server.ts';
import { notify } from './notifications.server.ts';
import { OPEN_REQUEST_STATUSES, REQUEST_MACHINE, can, fromStates, targetOf } from '../../contract/machines.ts';
import type { RequestForMatching } from './qualified-mechanics.server.ts';
import { describe, matchedMessage } from './match-notices.server.ts';

// A mechanic's changed profile re-matched against every open request, in TypeScript by matching.ts's
// rule: new matches told, lost ones dropped unless quoted, and each request moved by its status table.

/**
 * Matching moves a request between pending and matched by the status table: a conditional update
 * from the statuses the action allows (a request quoted or cancelled meanwhile is left alone).
 * True when the row moved.
 */
async function moveRequest(db: Db, id: string, action: 'match' | 'unmatch'): Promise<boolean> {
  const moved = await db
    .updateTable('serviceRequests')
    .set({ status: targetOf(REQUEST_MACHINE, action), updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', 'in', fromStates(REQUEST_MACHINE, action))
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
}

/** Above this many new matches at once, a mechanic gets one summary notification. */
const MAX_SINGLE_NOTIFICATIONS = 3;

function matchable(r: RequestForMatching): MatchableRequest {
  return {
    service: { latitude: r.serviceLatitude, longitude: r.serviceLongitude },
    aircraft:
      r.aircraftLatitude === null || r.aircraftLongitude === null
        ? null
        : { latitude: r.aircraftLatitude, longitude: r.aircraftLongitude },
    customerWillTravel: r.customerWillTravel,
    maxTravelDistance: r.maxTravelDistance,
  };
}

/** Every approved mechanic with a profile, as matching sees them (docs/decisions/0093). */
async function loadMechanics(db: Db, onlyId?: string): Promise<MatchableMechanic[]> {
  let query = db
    .selectFrom('mechanicProfiles as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.userId', 'p.baseLatitude', 'p.baseLongitude', 'p.serviceRadius', 'p.rating', 'p.completedJobs'])
    .where('u.role', '=', 'mechanic')
    .where('u.mechanicStatus', '=', 'approved');
  if (onlyId) query = query.where('p.userId', '=', onlyId);
  const rows = await query.execute();
  return rows.map((r) => ({
    mechanicId: r.userId,
    base: { latitude: r.baseLatitude, longitude: r.baseLongitude },
    serviceRadius: r.serviceRadius,
    rating: Number(r.rating),
    completedJobs: r.completedJobs,
  }));
}

/**
 * After a mechanic creates or changes their profile: matches them to every open request they now
 * cover, and drops matches they no longer cover unless they already quoted. Requests that gain
 * their first match become `matched`; requests left with none go back to `pending`.
 */
export async function rematchMechanic(db: Db, mechanicId: string): Promise<void> {
  const [mechanic] = await loadMechanics(db, mechanicId);
  if (!mechanic) return;
  const open = await db
    .selectFrom('serviceRequests as r')
    .leftJoin('serviceRequestMatches as m', (join) =>
      join.onRef('m.serviceRequestId', '=', 'r.id').on('m.mechanicId', '=', mechanicId),
    )
    .leftJoin('bids as b', (join) => join.onRef('b.serviceRequestId', '=', 'r.id').on('b.mechanicId', '=', mechanicId))
    .select([
      'r.id',
      'r.customerId',
      'r.status',
      'r.serviceType',
      'r.aircraftMake',
      'r.aircraftModel',
      'r.serviceLocation',
      'r.serviceLatitude',
      'r.serviceLongitude',
      'r.aircraftLatitude',
      'r.aircraftLongitude',
      'r.customerWillTravel',
      'r.maxTravelDistance',
      'm.mechanicId as matchedId',
      'b.id as bidId',
    ])
    .where('r.status', 'in', [...OPEN_REQUEST_STATUSES])
    // Only the open requests this mechanic could cover (the service place within their radius, by
    // its index), those a customer flies in from afar, and those they are matched to already.
    .where((eb) =>
      eb.or([
        inBox('r.service_latitude', 'r.service_longitude', boxAround(mechanic.base, mechanic.serviceRadius)),
        eb('r.customerWillTravel', '=', true),
        eb('m.mechanicId', 'is not', null),
      ]),
    )
    .execute();

  const touched = new Set<string>();
  const fresh: Array<{ request: RequestForMatching; distanceMiles: number }> = [];
  for (const r of open) {
    const match = matchMechanic(matchable(r), mechanic);
    if (match && !r.matchedId) {
      await db
        .insertInto('serviceRequestMatches')
        .values({ serviceRequestId: r.id, mechanicId, distanceMiles: match.distanceMiles, via: match.via })
        .onConflict((oc) => oc.doNothing())
        .execute();
      fresh.push({ request: r, distanceMiles: match.distanceMiles });
      touched.add(r.id);
    } else if (match && r.matchedId) {
      await db
        .updateTable('serviceRequestMatches')
        .set({ distanceMiles: match.distanceMiles, via: match.via })
        .where('serviceRequestId', '=', r.id)
        .where('mechanicId', '=', mechanicId)
        .execute();
    } else if (!match && r.matchedId && !r.bidId) {
      await db
        .deleteFrom('serviceRequestMatches')
        .where('serviceRequestId', '=', r.id)
        .where('mechanicId', '=', mechanicId)
        .execute();
      touched.add(r.id);
    }
  }

  // A few new matches are told one by one; a wide new radius gets one summary, not a flood.
  if (fresh.length > MAX_SINGLE_NOTIFICATIONS) {
    await notify(db, [mechanicId], {
      type: 'request.matched',
      title: 'New service requests',
      message: `${fresh.length} open service requests now match your profile.`,
      link: 'requests',
    });
  } else {
    for (const { request, distanceMiles } of fresh) {
      await notify(db, [mechanicId], {
        type: 'request.matched',
        title: 'New service request',
        message: matchedMessage(request, distanceMiles, 'service_radius'),
        link: 'requests',
      });
    }
  }

  for (const r of open.filter((o) => touched.has(o.id))) {
    const { n } = await db
      .selectFrom('serviceRequestMatches')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('serviceRequestId', '=', r.id)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0 && can(REQUEST_MACHINE, r.status, 'match')) {
      if (await moveRequest(db, r.id, 'match')) {
        await notify(db, [r.customerId], {
          type: 'request.matched',
          title: 'Mechanics matched',
          message: `Your ${describe(r)} has been matched with a mechanic. Quotes will appear on the request.`,
          link: 'requests',
        });
      }
    } else if (Number(n) === 0 && can(REQUEST_MACHINE, r.status, 'unmatch')) {
      await moveRequest(db, r.id, 'unmatch');
    }
  }
}
