import type { MessageSettings } from '../../contract/conversations.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { badRequest } from '../../server/http/errors.ts';
import { toE164 } from '../messaging/outbox.server.ts';

/** The reader's digest settings: texts (needs a phone), and the time zone the browser reported. */
export async function messageSettings(db: Db, user: UserRow): Promise<MessageSettings> {
  const row = await db
    .selectFrom('messageSettings')
    .select(['smsDigest', 'timeZone'])
    .where('userId', '=', user.id)
    .executeTakeFirst();
  return {
    smsDigest: row?.smsDigest ?? false,
    timeZone: row?.timeZone ?? null,
    hasPhone: toE164(user.phone) !== null,
    emailNotifications: user.emailNotifications,
  };
}

/**
 * PUT /api/message-settings. The dashboard sends the browser's IANA zone (Intl) when it differs
 * from the stored one: quiet hours are the reader's own (docs/decisions/0221-message-digest.md).
 */
export async function saveMessageSettings(
  db: Db,
  user: UserRow,
  patch: { smsDigest?: boolean | undefined; timeZone?: string | undefined },
): Promise<MessageSettings> {
  if (patch.smsDigest && toE164(user.phone) === null)
    throw badRequest('Add a phone number to your account to get texts');
  const set = {
    ...(patch.smsDigest !== undefined ? { smsDigest: patch.smsDigest } : {}),
    ...(patch.timeZone !== undefined ? { timeZone: patch.timeZone } : {}),
    updatedAt: new Date(),
  };
  await db
    .insertInto('messageSettings')
    .values({ userId: user.id, timeZone: null, suspendedAt: null, ...set })
    .onConflict((oc) => oc.column('userId').doUpdateSet(set))
    .execute();
  return messageSettings(db, user);
}
