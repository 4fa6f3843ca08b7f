import type { Config } from '@netlify/functions';
import { openDb } from '../../src/server/db/client.ts';
import { deliverDueMessages } from '../../src/features/messaging/deliver.server.ts';

// Every minute: send what the outbox holds through the configured providers (see
// src/features/messaging/deliver.server.ts). Overlapping runs are safe: each claims its own rows.
export default async function deliverOutbox(): Promise<Response> {
  const { db, release } = openDb();
  try {
    const report = await deliverDueMessages(db);
    if (report.sent || report.retrying || report.dead || report.interrupted || report.released) console.log('outbox delivery', JSON.stringify(report));
    return new Response(null, { status: 204 });
  } finally {
    await release();
  }
}

export const config: Config = { schedule: '* * * * *' };
