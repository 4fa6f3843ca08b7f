import type { Notification } from '../../contract/notifications.ts';
import type { Db } from '../../server/db/client.ts';
import type { OutboxAttachment } from '../../server/db/tables/foundation.ts';
import { notFound } from '../../server/http/errors.ts';
import { toNotification } from './mappers.server.ts';
import { afterKey, cut, keyOf, type KeyColumn, type PageRequest, type Paged } from '../../server/http/paging.ts';
import { isUuid } from '../../contract/ids.ts';
import { queueNotificationEmails } from './notification-digest.server.ts';
import { siteUrl } from '../../server/site-url.server.ts';
import { dashboardLink } from './links.ts';
import type { ValidWhile } from '../../contract/outbox-validity.ts';

export interface NewNotification {
  /** What happened, e.g. 'request.matched', 'bid.accepted'; lets a client pick an icon. */
  type: string;
  title: string;
  message: string;
  /** Where in the dashboard it points, e.g. 'requests' or 'appointments'. */
  link?: string | null;
  /** The item it speaks of (an appointment, a request): the email links to it in the dashboard. */
  itemId?: string | null;
  /** Files its email carries (the appointment's .ics on the time agreed or confirmed). */
  attachments?: readonly OutboxAttachment[];
  /** What must still hold when its email leaves, else the email is dropped (docs/decisions/0452). */
  validWhile?: ValidWhile;
}

/** Tells each of `userIds` (duplicates and the empty list are fine); runs inside the caller's transaction. */
export async function notify(db: Db, userIds: readonly string[], n: NewNotification): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  // The notifications are written and the people who want them by email read by one statement: a
  // round trip less for every write that tells someone (a new request tells its owner, a quote the
  // owner, an acceptance both sides). The same notice by email is queued in the same transaction.
  const recipients = await db
    .with('told', (w) =>
      w
        .insertInto('notifications')
        .values(
          unique.map((userId) => ({
            userId,
            type: n.type,
            title: n.title,
            message: n.message,
            link: n.link ?? null,
            readAt: null,
          })),
        )
        .returning('id'),
    )
    .selectFrom('users')
    .select(['email', 'firstName'])
    .where('id', 'in', unique)
    .where('emailNotifications', '=', true)
    .execute();
  // Each email links to what it speaks of; combined emails keep each link.
  const link = siteUrl(dashboardLink(n.link ?? 'overview', n.itemId));
  const message = `${n.message}\nSee it in your dashboard: ${link}`;
  // Combined with the other notifications that arrive together (notification-digest.server.ts).
  await queueNotificationEmails(
    db,
    recipients.map((r) => ({ to: r, n: { ...n, message } })),
  );
}

export async function emailPreference(db: Db, userId: string): Promise<{ emailNotifications: boolean }> {
  const row = await db
    .selectFrom('users')
    .select('emailNotifications')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { emailNotifications: row.emailNotifications };
}

export async function setEmailPreference(
  db: Db,
  userId: string,
  emailNotifications: boolean,
): Promise<{ emailNotifications: boolean }> {
  await db.updateTable('users').set({ emailNotifications, updatedAt: new Date() }).where('id', '=', userId).execute();
  return { emailNotifications };
}

/** Notifications page newest first (docs/decisions/0201-cursor-paging.md). */
export const NOTIFICATION_KEYS: KeyColumn[] = [
  { ref: 'notifications.created_at', type: 'timestamptz' },
  { ref: 'notifications.id', type: 'uuid' },
];

export async function listNotifications(
  db: Db,
  userId: string,
  options: { unreadOnly: boolean } & PageRequest,
): Promise<Paged<Notification>> {
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .select(keyOf(NOTIFICATION_KEYS).as('pageKey'))
    .where('userId', '=', userId);
  if (options.unreadOnly) query = query.where('isRead', '=', false);
  if (options.after) query = query.where(afterKey(NOTIFICATION_KEYS, options.after, 'desc'));
  const rows = await query
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const { rows: shown, nextCursor } = cut(rows, options.limit);
  return { rows: shown.map(toNotification), nextCursor };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .where('isRead', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the user's own notifications read; anyone else's is 'not found'. Idempotent. */
export async function markRead(db: Db, userId: string, id: string): Promise<Notification> {
  if (!isUuid(id)) throw notFound('Notification not found');
  const row = await db
    .updateTable('notifications')
    .set((eb) => ({ isRead: true, readAt: eb.fn.coalesce('readAt', eb.fn<Date>('now', [])) }))
    .where('id', '=', id)
    .where('userId', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Notification not found');
  return toNotification(row);
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ isRead: true, readAt: new Date() })
    .where('userId', '=', userId)
    .where('isRead', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
