import { labelOf } from '../../contract/options.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import type { MatchedMechanic, RequestStatus } from '../../contract/service-requests.ts';
import { fullName } from './mappers.server.ts';
import { MATCHES_SHOWN } from './matches-shown.ts';
import { PLAN_EACH_CALL, type Db } from '../../server/db/client.ts';
import { sql } from 'kysely';
import { KNOWN_SETTINGS } from '../../contract/admin-config.ts';
import { matchMechanic, type MatchableMechanic, type MatchableRequest } from './matching.ts';
import { boxAround, inBox, roundedMilesSql } from './match-query.server.ts';
import { notify } from './notifications.server.ts';
import { queueNotificationEmails } from './notification-digest.server.ts';
import { dashboardLink } from './links.ts';
import { siteUrl } from '../../server/site-url.server.ts';
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
    aircraft:
      r.aircraftLatitude === null || r.aircraftLongitude === null
        ? null
        : { latitude: r.aircraftLatitude, longitude: r.aircraftLongitude },
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

/** How many mechanics a new request notifies when the console does not say (docs/decisions/0200). */
export const DEFAULT_MATCH_NOTIFY_LIMIT = 25;
export const MATCH_NOTIFY_SETTING = KNOWN_SETTINGS.matchNotifyLimit;

/** The fan-out the console set (a whole number 1-500), else the default; and the widest service radius. */
async function matchingBounds(db: Db): Promise<{ notifyLimit: number; widestRadius: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('mechanicProfiles')
        .select((e) => e.fn.max('serviceRadius').as('r'))
        .as('widestRadius'),
      eb
        .selectFrom('systemSettings')
        .select('settingValue')
        .where('category', '=', MATCH_NOTIFY_SETTING.category)
        .where('settingKey', '=', MATCH_NOTIFY_SETTING.key)
        .as('notifyLimit'),
    ])
    .executeTakeFirstOrThrow();
  const n = Number(row.notifyLimit);
  return {
    notifyLimit: Number.isInteger(n) && n >= 1 && n <= 500 ? n : DEFAULT_MATCH_NOTIFY_LIMIT,
    widestRadius: Number(row.widestRadius ?? 0),
  };
}

/** The approved mechanics `request` matches, as a query: user_id, rating, completed_jobs, distance, via. */
function qualifiedMechanics(request: RequestForMatching, widestRadius: number) {
  const service = { latitude: request.serviceLatitude, longitude: request.serviceLongitude };
  const travel = request.customerWillTravel && request.aircraftLatitude !== null && request.aircraftLongitude !== null;
  const aircraft = travel ? { latitude: request.aircraftLatitude!, longitude: request.aircraftLongitude! } : null;
  const near = inBox('p.base_latitude', 'p.base_longitude', boxAround(service, widestRadius));
  const where = aircraft
    ? sql`(${near} or ${inBox('p.base_latitude', 'p.base_longitude', boxAround(aircraft, request.maxTravelDistance))})`
    : near;
  const toAircraft = aircraft
    ? roundedMilesSql(
        sql`p.base_latitude`,
        sql`p.base_longitude`,
        sql`${aircraft.latitude}::float8`,
        sql`${aircraft.longitude}::float8`,
      )
    : sql`null::int`;
  const toService = roundedMilesSql(
    sql`p.base_latitude`,
    sql`p.base_longitude`,
    sql`${service.latitude}::float8`,
    sql`${service.longitude}::float8`,
  );
  return sql`
    select user_id, rating, completed_jobs,
           case when by_radius then to_service else to_aircraft end as distance,
           case when by_radius then 'service_radius' else 'customer_travel' end as via
    from (
      select *, (to_service <= service_radius and (to_aircraft is null or to_aircraft > ${request.maxTravelDistance} or to_service <= to_aircraft)) as by_radius
      from (
        select p.user_id, p.rating, p.completed_jobs, p.service_radius, ${toService} as to_service, ${toAircraft} as to_aircraft
        from mechanic_profiles p
        -- Approved, as the users row says it, kept on the profile (migration 0036): no join.
        where p.approved and ${where}
        -- Kept whole (not merged into the query around it), so each distance is computed once per
        -- mechanic, not again in every test and column that reads it: 13% of the statement at KDEN.
        offset 0
      ) candidates
      where to_service <= service_radius or to_aircraft <= ${request.maxTravelDistance}
    ) qualified`;
}

/** Where a match's distance is measured from, as a mechanic is told it: one wording for every path. */
const MEASURED_FROM = {
  service_radius: 'your base',
  customer_travel: 'your base (the customer will fly in)',
} as const;

/** What a matched mechanic is told of a new request: the request, and how far it is from their base. */
function matchedMessage(request: RequestForMatching, distanceMiles: number, via: keyof typeof MEASURED_FROM): string {
  return `${describe(request)}, ${distanceMiles} mi from ${MEASURED_FROM[via]}.`;
}

/**
 * How many of a new request's nearest mechanics are told within the request's own transaction: the
 * few its answer lists by name. The others of the console's fan-out are told after the answer
 * (docs/decisions/0286).
 */
export const TOLD_WITH_THE_REQUEST = MATCHES_SHOWN;

/**
 * Matches a new request in the database (docs/decisions/0200-matching-by-index.md). One statement
 * finds the approved mechanics in range through the base-location index (a box, then the exact
 * rule of matching.ts) and records the nearest, best-rated N (the console's `match_notify_limit`,
 * default 25). The first few of them (TOLD_WITH_THE_REQUEST) are told by the same statement: the
 * app notification, and the email of those who want one (the outbox sends it after the answer).
 * The others of the N are fan-out, told after the answer by notifyNewMatches (docs/decisions/0286):
 * 25 notifications into a table of millions read their index pages from disk on a cold cache, which
 * a request must not wait for. Whenever work is left (mechanics to tell, more in range than N),
 * the request is marked `matching_pending`, and completeMatching (after the answer, or the scheduled
 * run within a minute) tells the rest of the nearest and records the others, who find it in their
 * list without being notified. Runs in the caller's transaction. Returns how many matched, the
 * request's status and the matches its answer lists.
 */
export async function matchNewRequest(db: Db, request: RequestForMatching): Promise<NewRequestMatching> {
  const { notifyLimit, widestRadius } = await matchingBounds(db);
  const toldNow = Math.min(notifyLimit, TOLD_WITH_THE_REQUEST);
  // The request's move to `matched` (by the status table) and its `matching_pending` mark are
  // written by the same statement, and it returns the few mechanics the answer lists (the nearest
  // MATCHES_SHOWN of those recorded, as getRequest orders them): a new request's answer needs no
  // other read (docs/decisions/0280).
  // Planned once per connection, whatever the box: the candidates are one range of one index
  // (migration 0038), read the same way for an airport with no mechanic as for one with 5,040.
  // Planned for each call's values, as it was while the widest boxes read the table, planning took
  // 2.5-3 ms of every new request. PostgreSQL would keep planning each call here by itself (a plan
  // for an empty box costs less than the generic one), so the transaction asks for the generic plan.
  await sql`set local plan_cache_mode = force_generic_plan`.execute(db);
  const result = await sql<{
    matched: number;
    status: RequestStatus | null;
    shown: ShownMatch[] | null;
    mailed: Array<{ email: string; firstName: string; message: string }>;
  }>`
    with matched as (${qualifiedMechanics(request, widestRadius)}),
    closest as (select * from matched order by distance, rating desc, completed_jobs desc, user_id limit ${notifyLimit}),
    -- Ranked after the cut: a window over every match would sort all 5,040 at KDEN, not keep the top N.
    nearest as (
      select *, row_number() over (order by distance, rating desc, completed_jobs desc, user_id) as rank from closest
    ),
    saved as (
      insert into service_request_matches (service_request_id, mechanic_id, distance_miles, via, notify_pending)
      select ${request.id}::uuid, user_id, distance, via, rank > ${toldNow} from nearest
    ), told as (
      insert into notifications (user_id, type, title, message, link)
      select user_id, 'request.matched', 'New service request',
             ${describe(request) + ', '} || distance || ' mi from ' ||
               case when via = 'service_radius' then ${MEASURED_FROM.service_radius}::text else ${MEASURED_FROM.customer_travel}::text end || '.',
             'requests'
      from nearest where rank <= ${toldNow}
      returning user_id, message
    ), mailed as (
      select u.email, u.first_name, t.message from told t join users u on u.id = t.user_id where u.email_notifications
    ), moved as (
      update service_requests
      set status = case when status in (${sql.join(fromStates(REQUEST_MACHINE, 'match'))}) then ${targetOf(REQUEST_MACHINE, 'match')} else status end,
          updated_at = now(),
          matching_pending = (select count(*) from matched) > ${toldNow}
      where id = ${request.id} and exists (select 1 from matched)
      returning status
    ), shown as (
      select n.user_id, n.distance, n.rating, n.completed_jobs, u.first_name, u.last_name
      from nearest n join users u on u.id = n.user_id
      order by n.distance, n.user_id limit ${MATCHES_SHOWN}
    )
    select (select count(*)::int from matched) as matched,
           (select status from moved) as status,
           (select json_agg(json_build_object('mechanicId', user_id, 'distanceMiles', distance, 'rating', rating,
              'completedJobs', completed_jobs, 'firstName', first_name, 'lastName', last_name) order by distance, user_id) from shown) as shown,
           coalesce((select json_agg(json_build_object('email', email, 'firstName', first_name, 'message', message)) from mailed), '[]'::json) as mailed`.execute(
    db,
  );
  // The few told now by email, each joined with the other notices of its kind that arrive
  // together, and linked to the request (docs/decisions/0183, 0200).
  await queueMatchedEmails(db, request.id, result.rows[0]?.mailed ?? []);
  const row = result.rows[0];
  const matched = row?.matched ?? 0;
  if (matched === 0) {
    await notify(db, [request.customerId], {
      type: 'request.pending',
      title: 'Looking for mechanics',
      message: `No mechanic covers ${request.serviceLocation} yet. We will match your request as soon as one does.`,
      link: 'requests',
    });
    return { matched: 0, status: request.status, shown: [] };
  }
  await notify(db, [request.customerId], {
    type: 'request.matched',
    title: 'Mechanics matched',
    message: `Your ${describe(request)} was matched with ${plural(matched, 'mechanic')}. Quotes will appear on the request.`,
    link: 'requests',
  });
  return {
    matched,
    status: row?.status ?? request.status,
    shown: (row?.shown ?? []).map((m) => ({
      mechanicId: m.mechanicId,
      mechanicName: fullName(m),
      distanceMiles: m.distanceMiles,
      rating: m.rating === null ? 5 : Number(m.rating),
      completedJobs: m.completedJobs ?? 0,
    })),
  };
}

/** The "New service request" emails of matched mechanics, queued in the outbox with the link to the request. */
async function queueMatchedEmails(
  db: Db,
  requestId: string,
  mailed: ReadonlyArray<{ email: string; firstName: string; message: string }>,
): Promise<void> {
  const link = siteUrl(dashboardLink('requests', requestId));
  await queueNotificationEmails(
    db,
    mailed.map((m) => ({
      to: { email: m.email, firstName: m.firstName },
      n: {
        type: 'request.matched',
        title: 'New service request',
        message: `${m.message}\nSee it in your dashboard: ${link}`,
      },
    })),
  );
}

/**
 * Tells the mechanics a new request recorded as still to be told (the nearest N of matchNewRequest
 * beyond the few told with it):
 * one app notification each, and the email of those who want one, queued in the outbox (joined
 * with the other notices that arrive together, linked to the request). The update that clears their
 * mark claims the rows, so two runs at once tell each mechanic once. Safe to run again.
 */
export async function notifyNewMatches(db: Db, requestId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('serviceRequestMatches')
      .set({ notifyPending: false })
      .where('serviceRequestId', '=', requestId)
      .where('notifyPending', '=', true)
      .returning(['mechanicId', 'distanceMiles', 'via'])
      .execute();
    if (claimed.length === 0) return 0;
    const request = await trx
      .selectFrom('serviceRequests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    const told = claimed.map((m) => ({
      userId: m.mechanicId,
      message: matchedMessage(request, m.distanceMiles, m.via),
    }));
    await trx
      .insertInto('notifications')
      .values(
        told.map((t) => ({
          userId: t.userId,
          type: 'request.matched',
          title: 'New service request',
          message: t.message,
          link: 'requests',
          readAt: null,
        })),
      )
      .execute();
    const mailed = await trx
      .selectFrom('users')
      .select(['id', 'email', 'firstName'])
      .where(
        'id',
        'in',
        told.map((t) => t.userId),
      )
      .where('emailNotifications', '=', true)
      .execute();
    const messageOf = new Map(told.map((t) => [t.userId, t.message]));
    await queueMatchedEmails(
      trx,
      request.id,
      mailed.map((m) => ({ email: m.email, firstName: m.firstName, message: messageOf.get(m.id)! })),
    );
    return claimed.length;
  });
}

interface ShownMatch {
  mechanicId: string;
  distanceMiles: number;
  rating: number | string | null;
  completedJobs: number | null;
  firstName: string;
  lastName: string;
}

/** What matching a new request decided: how many matched, the request's status, the matches its answer lists. */
export interface NewRequestMatching {
  matched: number;
  status: RequestStatus;
  shown: MatchedMechanic[];
}

/**
 * The work a new request leaves after its answer: tells the nearest it recorded (notifyNewMatches),
 * then records the matches it did not notify, in one statement, and clears its `matching_pending`
 * mark. Safe to run twice or on a request already done.
 */
export async function completeMatching(db: Db, requestId: string): Promise<void> {
  await notifyNewMatches(db, requestId);
  await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('serviceRequests')
      .selectAll()
      .where('id', '=', requestId)
      .where('matchingPending', '=', true)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!request) return;
    const { widestRadius } = await matchingBounds(trx);
    await sql`${sql.raw(PLAN_EACH_CALL)}
      insert into service_request_matches (service_request_id, mechanic_id, distance_miles, via)
      select ${request.id}::uuid, user_id, distance, via from (${qualifiedMechanics(request, widestRadius)}) matched
      on conflict do nothing`.execute(trx);
    await trx.updateTable('serviceRequests').set({ matchingPending: false }).where('id', '=', request.id).execute();
  });
}

/** The scheduled run: finishes the matching of requests whose after-answer step did not (a lost function). */
export async function completePendingMatching(db: Db): Promise<number> {
  const pending = await db
    .selectFrom('serviceRequests')
    .select('id')
    .where('matchingPending', '=', true)
    .where('createdAt', '<', sql<Date>`now() - interval '30 seconds'`)
    .limit(50)
    .execute();
  for (const { id } of pending) await completeMatching(db, id);
  return pending.length;
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
