import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import type { Appointment } from '../../contract/appointments.ts';
import {
  afterKey,
  cut,
  INVALID_CURSOR,
  keyOf,
  type KeyColumn,
  type PageRequest,
  type Paged,
} from '../../server/http/paging.ts';
import { labelOf } from '../../contract/options.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../server/http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import { fullName } from '../../server/db/full-name.ts';
import { toAppointment, type AppointmentRow } from './mappers.server.ts';
import { notify } from './notifications.server.ts';
import {
  ACTIVE_JOB_STATUSES,
  APPOINTMENT_MACHINE,
  FINISHED_APPOINTMENT_STATUSES,
  PAYMENT_MACHINE,
  REQUEST_MACHINE,
  type MechanicAppointmentAction,
} from '../../contract/machines.ts';
import { sql } from 'kysely';
import { transition } from '../../server/http/transition.ts';
import { assertChangeOrdersDecided, withApprovedLines } from './approved-lines.server.ts';
import { withScheduleAndParties } from './schedule/schedule.server.ts';
import { withBookingTerms } from './booking-terms.server.ts';
import { lineRows, toLine } from './lines.server.ts';
import { FIGURE_LABELS, formatHours, jobFigures } from '../../contract/job-figures.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
import { recordThreadEvent } from '../conversations/events.server.ts';
import type { OutboxAttachment } from '../../server/db/tables/foundation.ts';

const appointmentNotFound = () => notFound('Appointment not found');

/**
 * An appointment's row with what its card shows of the people, the request and the change orders:
 * the parties' contacts, where the aircraft is, the change orders waiting. Read with the row, they
 * cost a page nothing more; read after it, they were three statements more a page
 * (docs/decisions/0300).
 */
function appointmentsView(db: Db) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('users as m', 'm.id', 'a.mechanicId')
    .innerJoin('users as c', 'c.id', 'a.customerId')
    .innerJoin('serviceRequests as r', 'r.id', 'a.serviceRequestId')
    .innerJoin('bids as b', 'b.id', 'a.bidId')
    .leftJoin('ratings as rt', 'rt.appointmentId', 'a.id')
    .leftJoin('mechanicProfiles as mp', 'mp.userId', 'a.mechanicId')
    .selectAll('a')
    .select([
      'm.firstName as mechanicFirstName',
      'm.lastName as mechanicLastName',
      'c.firstName as customerFirstName',
      'c.lastName as customerLastName',
      'r.aircraftMake',
      'r.aircraftModel',
      'r.aircraftTailNumber',
      'r.serviceType',
      'b.laborCost',
      'b.partsCost',
      'b.totalCost',
      'b.warrantyPeriod',
      'rt.rating',
      'rt.review',
      // The schedule's and parties' columns (ScheduleColumns).
      'c.email as customerEmail',
      'c.phone as customerPhone',
      'm.email as mechanicEmail',
      'm.phone as mechanicPhone',
      'mp.businessName as mechanicBusinessName',
      'r.aircraftLocation',
      'r.serviceLocationLabel',
      'r.serviceLocation as requestServiceLocation',
    ])
    .select((eb) =>
      eb
        .selectFrom('changeOrders as co')
        .whereRef('co.appointmentId', '=', 'a.id')
        .where('co.status', '=', 'pending')
        .select((count) => count.fn.countAll<string>().as('n'))
        .as('pendingChangeOrders'),
    );
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof appointmentsView>['execute']>>[number];

export async function getAppointment(db: Db, id: string): Promise<Appointment> {
  const row = await appointmentsView(db).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw appointmentNotFound();
  const [appointment] = await withJobDetails(db, [row]);
  return appointment!;
}

/**
 * Appointments from their rows, with what a card adds: the approved lines and figures, the
 * schedule and parties, the booking terms. The row already carries the parties and the change
 * orders waiting; the lines, the proposals and the booking holds are read side by side after it:
 * one round trip of three statements for a page.
 */
async function withJobDetails(db: Db, rows: ViewRow[]) {
  const appointments = rows.map((r) => toAppointment(r as AppointmentRow));
  const [withLines] = await Promise.all([
    withApprovedLines(db, appointments, new Map(rows.map((r) => [r.id, Number(r.pendingChangeOrders ?? 0)]))),
    withScheduleAndParties(db, appointments, new Map(rows.map((r) => [r.id, r]))),
    withBookingTerms(db, appointments),
  ]);
  return withLines;
}

/** An appointment's place in its phase of the list: its day, then time of day, then when it was made. */
export const APPOINTMENT_KEYS: KeyColumn[] = [
  { ref: 'a.scheduled_date', type: 'date' },
  { ref: 'a.scheduled_time', type: 'text' },
  { ref: 'a.created_at', type: 'timestamptz' },
  { ref: 'a.id', type: 'uuid' },
];

/**
 * The cursor of an appointments list: the phase of the last row seen, then its key. The list shows
 * the jobs still to do first, soonest first, then the finished ones (completed, cancelled), the
 * latest first (docs/decisions/0287): a mechanic with 5,000 past jobs sees this week's on the first
 * page, and the Overview's "Upcoming Appointments" comes from the page the list loaded.
 */
export const APPOINTMENT_PAGE_KEYS: KeyColumn[] = [{ ref: 'phase', type: 'text' }, ...APPOINTMENT_KEYS];

const PHASES = {
  open: { statuses: ACTIVE_JOB_STATUSES, direction: 'asc' },
  done: { statuses: FINISHED_APPOINTMENT_STATUSES, direction: 'desc' },
} as const;
type Phase = keyof typeof PHASES;

/**
 * One phase of a user's appointments, after a row of it when one is given. The statuses are
 * written into the text (not bound): the partial index of each phase (migration 0034) is used only
 * when the planner can see the query asks for its statuses.
 */
function appointmentsInPhase(
  db: Db,
  who: 'customer' | 'mechanic',
  userId: string,
  phase: Phase,
  after: string[] | null,
  limit: number,
) {
  const { statuses, direction } = PHASES[phase];
  let query = appointmentsView(db)
    .select(keyOf(APPOINTMENT_KEYS, phase).as('pageKey'))
    .where(who === 'customer' ? 'a.customerId' : 'a.mechanicId', '=', userId)
    .where(sql<boolean>`a.status in (${sql.join(statuses.map((status) => sql.lit(status)))})`);
  if (after) query = query.where(afterKey(APPOINTMENT_KEYS, after, direction));
  return query
    .orderBy('a.scheduledDate', direction)
    .orderBy('a.scheduledTime', direction)
    .orderBy('a.createdAt', direction)
    .orderBy('a.id', direction)
    .limit(limit)
    .execute();
}

/** A pilot's appointments, or a mechanic's: those still to do soonest first, then the finished ones latest first, a page at a time. */
export async function listAppointments(
  db: Db,
  who: 'customer' | 'mechanic',
  userId: string,
  page: PageRequest,
): Promise<Paged<Appointment>> {
  const [phase, ...after] = page.after ?? ['open'];
  if (phase !== 'open' && phase !== 'done') throw badRequest(INVALID_CURSOR);
  // One row more than the page, to know whether there is a next one; a page that ends the open
  // jobs goes on with the finished ones.
  const rows =
    phase === 'open'
      ? await appointmentsInPhase(db, who, userId, 'open', page.after ? after : null, page.limit + 1)
      : [];
  if (rows.length <= page.limit)
    rows.push(
      ...(await appointmentsInPhase(
        db,
        who,
        userId,
        'done',
        phase === 'done' ? after : null,
        page.limit + 1 - rows.length,
      )),
    );
  const { rows: shown, nextCursor } = cut(rows, page.limit);
  return {
    rows: await withJobDetails(db, shown),
    nextCursor,
  };
}

/**
 * Locks a job in the one order every change to an appointment takes (docs/decisions/0301): its
 * request, then the appointment. The request is found from the appointment without a lock first;
 * the appointment row, read again under both locks, is what the caller decides on.
 */
export async function lockJob(trx: Tx, appointmentId: string) {
  const found = await trx
    .selectFrom('appointments')
    .select('serviceRequestId')
    .where('id', '=', appointmentId)
    .executeTakeFirst();
  if (!found) return undefined;
  await trx.selectFrom('serviceRequests').select('id').where('id', '=', found.serviceRequestId).forUpdate().execute();
  return trx.selectFrom('appointments').selectAll().where('id', '=', appointmentId).forUpdate().executeTakeFirst();
}

/** What the customer is told when the mechanic moves the appointment along. */
const ACTION_NOTICES: Record<MechanicAppointmentAction, { title: string; verb: string }> = {
  confirm: { title: 'Appointment confirmed', verb: 'confirmed' },
  start: { title: 'Work started', verb: 'started work on' },
  complete: { title: 'Job completed', verb: 'completed' },
};

/**
 * The assigned mechanic moves an appointment along: confirm (scheduled -> confirmed), start
 * (confirmed -> in_progress, stamping actualStartTime, request in_progress) and complete
 * (in_progress -> completed, request completed, mechanic's completedJobs + 1). Each is one
 * conditional update on the expected status, so a repeated or out-of-order call is a 409.
 */
/**
 * A job paid through Skyward starts only on a card that works (or once its mechanic says it was
 * paid another way): the payment row, read under the appointment's lock, goes through the payment
 * machine's `startWork` (docs/decisions/0310). A job without one is paid outside Skyward as before.
 */
async function assertPaymentLetsStart(trx: Tx, appointmentId: string): Promise<void> {
  const payment = await trx
    .selectFrom('payments')
    .select('status')
    .where('appointmentId', '=', appointmentId)
    .forShare()
    .executeTakeFirst();
  if (payment) transition(PAYMENT_MACHINE, payment.status, 'startWork');
}

export async function advanceAppointment(
  db: Db,
  user: UserRow,
  id: string,
  action: MechanicAppointmentAction,
  mechanicNotes: string | null,
  /** The appointment's calendar file, attached to the owner's confirmation email (docs/decisions/0165). */
  calendarFile?: (trx: Tx, id: string) => Promise<OutboxAttachment>,
  /** What commits with the step or not at all (the completion's logbook draft and payment total). */
  alongside?: (trx: Tx) => Promise<void>,
): Promise<Appointment> {
  if (user.role !== 'mechanic') throw forbidden('Only the assigned mechanic can update this appointment');
  if (!isUuid(id)) throw appointmentNotFound();
  await db.transaction().execute(async (trx) => {
    // The one lock order of a job (docs/decisions/0301): its request, then its appointment, then
    // its payment. The owner's cancellation locks the request first; taking the appointment first
    // here made the two wait for each other ("deadlock detected").
    const current = await lockJob(trx, id);
    if (!current || current.mechanicId !== user.id) throw appointmentNotFound();
    const from = current.status;
    const to = transition(APPOINTMENT_MACHINE, from, action);
    if (action === 'complete') await assertChangeOrdersDecided(trx, id);
    if (action === 'start') await assertPaymentLetsStart(trx, id);
    const now = new Date();
    await trx
      .updateTable('appointments')
      .set({
        status: to,
        updatedAt: now,
        ...(mechanicNotes ? { mechanicNotes } : {}),
        ...(action === 'confirm' ? { confirmedAt: now } : {}),
        ...(action === 'start' ? { actualStartTime: now } : {}),
        ...(action === 'complete' ? { completedAt: now } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', from)
      .execute();
    if (action !== 'confirm') await recordThreadEvent(trx, current, action === 'start' ? 'started' : 'completed');
    if (action === 'start' || action === 'complete') {
      // The request follows its appointment: approved -> in_progress -> completed (already locked).
      const request = await trx
        .selectFrom('serviceRequests')
        .select('status')
        .where('id', '=', current.serviceRequestId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('serviceRequests')
        .set({ status: transition(REQUEST_MACHINE, request.status, action), updatedAt: now })
        .where('id', '=', current.serviceRequestId)
        .execute();
    }
    if (action === 'complete') {
      await trx
        .updateTable('mechanicProfiles')
        .set((eb) => ({ completedJobs: eb('completedJobs', '+', 1), updatedAt: now }))
        .where('userId', '=', user.id)
        .execute();
    }
    if (alongside) await alongside(trx);
    const request = await trx
      .selectFrom('serviceRequests')
      .select(['serviceType', 'aircraftTailNumber'])
      .where('id', '=', current.serviceRequestId)
      .executeTakeFirstOrThrow();
    const what = `the ${labelOf(MARKETPLACE_SERVICE_TYPES, request.serviceType)} on ${request.aircraftTailNumber}`;
    const m = ACTION_NOTICES[action];
    // The completion notice names the final figure, the same one both dashboards show.
    const final =
      action === 'complete' ? jobFigures((await lineRows(trx, [current.bidId])).map(toLine), 'completed').final : null;
    await notify(trx, [current.customerId], {
      type: `appointment.${to}`,
      title: m.title,
      message:
        action === 'complete'
          ? `${fullName(user)} completed ${what}.${final ? ` ${FIGURE_LABELS.final}: ${usd.format(final.totalCost)} for ${formatHours(final.hours)} of work.` : ''} Please rate the job.`
          : `${fullName(user)} ${m.verb} ${what}.`,
      link: 'appointments',
      itemId: id,
      // The owner's confirmation email carries the appointment's calendar file.
      ...(action === 'confirm' && calendarFile ? { attachments: [await calendarFile(trx, id)] } : {}),
    });
  });
  return getAppointment(db, id);
}

/**
 * The owner rates a completed job once (1-5). The mechanic's rating becomes the average of all
 * their ratings; the mechanic is told.
 */
export async function rateAppointment(
  db: Db,
  customer: UserRow,
  id: string,
  rating: number,
  review: string | null,
): Promise<Appointment> {
  if (!isUuid(id)) throw appointmentNotFound();
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('appointments')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw appointmentNotFound();
    if (current.customerId !== customer.id) {
      if (customer.role === 'mechanic') throw forbidden('Only the customer can rate this job');
      throw appointmentNotFound();
    }
    transition(APPOINTMENT_MACHINE, current.status, 'rate');
    const inserted = await trx
      .insertInto('ratings')
      .values({ appointmentId: id, mechanicId: current.mechanicId, customerId: customer.id, rating, review })
      .onConflict((oc) => oc.column('appointmentId').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw conflict('You have already rated this job');
    // The mechanic's average and count are PostgreSQL's to keep, from the ratings themselves
    // (migration 0037): the insert above has already rewritten them.
    await notify(trx, [current.mechanicId], {
      type: 'appointment.rated',
      title: 'New rating',
      message: `${fullName(customer)} rated your work ${rating} out of 5.${review ? ` "${review}"` : ''}`,
      link: 'appointments',
    });
  });
  return getAppointment(db, id);
}
