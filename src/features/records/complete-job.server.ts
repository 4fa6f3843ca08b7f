import type { Appointment } from '../../contract/appointments.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { advanceAppointment } from '../marketplace/appointments.server.ts';
import { paymentOnCompletion } from '../payments/payments.server.ts';
import { aogFixedWithJob } from '../aog/job-done.server.ts';
import { assertCompletionTach, draftAfterCompletion } from './records.server.ts';

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
