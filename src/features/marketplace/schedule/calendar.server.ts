import type { UserRow } from '../../../server/auth/guards.server.ts';
import type { Db } from '../../../server/db/client.ts';
import { appointmentIcs } from './calendar-file.server.ts';
import { appointmentOfParty } from './schedule.server.ts';

/** GET /api/appointments/:id/calendar.ics: the owner's or assigned mechanic's calendar file; 404 for anyone else. */
export async function appointmentCalendar(
  db: Db,
  user: UserRow,
  id: string,
): Promise<{ ics: string; filename: string }> {
  await appointmentOfParty(db, user, id);
  return appointmentIcs(db, id);
}
