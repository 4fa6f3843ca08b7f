import { labelOf } from '../../contract/options.ts';
import { MARKETPLACE_SERVICE_TYPES, type RequestStatus } from '../../contract/marketplace.ts';
import type { Db } from '../../server/db/client.ts';
import { matchMechanic, matchMechanics, type MatchableMechanic, type MatchableRequest } from './matching.ts';
import { notify } from './notifications.server.ts';
import { OPEN_REQUEST_STATUSES, REQUEST_MACHINE, can, fromStates, targetOf } from '../../contract/machines.ts';


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

/** The columns of a service request that matching reads. */
export interface RequestForMatching {
  id: string;
  customerId: string;
  status: RequestStatus;
  serviceType: string;
  aircraftMake: string;
  aircraftModel: string;
  serviceLocation: string;
  serviceLatitude: number;
  serviceLongitude: number;
  aircraftLatitude: number | null;
  aircraftLongitude: number | null;
  customerWillTravel: boolean;
  maxTravelDistance: number;
}

/** Above this many new matches at once, a mechanic gets one summary notification. */
const MAX_SINGLE_NOTIFICATIONS = 3;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function matchable(r: RequestForMatching): MatchableRequest {
  return {
    service: { latitude: r.serviceLatitude, longitude: r.serviceLongitude },
    aircraft: r.aircraftLatitude === null || r.aircraftLongitude === null ? null : { latitude: r.aircraftLatitude, longitude: r.aircraftLongitude },
    customerWillTravel: r.customerWillTravel,
    maxTravelDistance: r.maxTravelDistance,
  };
}

function describe(r: RequestForMatching): string {
  return `${labelOf(MARKETPLACE_SERVICE_TYPES, r.serviceType)} for a ${r.aircraftMake} ${r.aircraftModel} at ${r.serviceLocation}`;
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
 * Matches a new request against every mechanic: records each match with its distance, moves the
 * request to `matched` when there is one, and tells the mechanics and the pilot. Runs in the
 * caller's transaction. Returns the number of mechanics matched.
 */
export async function matchNewRequest(db: Db, request: RequestForMatching): Promise<number> {
  const matches = matchMechanics(matchable(request), await loadMechanics(db));
  if (matches.length === 0) {
    await notify(db, [request.customerId], {
      type: 'request.pending',
      title: 'Looking for mechanics',
      message: `No mechanic covers ${request.serviceLocation} yet. We will match your request as soon as one does.`,
      link: 'requests',
    });
    return 0;
  }
  await db
    .insertInto('serviceRequestMatches')
    .values(matches.map((m) => ({ serviceRequestId: request.id, mechanicId: m.mechanicId, distanceMiles: m.distanceMiles, via: m.via })))
    .execute();
  await moveRequest(db, request.id, 'match');
  for (const m of matches) {
    await notify(db, [m.mechanicId], {
      type: 'request.matched',
      title: 'New service request',
      message: `${describe(request)}, ${m.distanceMiles} mi from ${m.via === 'service_radius' ? 'your base' : 'your base (the customer will fly in)'}.`,
      link: 'requests',
    });
  }
  await notify(db, [request.customerId], {
    type: 'request.matched',
    title: 'Mechanics matched',
    message: `Your ${describe(request)} was matched with ${plural(matches.length, 'mechanic')}. Quotes will appear on the request.`,
    link: 'requests',
  });
  return matches.length;
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
    .leftJoin('serviceRequestMatches as m', (join) => join.onRef('m.serviceRequestId', '=', 'r.id').on('m.mechanicId', '=', mechanicId))
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
      await db.deleteFrom('serviceRequestMatches').where('serviceRequestId', '=', r.id).where('mechanicId', '=', mechanicId).execute();
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
        message: `${describe(request)}, ${distanceMiles} mi from your base.`,
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
