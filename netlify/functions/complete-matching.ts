import type { Config } from '@netlify/functions';
import { openDb } from '../../src/server/db/client.ts';
import { describeDatabaseError, isDatabaseUnavailable } from '../../src/server/db/unavailable.ts';
import { completePendingMatching } from '../../src/features/marketplace/match-fanout.server.ts';

// Every minute: records the matches of new requests that the step after their answer did not
// (a function stopped early); see docs/decisions/0200-matching-by-index.md.
export default async function completeMatching(): Promise<Response> {
  const { db, release } = openDb();
  try {
    const done = await completePendingMatching(db);
    if (done) console.log('matching completed for', done, 'requests');
    return new Response(null, { status: 204 });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`matching completion skipped, database unavailable: ${describeDatabaseError(error)}`);
    return new Response(null, { status: 503 });
  } finally {
    await release();
  }
}

export const config: Config = { schedule: '* * * * *' };
