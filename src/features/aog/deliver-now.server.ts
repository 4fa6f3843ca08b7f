import type { Db } from '../../server/db/client.ts';
import { deliverDueMessages } from '../messaging/deliver.server.ts';

/**
 * An aircraft on ground cannot wait for the outbox's next minute: once a call's answer is sent,
 * the same delivery run the schedule makes starts at once (after-answer.ts), with the same time
 * budget, so the nearest mechanics' texts and emails leave within a second or two. Overlapping
 * runs are safe (each claims its own rows); what it does not finish, the scheduled run sends.
 */
export async function deliverNow(db: Db): Promise<void> {
  await deliverDueMessages(db);
}
