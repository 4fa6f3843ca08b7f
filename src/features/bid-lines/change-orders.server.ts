import { sql } from 'kysely';
import { type ChangeOrder, type ChangeOrderData, type DecisionData, type WorkOrder } from '../../contract/bid-lines.ts';
import type { BidLine } from '../../contract/line-items.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import { APPOINTMENT_MACHINE, CHANGE_ORDER_MACHINE } from '../../contract/machines.ts';
import { labelOf } from '../../contract/options.ts';
import { isUuid } from '../../contract/ids.ts';
import type { RefusedLine } from '../../contract/line-coverage.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { badRequest, forbidden, notFound } from '../../server/http/errors.ts';
import { transition } from '../../server/http/transition.ts';
import { getAppointment } from '../marketplace/appointments.server.ts';
import { fullName } from '../../server/db/full-name.ts';
import { iso, isoOrNull } from '../marketplace/mappers.server.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { enqueueSms, toE164 } from '../messaging/outbox.server.ts';
import { credentialsFor } from '../integrations/api-keys.server.ts';
import { BUSINESS } from '../../contract/business.ts';
import { FIGURE_LABELS, jobFigures } from '../../contract/job-figures.ts';
import {
  categoryTotalsOf,
  decideLines,
  insertLines,
  lineRows,
  newLines,
  toLine,
  totalsOf,
} from '../marketplace/lines.server.ts';
import { recordThreadEvent } from '../conversations/events.server.ts';
import { aircraftZone } from '../marketplace/geo/airport-day.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const appointmentNotFound = () => notFound('Appointment not found');

/** The appointment row if `user` is its owner or assigned mechanic; 404 for anyone else. */
async function appointmentFor(db: Db, user: UserRow, id: string, lock = false) {
  if (!isUuid(id)) throw appointmentNotFound();
  let q = db.selectFrom('appointments').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row || (row.customerId !== user.id && row.mechanicId !== user.id)) throw appointmentNotFound();
  return row;
}

async function jobLabel(db: Db, serviceRequestId: string) {
  const r = await db
    .selectFrom('serviceRequests')
    .select(['serviceType', 'aircraftTailNumber', 'aircraftId'])
    .where('id', '=', serviceRequestId)
    .executeTakeFirstOrThrow();
  return {
    aircraftId: r.aircraftId,
    what: `the ${labelOf(MARKETPLACE_SERVICE_TYPES, r.serviceType)} on ${r.aircraftTailNumber}`,
  };
}

function toChangeOrder(
  row: {
    id: string;
    appointmentId: string;
    status: ChangeOrder['status'];
    note: string | null;
    documentIds: string[];
    createdAt: Date;
    decidedAt: Date | null;
  },
  lines: BidLine[],
): ChangeOrder {
  const mine = lines.filter((l) => l.changeOrderId === row.id);
  return {
    id: row.id,
    appointmentId: row.appointmentId,
    status: row.status,
    note: row.note,
    documentIds: row.documentIds,
    lines: mine,
    totals: totalsOf(mine),
    createdAt: iso(row.createdAt),
    decidedAt: isoOrNull(row.decidedAt),
  };
}

async function changeOrdersOf(db: Db, appointmentId: string, bidId: string): Promise<ChangeOrder[]> {
  const [rows, lines] = await Promise.all([
    db
      .selectFrom('changeOrders')
      .selectAll()
      .where('appointmentId', '=', appointmentId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    lineRows(db, [bidId]),
  ]);
  const all = lines.map(toLine);
  return rows.map((r) => toChangeOrder(r, all));
}

/**
 * The assigned mechanic adds lines found during the work. The appointment row is locked (the job
 * cannot be completed meanwhile) and must be in progress; photos are documents of this job.
 */
export async function createChangeOrder(
  db: Db,
  mechanic: UserRow,
  appointmentId: string,
  data: ChangeOrderData,
): Promise<ChangeOrder> {
  const id = await db.transaction().execute(async (trx) => {
    const appointment = await appointmentFor(trx, mechanic, appointmentId, true);
    if (appointment.mechanicId !== mechanic.id) throw forbidden('Only the assigned mechanic can add a change order');
    transition(APPOINTMENT_MACHINE, appointment.status, 'changeOrder');
    const job = await jobLabel(trx, appointment.serviceRequestId);
    if (data.documentIds.length) {
      const docs = await trx
        .selectFrom('documents')
        .select('id')
        .where('id', 'in', data.documentIds)
        .where((eb) =>
          eb.or([eb('serviceRequestId', '=', appointment.serviceRequestId), eb('uploadedBy', '=', mechanic.id)]),
        )
        .execute();
      const known = new Set(docs.map((d) => d.id));
      const missing = data.documentIds.findIndex((d) => !known.has(d));
      if (missing >= 0)
        throw badRequest('A photo is not a document of this job', [
          { path: `documentIds.${missing}`, message: 'Not a document of this job' },
        ]);
    }
    const order = await trx
      .insertInto('changeOrders')
      .values({
        appointmentId,
        mechanicId: mechanic.id,
        note: data.note,
        documentIds: data.documentIds,
        decidedAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lines = newLines(data.lines);
    await insertLines(trx, appointment.bidId, job.aircraftId, lines, { changeOrderId: order.id });
    await recordThreadEvent(trx, appointment, 'change_order');
    const total = lines.reduce((s, l) => s + l.laborCents + l.partsCents, 0) / 100;
    const message = `${fullName(mechanic)} found ${lines.length === 1 ? 'one more item' : `${lines.length} more items`} during ${job.what} (${usd.format(total)}). Please approve, defer or decline each; the job cannot be completed until you decide.`;
    await notify(trx, [appointment.customerId], {
      type: 'change_order.created',
      title: 'Change order to decide',
      message,
      link: 'appointments',
      itemId: appointmentId,
      validWhile: { rule: 'change_order_open', aboutId: appointmentId },
    });
    // And by text when the business has an active Twilio key and the owner gave a phone number.
    const owner = await trx
      .selectFrom('users')
      .select('phone')
      .where('id', '=', appointment.customerId)
      .executeTakeFirst();
    const phone = toE164(owner?.phone);
    if (phone && (await credentialsFor(trx, 'twilio'))) {
      await enqueueSms(trx, {
        kind: 'marketplace.change_order.created',
        to: phone,
        text: `${BUSINESS.name}: change order to decide. ${message}`,
      });
    }
    return order.id;
  });
  const appointment = await db
    .selectFrom('appointments')
    .select('bidId')
    .where('id', '=', appointmentId)
    .executeTakeFirstOrThrow();
  return (await changeOrdersOf(db, appointmentId, appointment.bidId)).find((c) => c.id === id)!;
}

/** The owner decides every line of a pending change order; the mechanic is told the new approved total. */
export async function decideChangeOrder(
  db: Db,
  owner: UserRow,
  appointmentId: string,
  changeOrderId: string,
  decisions: readonly DecisionData[],
): Promise<ChangeOrder> {
  if (!isUuid(changeOrderId)) throw notFound('Change order not found');
  const bidId = await db.transaction().execute(async (trx) => {
    const appointment = await appointmentFor(trx, owner, appointmentId, true);
    if (appointment.customerId !== owner.id) throw forbidden('Only the aircraft owner can decide a change order');
    const order = await trx
      .selectFrom('changeOrders')
      .selectAll()
      .where('id', '=', changeOrderId)
      .where('appointmentId', '=', appointmentId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound('Change order not found');
    const next = transition(CHANGE_ORDER_MACHINE, order.status, 'decide');
    const rows = await trx
      .selectFrom('bidLines')
      .selectAll()
      .where('changeOrderId', '=', order.id)
      .orderBy('position')
      .forUpdate()
      .execute();
    await decideLines(trx, rows, decisions, 'refuse', 'change order');
    await trx
      .updateTable('changeOrders')
      .set({ status: next, decidedAt: new Date() })
      .where('id', '=', order.id)
      .execute();
    const figures = jobFigures((await lineRows(trx, [appointment.bidId])).map(toLine), 'accepted');
    const job = await jobLabel(trx, appointment.serviceRequestId);
    await notify(trx, [appointment.mechanicId], {
      type: 'change_order.decided',
      title: 'Change order decided',
      message: `${fullName(owner)} decided your change order for ${job.what}. ${figures.current.label}: ${usd.format(figures.current.totals.totalCost)} (${FIGURE_LABELS.approved.toLowerCase()} at acceptance: ${usd.format(figures.approved!.totalCost)}).`,
      link: 'appointments',
      itemId: appointmentId,
    });
    return appointment.bidId;
  });
  return (await changeOrdersOf(db, appointmentId, bidId)).find((c) => c.id === changeOrderId)!;
}

export async function listChangeOrders(db: Db, user: UserRow, appointmentId: string): Promise<ChangeOrder[]> {
  const appointment = await appointmentFor(db, user, appointmentId);
  return changeOrdersOf(db, appointmentId, appointment.bidId);
}

/** The work order / invoice of a job: approved lines by category, deferred and declined ones, change orders. */
export async function workOrder(db: Db, user: UserRow, appointmentId: string): Promise<WorkOrder> {
  await appointmentFor(db, user, appointmentId);
  const appointment = await getAppointment(db, appointmentId);
  const [rows, changeOrders] = await Promise.all([
    lineRows(db, [appointment.bidId]),
    changeOrdersOf(db, appointmentId, appointment.bidId),
  ]);
  const lines = rows.map(toLine);
  const approved = lines.filter((l) => l.decision === 'approve');
  const approvedTotals = totalsOf(approved);
  return {
    appointmentId: appointment.id,
    serviceRequestId: appointment.serviceRequestId,
    bidId: appointment.bidId,
    status: appointment.status,
    aircraftTailNumber: appointment.aircraftTailNumber,
    aircraftMake: appointment.aircraftMake,
    aircraftModel: appointment.aircraftModel,
    serviceType: appointment.serviceType,
    serviceLocation: appointment.serviceLocation,
    scheduledDate: appointment.scheduledDate,
    mechanicName: appointment.mechanicName,
    customerName: appointment.customerName,
    warrantyPeriod: appointment.warrantyPeriod,
    lines,
    approved: { lines: approved, totals: approvedTotals, categoryTotals: categoryTotalsOf(approved) },
    totals: approvedTotals,
    decisions: lines.map((l) => ({ lineId: l.id, decision: l.decision })),
    deferred: lines.filter((l) => l.decision === 'defer'),
    declined: lines.filter((l) => l.decision === 'decline'),
    awaiting: lines.filter((l) => l.decision === null && l.changeOrderId !== null),
    changeOrders,
    quoted: totalsOf(lines.filter((l) => l.changeOrderId === null)),
  };
}

/**
 * Airworthiness lines the owner deferred on an accepted quote or change order for this aircraft
 * and not done since: its squawk resolved or due item signed off after the deferral, or a later
 * completed job that approved a line for the same squawk, due item or (for a line naming neither)
 * the same description. What they do to the verdict is the rule's (`verdict` in
 * maintenance/rules.ts): one that answers a due item is judged by that item.
 */
export async function deferredAirworthyLines(db: Db, aircraftId: string): Promise<RefusedLine[]> {
  // The deferral's day is the local day at the aircraft's airport, as the sign-off's date is.
  const aircraft = await db
    .selectFrom('aircraft')
    .select('homeAirport')
    .where('id', '=', aircraftId)
    .executeTakeFirst();
  const timeZone = aircraftZone(aircraft?.homeAirport);
  const rows = await sql<{ description: string; dueItemId: string | null; squawkId: string | null }>`
    select l.description, l.due_item_id as "dueItemId", l.squawk_id as "squawkId"
    from bid_lines l
    join bids b on b.id = l.bid_id and b.status = 'accepted'
    join service_requests r on r.id = b.service_request_id
    left join squawks s on s.id = l.squawk_id
    left join maintenance_items i on i.id = l.due_item_id
    where r.aircraft_id = ${aircraftId}
      and l.category = 'airworthy' and l.decision = 'defer'
      and not (s.id is not null and s.status = 'resolved' and s.resolved_at >= l.decided_at)
      and not (i.id is not null and i.last_done_date >= (l.decided_at at time zone ${timeZone})::date)
      and not exists (
        select 1
        from bid_lines l2
        join bids b2 on b2.id = l2.bid_id and b2.status = 'accepted'
        join service_requests r2 on r2.id = b2.service_request_id and r2.aircraft_id = r.aircraft_id
        join appointments a2 on a2.bid_id = b2.id and a2.status = 'completed' and a2.completed_at > l.decided_at
        where l2.decision = 'approve' and l2.id <> l.id
          and (l2.squawk_id = l.squawk_id or l2.due_item_id = l.due_item_id
               or (l.squawk_id is null and l.due_item_id is null and lower(l2.description) = lower(l.description)))
      )
    order by l.decided_at, l.position
  `.execute(db);
  return rows.rows.map((r) => ({ ...r, category: 'airworthy' as const }));
}
