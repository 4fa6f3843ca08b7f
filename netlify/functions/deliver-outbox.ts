import type { Config } from '@netlify/functions';
import { openDb } from '../../src/server/db/client.ts';
import { describeDatabaseError, isDatabaseUnavailable } from '../../src/server/db/unavailable.ts';
import { deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';

// Every minute: send what the outbox holds through the configured providers (see
// src/features/messaging/deliver.server.ts). Overlapping runs are safe: each claims its own rows.
export default async function deliverOutbox(): Promise<Response> {
  const { db, release } = openDb();
  try {
    const report = await deliverDueMessages(db);
    if (report.sent || report.retrying || report.dead || report.interrupted || report.released)
      console.log('outbox delivery', JSON.stringify(report));
    return new Response(null, { status: 204 });
  } catch (error) {
    // The database is down: one line in the log, and the next minute's run tries again.
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`outbox delivery skipped, database unavailable: ${describeDatabaseError(error)}`);
    return new Response(null, { status: 503 });
  } finally {
    await release();
  }
}

export const config: Config = { schedule: '* * * * *' };
