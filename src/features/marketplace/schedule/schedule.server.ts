import type { Selectable } from 'kysely';
import {
  CALENDAR_FILE_ATTACHED,
  RESCHEDULE_REASON_MESSAGE,
  type AppointmentParties,
  type Proposal,
  type ProposalData,
  type ProposedTime,
  type ScheduleView,
} from '../../../contract/appointment-schedule.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../../contract/marketplace.ts';
import type { Appointment } from '../../../contract/appointments.ts';
import { labelOf } from '../../../contract/options.ts';
import { isUuid } from '../../../contract/ids.ts';
import { PROPOSAL_MACHINE } from '../../../contract/status-machines.ts';
import type { UserRow } from '../../../server/auth/guards.server.ts';
import type { Db, Tx } from '../../../server/db/client.ts';
import type { AppointmentProposalsTable } from '../../../server/db/tables/appointment-schedule.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../server/http/errors.ts';
import { transition } from '../../../server/http/transition.ts';
import { fullName } from '../../../server/db/full-name.ts';
import { iso, isoOrNull } from '../mappers.server.ts';
import { notify } from '../notifications.server.ts';
import { todayIn } from '../../../contract/zoned-time.ts';
import { whenText } from './zoned-time.ts';
import { zoneOfPlace } from '../geo/airport-day.ts';
import type { OutboxAttachment } from '../../../server/db/tables/foundation.ts';

const appointmentNotFound = () => notFound('Appointment not found');

/** The appointment row when `user` is its owner or assigned mechanic (locked on request); 404 for anyone else. */
export async function appointmentOfParty(db: Db, user: UserRow, id: string, lock = false) {
  if (!isUuid(id)) throw appointmentNotFound();
  let q = db.selectFrom('appointments').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row || (row.customerId !== user.id && row.mechanicId !== user.id)) throw appointmentNotFound();
  return row;
}

const MOVABLE = ['scheduled', 'confirmed'];

function toProposal(row: Selectable<AppointmentProposalsTable>, names: Map<string, string>): Proposal {
  return {
    id: row.id,
    proposerRole: row.proposerRole,
    proposedByName: names.get(row.proposedBy) ?? '',
    times: row.times,
    reason: row.reason,
    reschedule: row.reschedule,
    status: row.status,
    chosen: row.chosen,
    createdAt: iso(row.createdAt),
    decidedAt: isoOrNull(row.decidedAt),
  };
}

/**
 * What an appointment's row carries for its schedule and parties: the appointments' list and
 * single reads select these columns with the row (`appointmentsView`), so only the proposals are
 * read after it.
 */
export interface ScheduleColumns {
  id: string;
  scheduleState: ScheduleView['state'];
  aircraftWhereabouts: string | null;
  customerId: string;
  customerEmail: string;
  customerPhone: string | null;
  mechanicEmail: string;
  mechanicPhone: string | null;
  mechanicBusinessName: string | null;
  aircraftLocation: string;
  serviceLocationLabel: string | null;
  requestServiceLocation: string;
}

/**
 * Adds each appointment's schedule (state, time zone, proposals) and both parties' contacts, from
 * its row's columns and one read of the page's proposals. Only ever called for answers to the
 * appointment's owner or assigned mechanic: the lists are theirs (`WHERE customer_id` or
 * `mechanic_id`) and single reads check the party first.
 */
export async function withScheduleAndParties<A extends Appointment>(
  db: Db,
  appointments: A[],
  rows: ReadonlyMap<string, ScheduleColumns>,
): Promise<A[]> {
  if (appointments.length === 0) return appointments;
  const proposals = await db
    .selectFrom('appointmentProposals')
    .selectAll()
    .where(
      'appointmentId',
      'in',
      appointments.map((a) => a.id),
    )
    .orderBy('createdAt', 'desc')
    .execute();
  return appointments.map((a) => {
    const row = rows.get(a.id);
    if (!row) return a;
    // A proposal is made by one of the job's two parties.
    const names = new Map([
      [a.mechanicId, a.mechanicName],
      [row.customerId, a.customerName],
    ]);
    const mine = proposals.filter((p) => p.appointmentId === a.id);
    const open = mine.find((p) => p.status === 'open');
    const schedule: ScheduleView = {
      state: row.scheduleState,
      // The zone of the place of work, by the rule that dates its records (airport-day.ts).
      timeZone: zoneOfPlace(row.serviceLocationLabel ?? row.requestServiceLocation),
      open: open ? toProposal(open, names) : null,
      history: mine.slice(0, 20).map((p) => toProposal(p, names)),
    };
    const parties: AppointmentParties = {
      owner: { name: a.customerName, email: row.customerEmail, phone: row.customerPhone },
      mechanic: {
        name: a.mechanicName,
        email: row.mechanicEmail,
        phone: row.mechanicPhone,
        businessName: row.mechanicBusinessName,
      },
      aircraft: {
        tailNumber: a.aircraftTailNumber,
        location: row.aircraftLocation,
        whereabouts: row.aircraftWhereabouts,
      },
    };
    return Object.assign(a, { schedule, parties });
  });
}

async function jobWhat(db: Db, serviceRequestId: string) {
  const r = await db
    .selectFrom('serviceRequests')
    .select(['serviceType', 'aircraftTailNumber', 'serviceLocationLabel', 'serviceLocation'])
    .where('id', '=', serviceRequestId)
    .executeTakeFirstOrThrow();
  return {
    what: `the ${labelOf(MARKETPLACE_SERVICE_TYPES, r.serviceType)} on ${r.aircraftTailNumber}`,
    timeZone: zoneOfPlace(r.serviceLocationLabel ?? r.serviceLocation),
  };
}

/** Proposed and picked times are not in the past where the aircraft is (years beyond are bounded by the date rule). */
function checkTimes(times: readonly ProposedTime[], timeZone: string) {
  const today = todayIn(timeZone);
  const errors = times.flatMap((t, i) =>
    t.date < today ? [{ path: `times.${i}.date`, message: 'This date has passed' }] : [],
  );
  if (errors.length) throw badRequest(errors[0]!.message, errors);
}

/**
 * Either party proposes times. The mechanic proposes first (from the quote's start date); the
 * owner may counter an open proposal of the mechanic's; once a time is agreed either party may
 * reschedule, with a reason. A new proposal answers (counters) the other party's open one.
 */
export async function proposeTimes(db: Db, user: UserRow, id: string, data: ProposalData): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const a = await appointmentOfParty(trx, user, id, true);
    const role = a.mechanicId === user.id ? 'mechanic' : 'owner';
    if (!MOVABLE.includes(a.status))
      throw conflict(
        `The time of ${a.status === 'in_progress' ? 'a job in progress' : `a ${a.status} appointment`} cannot be changed`,
      );
    const open = await trx
      .selectFrom('appointmentProposals')
      .selectAll()
      .where('appointmentId', '=', id)
      .where('status', '=', 'open')
      .forUpdate()
      .executeTakeFirst();
    if (open && open.proposerRole === role) throw conflict('Your proposal is still waiting for an answer');
    // A booking's days are on the mechanic's calendar: it moves by its own reschedule, inside its window (docs/decisions/0241).
    if (await trx.selectFrom('bookingHolds').select('id').where('appointmentId', '=', id).executeTakeFirst()) {
      throw conflict(
        role === 'owner'
          ? 'This appointment was booked from the mechanic’s calendar: use Reschedule on the booking'
          : 'This appointment was booked from your calendar: the owner reschedules it, or message the owner',
      );
    }
    if (role === 'owner' && a.scheduleState === 'unconfirmed')
      throw conflict('The mechanic proposes times first; you can pick one or counter');
    if (a.scheduleState === 'agreed' && !data.reason)
      throw badRequest('Say why the agreed time changes', [{ path: 'reason', message: RESCHEDULE_REASON_MESSAGE }]);
    const job = await jobWhat(trx, a.serviceRequestId);
    checkTimes(data.times, job.timeZone);
    const now = new Date();
    // A time was agreed: this moves it; a counter to such a proposal still does.
    const reschedule = a.scheduleState === 'agreed' || (open?.reschedule ?? false);
    if (open)
      await trx
        .updateTable('appointmentProposals')
        .set({ status: transition(PROPOSAL_MACHINE, open.status, 'counter'), decidedAt: now })
        .where('id', '=', open.id)
        .execute();
    await trx
      .insertInto('appointmentProposals')
      .values({
        appointmentId: id,
        proposedBy: user.id,
        proposerRole: role,
        times: JSON.stringify(data.times),
        reason: data.reason,
        reschedule,
        chosen: null,
      })
      .execute();
    await trx
      .updateTable('appointments')
      .set({ scheduleState: 'proposed', updatedAt: now })
      .where('id', '=', id)
      .execute();
    const other = role === 'mechanic' ? a.customerId : a.mechanicId;
    const list = data.times.map((t) => whenText(t, job.timeZone)).join('; ');
    const verb = reschedule ? 'asks to reschedule' : open ? 'proposes other times for' : 'proposes times for';
    await notify(trx, [other], {
      type: 'appointment.proposed',
      title: reschedule ? 'Reschedule requested' : 'Appointment times proposed',
      message: `${fullName(user)} ${verb} ${job.what}: ${list}.${data.reason ? ` Reason: ${data.reason}` : ''} Pick one or propose other times.`,
      link: 'appointments',
      itemId: id,
      validWhile: { rule: 'proposal_open', aboutId: id },
    });
  });
}

/** The other party picks one of the open proposal's times: the appointment takes it. */
export async function acceptProposal(
  db: Db,
  user: UserRow,
  id: string,
  proposalId: string,
  time: ProposedTime,
  /** The appointment's calendar file, attached to both parties' email (docs/decisions/0165). */
  calendarFile?: (trx: Tx, id: string) => Promise<OutboxAttachment>,
): Promise<void> {
  if (!isUuid(proposalId)) throw notFound('Proposal not found');
  await db.transaction().execute(async (trx) => {
    const a = await appointmentOfParty(trx, user, id, true);
    const role = a.mechanicId === user.id ? 'mechanic' : 'owner';
    const p = await trx
      .selectFrom('appointmentProposals')
      .selectAll()
      .where('id', '=', proposalId)
      .where('appointmentId', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!p) throw notFound('Proposal not found');
    if (p.status !== 'open')
      throw conflict(
        p.status === 'accepted'
          ? 'A time of this proposal was already picked'
          : 'This proposal was answered with other times; reload to see them',
      );
    if (p.proposerRole === role) throw forbidden('The other party picks one of your proposed times');
    if (!MOVABLE.includes(a.status))
      throw conflict(
        `The time of ${a.status === 'in_progress' ? 'a job in progress' : `a ${a.status} appointment`} cannot be changed`,
      );
    const chosen = p.times.find((t) => t.date === time.date && t.time === time.time);
    if (!chosen)
      throw badRequest('Pick one of the proposed times', [{ path: 'time', message: 'Not one of the proposed times' }]);
    const job = await jobWhat(trx, a.serviceRequestId);
    checkTimes([chosen], job.timeZone);
    const now = new Date();
    await trx
      .updateTable('appointmentProposals')
      .set({ status: transition(PROPOSAL_MACHINE, p.status, 'accept'), chosen: JSON.stringify(chosen), decidedAt: now })
      .where('id', '=', p.id)
      .execute();
    await trx
      .updateTable('appointments')
      .set({ scheduledDate: chosen.date, scheduledTime: chosen.time, scheduleState: 'agreed', updatedAt: now })
      .where('id', '=', id)
      .execute();
    await notify(trx, [a.customerId, a.mechanicId], {
      type: 'appointment.agreed',
      title: 'Appointment time agreed',
      // The email says of the calendar file what it does: carried when given (read in this
      // transaction: the new time), else where to download it.
      message: `${fullName(user)} picked ${whenText(chosen, job.timeZone)} for ${job.what}. ${calendarFile ? CALENDAR_FILE_ATTACHED : 'Add it to your calendar from the appointment (an .ics file).'}`,
      link: 'appointments',
      itemId: id,
      ...(calendarFile ? { attachments: [await calendarFile(trx, id)] } : {}),
    });
  });
}

/** The owner says where the aircraft is (hangar, FBO); only the two parties see it. */
export async function setWhereabouts(db: Db, user: UserRow, id: string, whereabouts: string | null): Promise<void> {
  const a = await appointmentOfParty(db, user, id);
  if (a.customerId !== user.id) throw forbidden('Only the aircraft owner says where the aircraft is');
  if (a.status === 'cancelled' || a.status === 'completed') throw conflict(`This appointment is ${a.status}`);
  await db
    .updateTable('appointments')
    .set({ aircraftWhereabouts: whereabouts, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}
