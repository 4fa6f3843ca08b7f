import type { Appointment } from '../../contract/appointments.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { advanceAppointment } from '../marketplace/appointments.server.ts';
import { paymentOnCompletion } from '../payments/payment-terms.server.ts';
import { aogFixedWithJob } from '../aog/job-done.server.ts';
import { draftAfterCompletion } from './record-draft.server.ts';
import { isUuid } from '../../contract/ids.ts';
import { aircraftZone, dayInZone } from '../marketplace/geo/airport-day.ts';
import { assertTach } from '../maintenance/tach-rule.server.ts';

/**
 * The assigned mechanic completes a job: the tach reading is checked before anything changes, the
 * job is completed and its logbook entry drafted for the mechanic to review (with the reading when
 * one was given); the payment is charged when the entry is signed. A job that was an aircraft-on-
 * ground call closes that call as fixed.
 */
export async function completeJob(
  db: Db,
  mechanic: UserRow,
  id: string,
  { mechanicNotes, totalTimeHours }: { mechanicNotes: string | null; totalTimeHours?: number | null | undefined },
): Promise<Appointment> {
  await assertCompletionTach(db, mechanic, id, totalTimeHours);
  // One transaction: the completion, its entry's draft and the payment's total commit together or
  // not at all, so a completed job always has its entry and nothing reads "no entry" as "nothing
  // to sign" (docs/decisions/0301). The charge waits for the signature.
  return advanceAppointment(db, mechanic, id, 'complete', mechanicNotes, undefined, async (trx) => {
    await draftAfterCompletion(trx, mechanic, id, { totalTimeHours });
    await paymentOnCompletion(trx, id);
    await aogFixedWithJob(trx, id, mechanic.id);
  });
}

/**
 * The completion's tach reading follows the one tach rule (tach-rule.server.ts): checked before
 * the job is completed, so a refused reading completes nothing. Only the job's mechanic completes;
 * anyone else is answered by the completion itself.
 */
export async function assertCompletionTach(
  db: Db,
  user: UserRow,
  appointmentId: string,
  hours: number | null | undefined,
): Promise<void> {
  if (hours === null || hours === undefined || !isUuid(appointmentId)) return;
  const row = await db
    .selectFrom('appointments as a')
    .innerJoin('serviceRequests as r', 'r.id', 'a.serviceRequestId')
    .leftJoin('aircraft as p', 'p.id', 'r.aircraftId')
    .select(['a.mechanicId', 'r.aircraftId', 'r.aircraftLocation', 'p.homeAirport'])
    .where('a.id', '=', appointmentId)
    .executeTakeFirst();
  if (!row || row.mechanicId !== user.id) return;
  const today = dayInZone(aircraftZone(row.homeAirport, row.aircraftLocation));
  await assertTach(db, row.aircraftId, hours, today, 'totalTimeHours');
}
