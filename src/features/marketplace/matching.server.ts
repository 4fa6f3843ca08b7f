import type { MatchedMechanic, RequestStatus } from '../../contract/service-requests.ts';
import { fullName } from '../../server/db/full-name.ts';
import { MATCHES_SHOWN } from './matches-shown.ts';
import { type Db } from '../../server/db/client.ts';
import { sql } from 'kysely';
import { notify } from './notifications.server.ts';
import { REQUEST_MACHINE, fromStates, targetOf } from '../../contract/machines.ts';
import { matchingBounds, qualifiedMechanics, type RequestForMatching } from './qualified-mechanics.server.ts';
import { describe, MEASURED_FROM, plural, queueMatchedEmails } from './match-notices.server.ts';

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
