import { sql } from 'kysely';
import type { Db } from '../../server/db/client.ts';
import { throttleSettings, type ThrottleSettings } from './throttle.ts';

/**
 * Which of these emails cannot sign in now because their account used up its failures in the
 * window (the rule of beginLoginAttempt: the next attempt is refused once `max` are counted).
 * The console offers "Unlock sign-in" only for these. One grouped query.
 */
export async function lockedEmails(
  db: Db,
  emails: readonly string[],
  settings: ThrottleSettings = throttleSettings(process.env),
): Promise<Set<string>> {
  const keys = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('loginFailures')
    .select('key')
    .where('scope', '=', 'account')
    .where('key', 'in', keys)
    .where(sql<boolean>`failed_at > now() - make_interval(secs => ${settings.windowSeconds})`)
    .groupBy('key')
    .having(sql<boolean>`count(*) >= ${settings.maxFailuresPerAccount}`)
    .execute();
  return new Set(rows.map((r) => r.key));
}
