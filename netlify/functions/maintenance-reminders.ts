import type { Config } from '@netlify/functions';
import { sendMaintenanceReminders } from '../../src/features/maintenance/reminders.server.ts';
import { openDb } from '../../src/server/db/client.ts';
import { describeDatabaseError, isDatabaseUnavailable } from '../../src/server/db/unavailable.ts';

// Every hour: tell owners of items that entered "due soon" or became overdue, once per item per
// state (src/features/maintenance/reminders.server.ts). Emails go through the outbox.
export default async function maintenanceReminders(): Promise<Response> {
  const { db, release } = openDb();
  try {
    const report = await sendMaintenanceReminders(db);
    if (report.dueSoon || report.overdue) console.log('maintenance reminders', JSON.stringify(report));
    return new Response(null, { status: 204 });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`maintenance reminders skipped, database unavailable: ${describeDatabaseError(error)}`);
    return new Response(null, { status: 503 });
  } finally {
    await release();
  }
}

export const config: Config = { schedule: '@hourly' };
