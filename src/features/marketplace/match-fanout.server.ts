import { PLAN_EACH_CALL, type Db } from '../../server/db/client.ts';
import { sql } from 'kysely';
import { matchingBounds, qualifiedMechanics } from './qualified-mechanics.server.ts';
import { matchedMessage, queueMatchedEmails } from './match-notices.server.ts';

// The matching a new request leaves after its answer: the rest of the nearest told, the others
// recorded untold, by the after-answer step or the scheduled run (docs/decisions/0286).

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
