import type { Config } from '@netlify/functions';
import { sendMessageDigests } from '../../src/features/conversations/digest.server.ts';
import { openDb } from '../../src/server/db/client.ts';
import { describeDatabaseError, isDatabaseUnavailable } from '../../src/server/db/unavailable.ts';

// Every minute: readers with a message unread for 10 minutes get one digest per thread per hour,
// outside their quiet hours, through the outbox (src/features/conversations/digest.server.ts).
export default async function conversationDigest(): Promise<Response> {
  const { db, release } = openDb();
  try {
    const report = await sendMessageDigests(db);
    if (report.emails || report.texts) console.log('message digests', JSON.stringify(report));
    return new Response(null, { status: 204 });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`message digests skipped, database unavailable: ${describeDatabaseError(error)}`);
    return new Response(null, { status: 503 });
  } finally {
    await release();
  }
}

export const config: Config = { schedule: '* * * * *' };
