import { sql } from 'kysely';
import { tooManyFailuresMessage } from '../../contract/auth.ts';
import type { Db } from '../../server/db/client.ts';
import { tooManyRequests } from '../../server/http/errors.ts';
import { retryMinutes, throttleSettings, type ThrottleSettings } from './throttle.ts';

type Scope = 'account' | 'ip';

export interface LoginAttempt {
  /** The password was right: clears the account's counter and this attempt's IP mark. */
  succeeded(): Promise<void>;
}

const withinWindow = (seconds: number) => sql<boolean>`failed_at > now() - make_interval(secs => ${seconds})`;

/** Seconds until the oldest of the last `max` counted attempts leaves the window, when the scope is locked. */
async function secondsUntilFree(
  db: Db,
  scope: Scope,
  key: string,
  max: number,
  windowSeconds: number,
): Promise<number> {
  const row = await db
    .selectFrom('loginFailures')
    .select(
      sql<number>`ceil(extract(epoch from failed_at + make_interval(secs => ${windowSeconds}) - now()))::int`.as(
        'seconds',
      ),
    )
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where(withinWindow(windowSeconds))
    .orderBy('failedAt', 'desc')
    .offset(max - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? Math.max(1, row.seconds) : 60;
}

/**
 * Starts a sign-in attempt, or refuses it with 429 while the account or the client address has
 * used up its failures in the window (even when the password would be right).
 *
 * The attempt is counted BEFORE the password is checked and un-counted on success: with the row in
 * first, parallel guesses see each other, so a burst of N concurrent requests cannot all slip under
 * the limit while the slow scrypt check runs. A refused attempt removes its own rows, so hammering
 * a locked account does not extend the lockout. See docs/decisions/0022-login-brute-force.md.
 */
export async function beginLoginAttempt(
  db: Db,
  email: string,
  ip: string,
  settings: ThrottleSettings = throttleSettings(process.env),
): Promise<LoginAttempt> {
  const { maxFailuresPerAccount, maxFailuresPerIp, windowSeconds } = settings;
  const mine = await db
    .insertInto('loginFailures')
    .values([
      { scope: 'account', key: email },
      { scope: 'ip', key: ip },
    ])
    .returning(['id', 'scope'])
    .execute();
  const ids = mine.map((r) => r.id);
  const ipRowIds = mine.filter((r) => r.scope === 'ip').map((r) => r.id);

  const counts = await db
    .selectFrom('loginFailures')
    .select(['scope', sql<number>`count(*)::int`.as('n')])
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'account'), eb('key', '=', email)]),
        eb.and([eb('scope', '=', 'ip'), eb('key', '=', ip)]),
      ]),
    )
    .where(withinWindow(windowSeconds))
    .groupBy('scope')
    .execute();
  const accountCount = counts.find((c) => c.scope === 'account')?.n ?? 0;
  const ipCount = counts.find((c) => c.scope === 'ip')?.n ?? 0;

  if (accountCount > maxFailuresPerAccount || ipCount > maxFailuresPerIp) {
    await db.deleteFrom('loginFailures').where('id', 'in', ids).execute();
    const waits = await Promise.all([
      accountCount > maxFailuresPerAccount
        ? secondsUntilFree(db, 'account', email, maxFailuresPerAccount, windowSeconds)
        : 0,
      ipCount > maxFailuresPerIp ? secondsUntilFree(db, 'ip', ip, maxFailuresPerIp, windowSeconds) : 0,
    ]);
    const seconds = Math.max(...waits);
    // The same sentence whether or not the email has an account: it reveals nothing.
    throw tooManyRequests(tooManyFailuresMessage(retryMinutes(seconds)), seconds);
  }

  // Old rows are useless; trimming now and then keeps the table small without a scheduled job.
  if (Math.random() < 0.05) {
    await db
      .deleteFrom('loginFailures')
      .where(sql<boolean>`failed_at < now() - make_interval(secs => ${Math.max(windowSeconds, 86_400)})`)
      .execute();
  }

  return {
    async succeeded() {
      await db
        .deleteFrom('loginFailures')
        .where((eb) => eb.or([eb.and([eb('scope', '=', 'account'), eb('key', '=', email)]), eb('id', 'in', ipRowIds)]))
        .execute();
    },
  };
}
