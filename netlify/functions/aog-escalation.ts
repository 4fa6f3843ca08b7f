import type { Config } from '@netlify/functions';
import { deliverNow } from '../../src/features/aog/deliver-now.server.ts';
import { escalateDueAogs } from '../../src/features/aog/escalation.server.ts';
import { openDb } from '../../src/server/db/client.ts';
import { describeDatabaseError, isDatabaseUnavailable } from '../../src/server/db/unavailable.ts';

// Every minute: an open aircraft-on-ground call nobody offered on widens its radius each 10
// minutes, up to 3 steps (src/features/aog/escalation.server.ts); what it asks leaves at once.
export default async function aogEscalation(): Promise<Response> {
  const { db, release } = openDb();
  try {
    const report = await escalateDueAogs(db);
    if (report.escalated) {
      console.log('aog escalation', JSON.stringify(report));
      await deliverNow(db);
    }
    return new Response(null, { status: 204 });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`aog escalation skipped, database unavailable: ${describeDatabaseError(error)}`);
    return new Response(null, { status: 503 });
  } finally {
    await release();
  }
}

export const config: Config = { schedule: '* * * * *' };
