import { sql } from 'kysely';
import type { ConversationSummary } from '../../contract/conversations.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { afterKey, cut, keyOf, type KeyColumn, type PageRequest, type Paged } from '../../server/http/paging.ts';
import { summaries } from './threads.server.ts';

/**
 * The thread list pages like the other lists (docs/decisions/0201-cursor-paging.md): newest
 * activity first, then id; a page is the threads after the last one seen, and a thread whose
 * activity moves it up while someone pages comes back on the first page, not twice in the walk.
 */
export const THREAD_KEYS: KeyColumn[] = [
  { ref: 'c.last_message_at', type: 'timestamptz' },
  { ref: 'c.id', type: 'uuid' },
];

/** One page of the caller's threads: the page's ids first, then their summaries (the lateral reads run for the page only). */
export async function threadPage(
  db: Db,
  user: Pick<UserRow, 'id'>,
  page: PageRequest,
): Promise<Paged<ConversationSummary>> {
  let query = db
    .selectFrom('conversations as c')
    .innerJoin('conversationMembers as me', (j) =>
      j.onRef('me.conversationId', '=', 'c.id').on('me.userId', '=', user.id),
    )
    .select(['c.id', keyOf(THREAD_KEYS).as('pageKey')]);
  if (page.after) query = query.where(afterKey(THREAD_KEYS, page.after, 'desc'));
  const rows = await query
    .orderBy('c.lastMessageAt', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const { rows: shown, nextCursor } = cut(rows, page.limit);
  if (shown.length === 0) return { rows: [], nextCursor };
  const ids = shown.map((r) => r.id);
  const found = await summaries(db, user, ids);
  // In the page's order (the summaries' own order breaks ties the other way).
  const order = new Map(ids.map((id, i) => [id, i]));
  return { rows: found.sort((a, b) => order.get(a.id)! - order.get(b.id)!), nextCursor };
}

/**
 * Unread messages across all the caller's threads (the Messages badge): the thread list is a
 * page, so its counts do not add up to this once there are more threads than a page.
 */
export async function unreadTotal(db: Db, user: Pick<UserRow, 'id'>): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n
    from conversation_members me
    join conversation_messages u on u.conversation_id = me.conversation_id and u.seq > me.last_read_seq
    where me.user_id = ${user.id} and u.kind = 'message' and u.sender_id <> ${user.id}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
