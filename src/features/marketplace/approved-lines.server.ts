// What an appointment carries of its bid's lines, read by the marketplace's appointment answers and
// its completion. Its own file, importing only the lines and the contract, so the appointments
// module and the change orders (which read an appointment) do not import each other
// (docs/decisions/0004-dependency-direction.md).
import type { Appointment } from '../../contract/appointments.ts';
import { CHANGE_ORDER_MACHINE } from '../../contract/machines.ts';
import { jobFigures, stageOf } from '../../contract/job-figures.ts';
import type { BidLine, Totals } from '../../contract/line-items.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import { transition } from '../../server/http/transition.ts';
import { lineRows, toLine, totalsOf } from './lines.server.ts';

/**
 * Inside the completing transaction (appointment row locked): a change order still waiting for the
 * owner refuses completion with the change-order machine's 409 sentence.
 */
export async function assertChangeOrdersDecided(trx: Tx, appointmentId: string): Promise<void> {
  const orders = await trx
    .selectFrom('changeOrders')
    .select('status')
    .where('appointmentId', '=', appointmentId)
    .execute();
  for (const o of orders) transition(CHANGE_ORDER_MACHINE, o.status, 'completeJob');
}

export type AppointmentWithLines = Appointment & {
  quotedTotal: number;
  approvedLines: BidLine[];
  approvedTotals: Totals;
  pendingChangeOrders: number;
};

/**
 * Adds the approved lines (the bid's and its change orders'), their totals and the change orders
 * waiting, which the appointment's row counts (`pendingChangeOrders` of `appointmentsView`).
 */
export async function withApprovedLines(
  db: Db,
  appointments: Appointment[],
  pendingOf: ReadonlyMap<string, number>,
): Promise<AppointmentWithLines[]> {
  if (appointments.length === 0) return [];
  const rows = await lineRows(
    db,
    appointments.map((a) => a.bidId),
  );
  return appointments.map((a) => {
    const lines = rows.filter((r) => r.bidId === a.bidId).map(toLine);
    const approvedLines = lines.filter((l) => l.decision === 'approve');
    const approvedTotals = totalsOf(approvedLines);
    // One computation names every figure of the job (docs/decisions/0170): the price shown is the
    // figure that stands now (approved, with change orders, or final), the quote as sent stays in
    // `quotedTotal`, and the duration is the hours of that same figure.
    const figures = jobFigures(lines, stageOf(a.status));
    const current = figures.current.totals;
    const price =
      lines.length > 0
        ? {
            laborCost: current.laborCost,
            partsCost: current.partsCost,
            totalCost: current.totalCost,
            estimatedDuration: current.hours,
          }
        : {};
    return Object.assign(a, {
      quotedTotal: a.totalCost,
      ...price,
      approvedLines,
      approvedTotals,
      pendingChangeOrders: pendingOf.get(a.id) ?? 0,
      ...(lines.length > 0 ? { figures } : {}),
    });
  });
}
