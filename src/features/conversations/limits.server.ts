import { sql } from 'kysely';
import { CONVERSATION_MESSAGES, CONVERSATIONS } from '../../contract/conversations.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import { tooManyRequests } from '../../server/http/errors.ts';
import type { ConversationRow } from './threads.server.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600_000;

/**
 * The writer's limits, counted from the messages themselves (sliding windows, nothing extra to
 * store): 30 a minute anywhere, and 200 a day in threads with people the writer has no job with
 * (no appointment between the two). Runs inside the send's transaction under a per-writer lock, so
 * simultaneous sends cannot all pass the last free place. Retry-After says when a place frees up.
 */
export async function enforceMessageLimits(
  trx: Tx,
  userId: string,
  thread: ConversationRow,
  now = Date.now(),
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`conversation-writer:${userId}`}, 0))`.execute(trx);

  const minute = await trx
    .selectFrom('conversationMessages')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('createdAt').as('oldest')])
    .where('senderId', '=', userId)
    .where('kind', '=', 'message')
    .where('createdAt', '>', new Date(now - MINUTE_MS))
    .executeTakeFirstOrThrow();
  if (Number(minute.n) >= CONVERSATIONS.perMinute) {
    const seconds = Math.max(1, Math.ceil((new Date(minute.oldest as Date).getTime() + MINUTE_MS - now) / 1000));
    throw tooManyRequests(CONVERSATION_MESSAGES.tooFast(seconds), seconds);
  }

  if (await haveJob(trx, thread.customerId, thread.mechanicId)) return;
  const day = await trx
    .selectFrom('conversationMessages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversationId')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('m.createdAt').as('oldest')])
    .where('m.senderId', '=', userId)
    .where('m.kind', '=', 'message')
    .where('m.createdAt', '>', new Date(now - DAY_MS))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('appointments as a')
            .select('a.id')
            .whereRef('a.customerId', '=', 'c.customerId')
            .whereRef('a.mechanicId', '=', 'c.mechanicId')
            .where('a.status', '!=', 'cancelled'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  if (Number(day.n) >= CONVERSATIONS.perDayWithoutJob) {
    const seconds = Math.max(1, Math.ceil((new Date(day.oldest as Date).getTime() + DAY_MS - now) / 1000));
    throw tooManyRequests(CONVERSATION_MESSAGES.dailyLimit(Math.ceil(seconds / 3600)), seconds);
  }
}

/** A job between two people: an appointment (any request) that was not cancelled. */
async function haveJob(db: Db, customerId: string, mechanicId: string): Promise<boolean> {
  const row = await db
    .selectFrom('appointments')
    .select('id')
    .where('customerId', '=', customerId)
    .where('mechanicId', '=', mechanicId)
    .where('status', '!=', 'cancelled')
    .executeTakeFirst();
  return row !== undefined;
}
