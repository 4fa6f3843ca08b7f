import type { MechanicAppointmentAction } from '../../contract/machines.ts';
import type { Appointment } from '../../contract/appointments.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { advanceAppointment } from '../marketplace/appointments.server.ts';
import { appointmentIcsAttachment } from '../marketplace/schedule/calendar-file.server.ts';
import { HttpError } from '../../server/http/errors.ts';
import { fullName } from '../../server/db/full-name.ts';
import { paymentOnAppointmentAction } from './hooks.server.ts';
import { askOwnerForCard } from './payments.server.ts';

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
  const appointment = await advanceAppointment(db, mechanic, id, action, mechanicNotes, appointmentIcsAttachment).catch(
    async (error: unknown) => {
      // Refused for want of a working card: the owner is asked again (dashboard and email) before the mechanic hears why.
      if (action === 'start' && error instanceof HttpError && error.status === 409)
        await askOwnerForCard(db, id, `${fullName(mechanic)} is ready to start work.`);
      throw error;
    },
  );
  await paymentOnAppointmentAction(db, id, action);
  return appointment;
}
