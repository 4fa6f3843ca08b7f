import type { MechanicAppointmentAction } from '../../contract/machines.ts';
import type { Appointment } from '../../contract/appointments.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { advanceAppointment } from '../marketplace/appointments.server.ts';
import { appointmentIcsAttachment } from '../marketplace/schedule/calendar-file.server.ts';
import { paymentOnAppointmentAction } from './hooks.server.ts';

/**
 * The assigned mechanic confirms or starts a job: the step itself, the owner's confirmation email
 * with the appointment's calendar file, then what the step means for the deposit (released at the
 * start). The payment follows the committed step and never undoes it.
 */
export async function advanceJob(
  db: Db,
  mechanic: UserRow,
  id: string,
  action: Exclude<MechanicAppointmentAction, 'complete'>,
  mechanicNotes: string | null,
): Promise<Appointment> {
  const appointment = await advanceAppointment(db, mechanic, id, action, mechanicNotes, appointmentIcsAttachment);
  await paymentOnAppointmentAction(db, id, action);
  return appointment;
}
