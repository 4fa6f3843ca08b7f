import type { Config } from '@netlify/functions';
import { settleOwedPayments } from '../../src/features/payments/payments.server.ts';
import { openDb } from '../../src/server/db/client.ts';
import { describeDatabaseError, isDatabaseUnavailable } from '../../src/server/db/unavailable.ts';

// Every 5 minutes: the charges and deposit settlements a job's step left owed after its commit
// (its own call to Stripe failed or never ran), done by the same locked steps and Idempotency-Keys
// (src/features/payments/payments.server.ts, docs/decisions/0301).
export default async function paymentsSettle(): Promise<Response> {
  const { db, release } = openDb();
  try {
    const done = await settleOwedPayments(db);
    if (done.captured || done.settled) console.log('payments settled', done);
    return new Response(null, { status: 204 });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`payments settlement skipped, database unavailable: ${describeDatabaseError(error)}`);
    return new Response(null, { status: 503 });
  } finally {
    await release();
  }
}

export const config: Config = { schedule: '*/5 * * * *' };
