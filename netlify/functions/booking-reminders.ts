import type { Config } from '@netlify/functions';
import { sendBookingReminders } from '../../src/features/booking/reminders.server.ts';
import { openDb } from '../../src/server/db/client.ts';
import { describeDatabaseError, isDatabaseUnavailable } from '../../src/server/db/unavailable.ts';

// Every 15 minutes: reminds both parties of a booking 72 and 24 hours before its start, once each
// (src/features/booking/reminders.server.ts). Emails go through the outbox.
export default async function bookingReminders(): Promise<Response> {
  const { db, release } = openDb();
  try {
    const { sent } = await sendBookingReminders(db);
    if (sent) console.log('booking reminders sent', sent);
    return new Response(null, { status: 204 });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`booking reminders skipped, database unavailable: ${describeDatabaseError(error)}`);
    return new Response(null, { status: 503 });
  } finally {
    await release();
  }
}

export const config: Config = { schedule: '*/15 * * * *' };
