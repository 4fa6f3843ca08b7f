import { sql } from 'kysely';
import type { MechanicSummary, OwnerSummary, UpcomingAppointment } from '../../contract/dashboard-summary.ts';
import { MARKETPLACE } from '../../contract/marketplace.ts';
import { fullName } from '../../server/db/full-name.ts';
import {
  ACTIVE_JOB_STATUSES,
  ACTIVE_REQUEST_STATUSES,
  QUOTABLE_REQUEST_STATUSES,
  UPCOMING_APPOINTMENT_STATUSES,
} from '../../contract/machines.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';

// The dashboards' counters and sums from the database, not from the page of rows a list loaded
// (docs/decisions/0203-dashboard-summaries.md). Each count reads one user's rows through the index
// its list pages on (filter column first), so it costs the rows it counts, never a table.

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));

/**
 * The user's next few upcoming appointments (scheduled or confirmed), soonest first, for the
 * Overview's card: through the partial index of the jobs still to do (migration 0034), whose
 * statuses are written into the text so the planner can use it.
 */
async function upcomingOf(db: Db, who: 'customer' | 'mechanic', userId: string): Promise<UpcomingAppointment[]> {
  const other = who === 'customer' ? 'mechanic' : 'customer';
  const { rows } = await sql<UpcomingAppointment & { firstName: string; lastName: string }>`
    select a.id, a.scheduled_date::text as "scheduledDate", a.scheduled_time as "scheduledTime",
           a.service_location as "serviceLocation", a.status, r.service_type as "serviceType",
           r.aircraft_tail_number as "aircraftTailNumber", u.first_name as "firstName", u.last_name as "lastName"
    from appointments a
    join service_requests r on r.id = a.service_request_id
    join users u on u.id = ${sql.ref(`a.${other}_id`)}
    where ${sql.ref(`a.${who}_id`)} = ${userId}
      and a.status in (${sql.join(UPCOMING_APPOINTMENT_STATUSES.map((s) => sql.lit(s)))})
    order by a.scheduled_date, a.scheduled_time, a.created_at, a.id
    limit ${sql.lit(MARKETPLACE.overviewItems)}`.execute(db);
  return rows.map(({ firstName, lastName, ...a }) => ({ ...a, withName: fullName({ firstName, lastName }) }));
}

/** The owner's Overview: active requests, aircraft, upcoming appointments. */
export async function ownerSummary(db: Db, ownerId: string): Promise<OwnerSummary> {
  const [{ rows }, upcoming] = await Promise.all([
    sql<{
      activeRequests: string;
      aircraft: string;
      upcomingAppointments: string;
      unreadNotifications: string;
    }>`
    select
      (select count(*) from service_requests r where r.customer_id = ${ownerId} and r.status in (${list(ACTIVE_REQUEST_STATUSES)})) as "activeRequests",
      (select count(*) from aircraft a where a.owner_id = ${ownerId}) as "aircraft",
      (select count(*) from appointments a where a.customer_id = ${ownerId} and a.status in (${list(UPCOMING_APPOINTMENT_STATUSES)})) as "upcomingAppointments",
      (select count(*) from notifications n where n.user_id = ${ownerId} and not n.is_read) as "unreadNotifications"`.execute(
      db,
    ),
    upcomingOf(db, 'customer', ownerId),
  ]);
  const row = rows[0]!;
  return {
    activeRequests: Number(row.activeRequests),
    aircraft: Number(row.aircraft),
    upcomingAppointments: Number(row.upcomingAppointments),
    unreadNotifications: Number(row.unreadNotifications),
    upcoming,
  };
}

/**
 * Each of the mechanic's jobs (appointments) with its figure in cents, the one its card shows
 * (docs/decisions/0170): kept on the appointment from its bid and lines (docs/decisions/0297), so
 * summing years of jobs reads the mechanic's appointments only.
 */
const jobsOf = (mechanicId: string) => sql`
  (select a.status, a.completed_at, a.scheduled_date, a.figure_cents as cents,
          (p.id is null or p.paid_at is not null or p.status = 'paid_outside') as paid
   from appointments a
   left join payments p on p.appointment_id = a.id
   where a.mechanic_id = ${mechanicId})`;

/**
 * The mechanic's Overview counters and Earnings sums. Months are counted in `timeZone` (the
 * browser's), by the day the job was completed (its scheduled day when no time was recorded).
 */
export async function mechanicSummary(db: Db, mechanic: UserRow, timeZone: string): Promise<MechanicSummary> {
  // A mechanic not approved sees no request and no job (their lists are a 403 and empty): none
  // available and none active; what their past jobs earned stays theirs.
  const approved = mechanic.mechanicStatus === 'approved';
  const [available, counts, months, upcoming] = await Promise.all([
    // The mechanic's matches less the requests they quoted, both read from their own indexes, then
    // each request left looked up in the small index of the open requests (migration 0035), whose
    // statuses are written into the text so the planner can use it. A busy mechanic has quoted most
    // of what matched them: 14 of 5,281 were left to look up, 5.4 ms where joining every match with
    // the 40,781 open requests took 12.5 (docs/decisions/0300). Its own statement, beside the sums.
    approved
      ? sql<{ n: string }>`
          select count(*) as n
          from (select service_request_id from service_request_matches where mechanic_id = ${mechanic.id}
                except
                select service_request_id from bids where mechanic_id = ${mechanic.id}) unquoted
          join service_requests r on r.id = unquoted.service_request_id
            and r.status in (${sql.join(QUOTABLE_REQUEST_STATUSES.map((s) => sql.lit(s)))})`
          .execute(db)
          .then((r) => Number(r.rows[0]!.n))
      : 0,
    // Active jobs are the accepted jobs still to finish. What is pending is theirs and the completed
    // jobs paid through Skyward whose charge has not gone through yet (a card to save, payment due):
    // earned is only what was paid (a job without a payment row is paid outside Skyward, as before).
    sql<{ activeJobs: string; pendingJobs: string; pendingCents: string | null }>`
      select count(*) filter (where j.status in (${list(ACTIVE_JOB_STATUSES)})) as "activeJobs",
             count(*) as "pendingJobs", sum(j.cents) as "pendingCents"
      from ${jobsOf(mechanic.id)} j
      where j.status in (${list(ACTIVE_JOB_STATUSES)}) or (j.status = 'completed' and not j.paid)`.execute(db),
    // Grouped by the month's first instant, named once per month (to_char on every job cost more
    // than the grouping).
    sql<{ month: string; jobs: string; cents: string }>`
      select to_char(g.month, 'YYYY-MM') as month, g.jobs, g.cents
      from (select date_trunc('month', coalesce(j.completed_at at time zone ${timeZone}, j.scheduled_date)) as month,
                   count(*) as jobs, sum(j.cents) as cents
            from ${jobsOf(mechanic.id)} j
            where j.status = 'completed' and j.paid
            group by 1) g
      order by g.month desc`.execute(db),
    approved ? upcomingOf(db, 'mechanic', mechanic.id) : [],
  ]);
  const c = counts.rows[0]!;
  const earnedCents = months.rows.reduce((s, m) => s + Number(m.cents), 0);
  const completedJobs = months.rows.reduce((s, m) => s + Number(m.jobs), 0);
  return {
    availableRequests: available,
    activeJobs: approved ? Number(c.activeJobs) : 0,
    upcoming,
    earnings: {
      earned: earnedCents / 100,
      completedJobs,
      averagePerJob: completedJobs ? Math.round(earnedCents / completedJobs) / 100 : 0,
      pending: Number(c.pendingCents ?? 0) / 100,
      pendingJobs: Number(c.pendingJobs),
      byMonth: months.rows.map((m) => ({ month: m.month, jobs: Number(m.jobs), total: Number(m.cents) / 100 })),
    },
  };
}
