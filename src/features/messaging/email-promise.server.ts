import type { Db } from '../../server/db/client.ts';
import { providerLabel } from './attempts.server.ts';
import { emailKey } from './deliver.server.ts';

/**
 * Whether an email queued now will really go out (docs/decisions/0466-say-sent-only-when-it-goes.md):
 * an email provider is configured, and the last delivery attempt made with that key did not fail.
 * A key nobody has tried yet counts as working; a new key (the fix an administrator makes) starts
 * clean. The answer words the visitor's confirmation: "we sent it" or "saved, we will reply".
 */
export async function emailWillGo(db: Db): Promise<boolean> {
  const key = await emailKey(db);
  if (!key) return false;
  const last = await db
    .selectFrom('outboxAttempts')
    .select('outcome')
    .where('provider', '=', providerLabel(key.provider, key.creds.keyName))
    .where('outcome', 'in', ['sent', 'failed'])
    .orderBy('attemptedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.outcome !== 'failed';
}
