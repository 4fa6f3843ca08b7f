import { isUuid } from '../../contract/ids.ts';
import type { MaintenanceCompletionData, RequestMaintenance } from '../../contract/maintenance.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import { inTransaction, type Db, type Tx } from '../../server/db/client.ts';
import { badRequest, conflict, notFound } from '../../server/http/errors.ts';
import { fromStates, targetOf } from '../../contract/machines.ts';
import { SQUAWK_MACHINE } from '../../contract/status-machines.ts';
import { getRequest, type Viewer } from '../marketplace/request-view.server.ts';
import { aircraftToday, aircraftZone } from '../marketplace/geo/airport-day.ts';
import { formatDay } from '../../lib/format.ts';
import { assertTach } from './tach-rule.server.ts';
import { jobWorkDone } from './work-done.server.ts';
import { hundredHourCarry } from './rules.ts';
import { clocksFor, maintenanceView, storedFields } from './maintenance.server.ts';
import { itemRow, normalise } from './items.server.ts';
import { addReading } from './hours.server.ts';

// ---------------------------------------------------------------------------------------------
// The due list on a request, and completion by the mechanic

async function links(db: Db, requestId: string) {
  return db
    .selectFrom('maintenanceRequestLinks')
    .select(['itemId', 'squawkId', 'completedAt'])
    .where('serviceRequestId', '=', requestId)
    .execute();
}

/** The due list of the aircraft a request came from, for whoever may see the request (owner, matched mechanic, admin). */
export async function requestMaintenance(db: Db, viewer: Viewer, requestId: string): Promise<RequestMaintenance> {
  const request = await getRequest(db, viewer, requestId);
  if (!request.aircraftId) throw notFound('This request is not linked to one of the owner’s aircraft');
  const aircraft = await db.selectFrom('aircraft').selectAll().where('id', '=', request.aircraftId).executeTakeFirst();
  if (!aircraft) throw notFound('This request is not linked to one of the owner’s aircraft');
  const [view, rows] = await Promise.all([maintenanceView(db, aircraft), links(db, requestId)]);
  const ids = (key: 'itemId' | 'squawkId', done: boolean) =>
    rows.filter((r) => r[key] !== null && (!done || r.completedAt !== null)).map((r) => r[key]!);
  return {
    ...view,
    serviceRequestId: requestId,
    linkedItemIds: ids('itemId', false),
    linkedSquawkIds: ids('squawkId', false),
    completedItemIds: ids('itemId', true),
    completedSquawkIds: ids('squawkId', true),
  };
}

/**
 * The assigned mechanic records which linked items were done (date, tach) and which squawks were
 * fixed, once work has started or is completed: items take the new last-done date and hours and
 * recompute (a 100-hour carries its excess), squawks close with a note, and the reading is logged.
 */
export async function completeMaintenance(
  db: Db,
  mechanic: UserRow,
  requestId: string,
  data: MaintenanceCompletionData,
): Promise<RequestMaintenance> {
  if (!isUuid(requestId)) throw notFound('Service request not found');
  if (data.itemIds.length + data.squawkIds.length === 0)
    throw badRequest('Choose at least one item or squawk that was done');
  // Inside a caller's transaction (signing a record) it joins it, so both commit or neither does.
  await inTransaction(db, async (trx) => {
    const appointment = await trx
      .selectFrom('appointments')
      .select(['mechanicId', 'status', 'bidId'])
      .where('serviceRequestId', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!appointment || appointment.mechanicId !== mechanic.id) throw notFound('Service request not found');
    if (appointment.status !== 'in_progress' && appointment.status !== 'completed')
      throw conflict('Items can be marked done once work on the job has started');
    const request = await trx
      .selectFrom('serviceRequests')
      .select(['aircraftId', 'aircraftTailNumber'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    if (!request.aircraftId) throw notFound('This request is not linked to one of the owner’s aircraft');
    const aircraft = await trx
      .selectFrom('aircraft')
      .selectAll()
      .where('id', '=', request.aircraftId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (data.date > aircraftToday(aircraft))
      throw badRequest('Date done cannot be in the future', [
        { path: 'date', message: 'Date done cannot be in the future' },
      ]);
    const linked = await links(trx, requestId);
    for (const id of data.itemIds)
      if (!linked.some((l) => l.itemId === id))
        throw badRequest('Only the items this request was made for can be marked done');
    for (const id of data.squawkIds)
      if (!linked.some((l) => l.squawkId === id))
        throw badRequest('Only the squawks this request was made for can be resolved');
    // Work the owner deferred or declined was not done by this job (docs/decisions/0160).
    const { leftOpen } = await jobWorkDone(
      trx,
      { bidId: appointment.bidId, serviceRequestId: requestId },
      aircraftZone(aircraft.homeAirport),
    );
    for (const id of [...data.itemIds, ...data.squawkIds]) {
      const open = leftOpen.find((o) => o.id === id);
      if (open) {
        throw conflict(
          `The owner ${open.decision === 'defer' ? 'deferred' : 'declined'} "${open.title}"${open.decidedOn ? ` on ${formatDay(open.decidedOn)}` : ''}: it was not part of the approved work`,
        );
      }
    }
    await assertTach(trx, aircraft.id, data.hours, data.date, 'hours');
    const now = new Date();
    if (data.hours !== null) {
      const { clocks } = await clocksFor(trx, aircraft, aircraftToday(aircraft));
      if (clocks.currentHours === null || data.hours > clocks.currentHours)
        await addReading(trx, aircraft, data.hours, data.date);
    }
    // An annual is also the 100-hour of an aircraft used for hire (14 CFR 91.409(b)): its 100-hour
    // restarts from the annual's tach, as if done with it (docs/decisions/0362).
    const annualDone =
      aircraft.usage === 'for_hire' &&
      data.hours !== null &&
      data.itemIds.length > 0 &&
      (await trx
        .selectFrom('maintenanceItems')
        .select('id')
        .where('id', 'in', data.itemIds)
        .where('kind', '=', 'annual')
        .executeTakeFirst()) !== undefined;
    const alsoDone = annualDone
      ? (
          await trx
            .selectFrom('maintenanceItems')
            .select(['id', 'lastDoneHours'])
            .where('aircraftId', '=', aircraft.id)
            .where('kind', '=', '100_hour')
            .execute()
        )
          .filter((h) => !data.itemIds.includes(h.id))
          .filter((h) => h.lastDoneHours === null || Number(h.lastDoneHours) < data.hours!)
          .map((h) => h.id)
      : [];
    for (const id of [...data.itemIds, ...alsoDone]) {
      const row = await itemRow(trx, aircraft.id, id, true);
      const before = storedFields(row);
      const next = { ...before, lastDoneDate: data.date, lastDoneHours: data.hours ?? before.lastDoneHours };
      if (row.kind === '100_hour' && data.hours !== null) {
        const previousDue = before.lastDoneHours === null ? null : before.lastDoneHours + 100 - before.carriedHours;
        next.carriedHours = hundredHourCarry(previousDue, data.hours);
      }
      if (next.intervalHours !== null && next.lastDoneHours === null)
        throw badRequest('Tach at completion is required for an item due by hours', [
          { path: 'hours', message: 'Tach at completion is required' },
        ]);
      await trx
        .updateTable('maintenanceItems')
        .set({ ...normalise(row.kind, next), remindedStatus: null, updatedAt: now })
        .where('id', '=', id)
        .execute();
    }
    if (data.squawkIds.length > 0) {
      await trx
        .updateTable('squawks')
        .set({
          status: targetOf(SQUAWK_MACHINE, 'resolve'),
          resolvedAt: now,
          resolutionNote: data.note ?? `Resolved by ${mechanic.firstName} ${mechanic.lastName} on ${data.date}`,
          updatedAt: now,
        })
        .where('id', 'in', data.squawkIds)
        .where('status', 'in', fromStates(SQUAWK_MACHINE, 'resolve'))
        .execute();
    }
    await trx
      .updateTable('maintenanceRequestLinks')
      .set({ completedAt: now })
      .where('serviceRequestId', '=', requestId)
      .where((eb) =>
        eb.or([
          ...(data.itemIds.length ? [eb('itemId', 'in', data.itemIds)] : []),
          ...(data.squawkIds.length ? [eb('squawkId', 'in', data.squawkIds)] : []),
        ]),
      )
      .execute();
  });
  return requestMaintenance(db, { kind: 'mechanic', userId: mechanic.id }, requestId);
}

/** The note a signed job leaves on the squawks its lines fixed, dated as its entry is. */
export const fixedByJobNote = (signerName: string, day: string) =>
  `Fixed by the job signed by ${signerName} on ${formatDay(day)}`;

/**
 * A signed correction re-dates the note its superseded entry left on the squawks the job fixed
 * (docs/decisions/0464): a squawk of this request still resolved with the first signature's note
 * takes the correction's; a note written by hand, or a squawk reopened since, is left alone.
 */
export async function redateSquawkNotes(
  trx: Tx,
  serviceRequestId: string,
  from: { signerName: string; date: string },
  to: { signerName: string; date: string },
): Promise<void> {
  const before = fixedByJobNote(from.signerName, from.date);
  const after = fixedByJobNote(to.signerName, to.date);
  if (before === after) return;
  await trx
    .updateTable('squawks')
    .set({ resolutionNote: after, updatedAt: new Date() })
    .where('resolutionNote', '=', before)
    .where('status', '=', targetOf(SQUAWK_MACHINE, 'resolve'))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('maintenanceRequestLinks as l')
        .select('l.squawkId')
        .where('l.serviceRequestId', '=', serviceRequestId)
        .where('l.completedAt', 'is not', null)
        .where('l.squawkId', 'is not', null),
    )
    .execute();
}

/**
 * A signed correction moves what its superseded entry completed: the due items a job's request
 * was made for (and the 100-hour an annual restarted) whose "last done" is still the superseded
 * entry's date and total time are last done on the correction's instead, and their next due
 * follows (docs/decisions/0395-a-correction-moves-what-the-entry-moved.md). An item done again
 * since (another date or tach) is left as it is: its last done is that later work.
 */
export async function redateCompletedWork(
  trx: Tx,
  job: { aircraftId: string | null; serviceRequestId: string; annual: boolean },
  from: { date: string; hours: number | null },
  to: { date: string; hours: number | null },
): Promise<void> {
  if (job.aircraftId === null) return;
  if (from.date === to.date && from.hours === to.hours) return;
  const aircraftId = job.aircraftId;
  const rows = await trx
    .selectFrom('maintenanceItems as i')
    .selectAll('i')
    .where('i.aircraftId', '=', aircraftId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('maintenanceRequestLinks as l')
            .select('l.id')
            .whereRef('l.itemId', '=', 'i.id')
            .where('l.serviceRequestId', '=', job.serviceRequestId)
            .where('l.completedAt', 'is not', null),
        ),
        ...(job.annual ? [eb('i.kind', '=', '100_hour')] : []),
      ]),
    )
    .orderBy('i.id')
    .forUpdate()
    .execute();
  const now = new Date();
  for (const row of rows) {
    const before = storedFields(row);
    if (before.lastDoneDate !== from.date) continue;
    if (from.hours !== null && before.lastDoneHours !== from.hours) continue;
    const next = {
      ...before,
      lastDoneDate: to.date,
      lastDoneHours: from.hours !== null && to.hours !== null ? to.hours : before.lastDoneHours,
    };
    // The hours carried into the next 100-hour follow the corrected tach; when none were carried
    // the previous due is not known any more, and none are carried.
    if (row.kind === '100_hour' && from.hours !== null && to.hours !== null && before.carriedHours > 0)
      next.carriedHours = hundredHourCarry(from.hours - before.carriedHours, to.hours);
    await trx
      .updateTable('maintenanceItems')
      .set({ ...normalise(row.kind, next), remindedStatus: null, updatedAt: now })
      .where('id', '=', row.id)
      .execute();
  }
}
