import { aogStatusLabel, type AogStatusData, type AogView } from '../../contract/aog.ts';
import { timeZoneOfLabel } from '../../contract/appointment-schedule.ts';
import { AOG_MACHINE, AOG_OFFER_MACHINE } from '../../contract/aog-machine.ts';
import { BUSINESS } from '../../contract/business.ts';
import { isUuid } from '../../contract/ids.ts';
import { targetOf } from '../../contract/machines.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { forbidden } from '../../server/http/errors.ts';
import { transition } from '../../server/http/transition.ts';
import { credentialsFor } from '../integrations/api-keys.server.ts';
import { fullName } from '../../server/db/full-name.ts';
import { notify } from '../marketplace/notifications.server.ts';
import { enqueueSms, toE164 } from '../messaging/outbox.server.ts';
import { AOG_LINK_SECTION } from './dispatch.server.ts';
import { arrivalText } from './format.ts';
import { checkArrival } from './offers.server.ts';
import { aogNotFound, aogView } from './views.server.ts';

/** What the owner reads on the timeline for a status change. */
function noteFor(data: AogStatusData, zone: string, now: Date): string | null {
  const parts: string[] = [];
  if (data.arriveBy) parts.push(`On site by ${arrivalText(data.arriveBy, zone, now)}.`);
  if (data.status === 'parts_needed' && data.part)
    parts.push(`Part: ${data.part}${data.partEta ? `, expected ${arrivalText(data.partEta, zone, now)}` : ''}.`);
  if (data.note) parts.push(data.note);
  return parts.length ? parts.join(' ') : null;
}

/**
 * POST /api/aog/:id/status: only the dispatched mechanic, while the call is live; each change goes
 * on the timeline and to the owner (bell, email, and a text to the callback phone when texts can
 * leave). `fixed` closes the dispatch; the job goes on as its appointment.
 */
export async function updateStatus(
  db: Db,
  mechanic: UserRow,
  id: string,
  data: AogStatusData,
  now = new Date(),
): Promise<AogView> {
  if (!isUuid(id)) throw aogNotFound();
  if (data.arriveBy) checkArrival(data.arriveBy, now);
  if (data.partEta) checkArrival(data.partEta, now, 'partEta');
  const row = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('aogReports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw aogNotFound();
    if (row.mechanicId !== mechanic.id) {
      if (row.ownerId === mechanic.id || mechanic.role === 'mechanic' || mechanic.role === 'admin')
        throw forbidden('Only the mechanic dispatched to this aircraft can update its status');
      throw aogNotFound();
    }
    const status = transition(AOG_MACHINE, row.status, data.status);
    const zone = timeZoneOfLabel(row.airportLabel);
    const note = noteFor(data, zone, now);
    const updated = await trx
      .updateTable('aogReports')
      .set({
        status,
        ...(data.arriveBy ? { arriveBy: new Date(data.arriveBy) } : {}),
        ...(status === 'fixed' ? { closedAt: now } : {}),
        updatedAt: now,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto('aogEvents').values({ aogId: row.id, status, note, byUserId: mechanic.id }).execute();
    const said = `${fullName(mechanic)}: ${aogStatusLabel(data.status)}${note ? ` - ${note}` : ''}`;
    await notify(trx, [row.ownerId], {
      type: 'aog.status',
      title: `${row.aircraftTailNumber}: ${aogStatusLabel(data.status)}`,
      message: said,
      link: AOG_LINK_SECTION,
      itemId: row.id,
    });
    const phone = toE164(row.callbackPhone);
    if (phone && (await credentialsFor(trx, 'twilio')))
      await enqueueSms(trx, {
        kind: 'aog.status',
        to: phone,
        text: `${BUSINESS.name} ${row.aircraftTailNumber}: ${said}`,
      });
    return updated;
  });
  return aogView(db, row, mechanic);
}

/**
 * POST /api/aog/:id/cancel: the owner calls it off while nobody is dispatched (the mechanics who
 * offered are told); once someone is, the appointment is where the job is cancelled. Cancelling a
 * cancelled call answers it again.
 */
export async function cancelAog(db: Db, owner: UserRow, id: string, now = new Date()): Promise<AogView> {
  if (!isUuid(id)) throw aogNotFound();
  const row = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('aogReports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row || row.ownerId !== owner.id) throw aogNotFound();
    const status = transition(AOG_MACHINE, row.status, 'cancel');
    if (status === row.status) return row;
    const updated = await trx
      .updateTable('aogReports')
      .set({ status, closedAt: now, updatedAt: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const offered = await trx
      .updateTable('aogOffers')
      .set({ status: targetOf(AOG_OFFER_MACHINE, 'decline'), updatedAt: now })
      .where('aogId', '=', row.id)
      .returning('mechanicId')
      .execute();
    await trx
      .insertInto('aogEvents')
      .values({ aogId: row.id, status, note: 'Cancelled by the owner.', byUserId: owner.id })
      .execute();
    await notify(
      trx,
      offered.map((o) => o.mechanicId),
      {
        type: 'aog.cancelled',
        title: 'Aircraft on ground cancelled',
        message: `The owner of ${row.aircraftTailNumber} at ${row.airport} no longer needs a mechanic. Thank you for answering.`,
        link: AOG_LINK_SECTION,
      },
    );
    return updated;
  });
  return aogView(db, row, owner);
}
