import type { Appointment } from '../../contract/appointments.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { advanceAppointment } from '../marketplace/appointments.server.ts';
import { paymentOnAppointmentAction } from '../payments/hooks.server.ts';
import { assertCompletionTach, draftAfterCompletion } from './records.server.ts';

/**
 * The assigned mechanic completes a job: the tach reading is checked before anything changes, the
 * job is completed, its logbook entry drafted for the mechanic to review (with the reading when
 * one was given), and the payment captured when it is due.
 */
export async function completeJob(
  db: Db,
  mechanic: UserRow,
  id: string,
  { mechanicNotes, totalTimeHours }: { mechanicNotes: string | null; totalTimeHours?: number | null | undefined },
): Promise<Appointment> {
  await assertCompletionTach(db, mechanic, id, totalTimeHours);
  const appointment = await advanceAppointment(db, mechanic, id, 'complete', mechanicNotes);
  // A failure to draft never undoes the completion: the record is drafted again on its first read.
  await draftAfterCompletion(db, mechanic, id, { totalTimeHours }).catch((e: unknown) =>
    console.error('Drafting the maintenance record failed', e),
  );
  await paymentOnAppointmentAction(db, id, 'complete');
  return appointment;
}
