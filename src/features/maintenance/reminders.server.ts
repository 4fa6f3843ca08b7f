import type { Db } from '../../server/db/client.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { aircraftToday } from '../marketplace/geo/airport-day.ts';
import { clocksFor, toItem } from './maintenance.server.ts';
import { dueWords, titledItem } from './due-words.ts';

export interface ReminderReport {
  dueSoon: number;
  overdue: number;
}

/**
 * Tells owners when an item enters "due soon" and when it becomes overdue: once per item per
 * state. A notice in the dashboard, and the same by email through the outbox for owners who keep
 * email notifications on (notify() respects the preference). The item's `reminded_status` records
 * the state told; a conditional update claims it, so overlapping runs never tell twice. An item
 * back to "ok" (done again) is cleared, so its next cycle is told again.
 */
export async function sendMaintenanceReminders(db: Db, now = new Date()): Promise<ReminderReport> {
  const report: ReminderReport = { dueSoon: 0, overdue: 0 };
  const aircraft = await db
    .selectFrom('aircraft')
    .selectAll()
    .where((eb) =>
      eb.exists(eb.selectFrom('maintenanceItems as i').select('i.id').whereRef('i.aircraftId', '=', 'aircraft.id')),
    )
    .execute();
  for (const plane of aircraft) {
    // The day at the aircraft's airport, as its due list shows it: at 7 PM in California UTC is
    // already tomorrow, and an item due today would be told overdue a day early.
    const today = aircraftToday(plane, now);
    const { clocks } = await clocksFor(db, plane, today);
    const rows = await db.selectFrom('maintenanceItems').selectAll().where('aircraftId', '=', plane.id).execute();
    const requested = await itemsOnOpenRequests(db, plane.id);
    for (const row of rows) {
      const item = toItem(row, clocks);
      // Already on a request the owner made: the owner knows; told again if the request ends without it.
      if (item.status !== 'ok' && requested.has(row.id)) continue;
      if (item.status === 'ok') {
        if (row.remindedStatus !== null)
          await db.updateTable('maintenanceItems').set({ remindedStatus: null }).where('id', '=', row.id).execute();
        continue;
      }
      if (row.remindedStatus === item.status) continue;
      // Overdue already told: an item back to "due soon" (a reading corrected) is not told again.
      if (row.remindedStatus === 'overdue' && item.status === 'due_soon') continue;
      await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('maintenanceItems')
          .set({ remindedStatus: item.status })
          .where('id', '=', row.id)
          .where((eb) => eb.or([eb('remindedStatus', 'is', null), eb('remindedStatus', '<>', item.status)]))
          .returning('id')
          .executeTakeFirst();
        if (!claimed) return;
        const overdue = item.status === 'overdue';
        await notify(trx, [plane.ownerId], {
          type: overdue ? 'maintenance.overdue' : 'maintenance.due_soon',
          title: overdue ? `${plane.tailNumber}: ${item.title} overdue` : `${plane.tailNumber}: ${item.title} due soon`,
          // Named once, hours grouped, and never "was due by" a date still ahead.
          message: `${titledItem(item)} on ${plane.tailNumber} ${overdue ? '' : 'is '}${dueWords(item, today)}. Open the aircraft's due list to request service.`,
          link: 'aircraft',
        });
        if (overdue) report.overdue += 1;
        else report.dueSoon += 1;
      });
    }
  }
  return report;
}

/** Items of the aircraft linked to a request that is still open (not completed nor cancelled) and not marked done on it. */
async function itemsOnOpenRequests(db: Db, aircraftId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('maintenanceRequestLinks as l')
    .innerJoin('serviceRequests as r', 'r.id', 'l.serviceRequestId')
    .innerJoin('maintenanceItems as i', 'i.id', 'l.itemId')
    .select('l.itemId')
    .where('i.aircraftId', '=', aircraftId)
    .where('l.completedAt', 'is', null)
    .where('r.status', 'not in', ['completed', 'cancelled'])
    .execute();
  return new Set(rows.map((r) => r.itemId!));
}
