import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/contract/routes.ts';
import { api } from '../helpers/api.ts';
import { callRoute } from '../helpers/call-route.ts';
import { testDb } from '../helpers/db.ts';
import { createUser, type TestUser } from '../helpers/users.ts';

// The dashboards' counters and sums come from the database (docs/decisions/0203): with more rows
// than one page of the lists (20), a counter computed from the rows loaded would stop at the page.

const MORE_THAN_A_PAGE = 27;

/**
 * `n` jobs of `mechanic` for `pilot` straight in the database (the accept flow has its own tests):
 * a request, its accepted bid of `total` dollars and an appointment in `status`; `completed` sets
 * when it was completed (an ISO instant).
 */
async function addJobs(
  pilot: TestUser,
  mechanic: TestUser,
  n: number,
  job: { status: string; total: number; completed?: string; requestStatus?: string; day?: number },
) {
  const { rows } = await sql<{ bidId: string }>`
    with r as (
      insert into service_requests (customer_id, aircraft_make, aircraft_model, aircraft_tail_number, aircraft_location, service_type,
                                    service_description, service_location, service_location_label, service_latitude, service_longitude, status)
      select ${pilot.id}::uuid, 'Cessna', '172', 'NS' || g, 'KPAO', 'annual_inspection', 'Summary ' || g, 'KPAO', 'KPAO', 37.46, -122.11, ${job.requestStatus ?? 'approved'}
      from generate_series(1, ${n}::int) g
      returning id),
    b as (
      insert into bids (service_request_id, mechanic_id, labor_cost, parts_cost, total_cost, estimated_hours, available_start_date, estimated_completion_date, status)
      select id, ${mechanic.id}::uuid, ${job.total}, 0, ${job.total}, 1, current_date, current_date, 'accepted' from r
      returning id, service_request_id),
    a as (
      insert into appointments (service_request_id, bid_id, mechanic_id, customer_id, scheduled_date, scheduled_time, estimated_duration, service_location, status, completed_at)
      select b.service_request_id, b.id, ${mechanic.id}::uuid, ${pilot.id}::uuid, current_date + ${job.day ?? 1}::int, '09:00', 1, 'KPAO', ${job.status}, ${job.completed ?? null}::timestamptz
      from b
      returning bid_id)
    select bid_id as "bidId" from a`.execute(testDb());
  return rows.map((r) => r.bidId);
}

describe('dashboard summaries', () => {
  it("lists the next upcoming appointments from the server when the appointments list's first page holds none", async () => {
    const pilot = await createUser('pilot');
    const mechanic = await createUser('mechanic', { mechanicStatus: 'approved' });
    // A page and more of jobs under way since last month, then two scheduled: the list shows the
    // jobs under way first, so its first page has no upcoming appointment.
    await addJobs(pilot, mechanic, 21, { status: 'in_progress', total: 100, day: -30 });
    await addJobs(pilot, mechanic, 1, { status: 'scheduled', total: 100, day: 9 });
    await addJobs(pilot, mechanic, 1, { status: 'confirmed', total: 100, day: 2 });
    await addJobs(pilot, mechanic, 1, { status: 'completed', total: 100, day: 1, completed: '2026-10-01T12:00:00Z' });
    const page = await callRoute(ROUTES.appointmentsAssigned, { as: mechanic });
    expect(page.body.map((a) => a.status)).toEqual(Array(20).fill('in_progress'));
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    for (const [route, user, withName] of [
      [ROUTES.mechanicSummary, mechanic, `${pilot.firstName} ${pilot.lastName}`],
      [ROUTES.ownerSummary, pilot, `${mechanic.firstName} ${mechanic.lastName}`],
    ] as const) {
      const res = await callRoute(route, { as: user });
      expect(res.status, res.text).toBe(200);
      expect(res.body.upcoming).toEqual([
        expect.objectContaining({ status: 'confirmed', scheduledDate: day(2), scheduledTime: '09:00', withName }),
        expect.objectContaining({ status: 'scheduled', scheduledDate: day(9), serviceLocation: 'KPAO' }),
      ]);
      expect(res.body.upcoming[0]).toMatchObject({ serviceType: 'annual_inspection', aircraftTailNumber: 'NS1' });
    }
  });

  it("counts an owner's active requests, aircraft, upcoming appointments and unread notifications past one page", async () => {
    const pilot = await createUser('pilot');
    const mechanic = await createUser('mechanic');
    const db = testDb();
    await sql`insert into aircraft (owner_id, tail_number, make, model)
              select ${pilot.id}::uuid, 'NA' || g, 'Piper', 'PA-28' from generate_series(1, ${MORE_THAN_A_PAGE}::int) g`.execute(
      db,
    );
    // Active: pending, matched or quoted; the approved requests of the jobs below are not.
    await sql`insert into service_requests (customer_id, aircraft_make, aircraft_model, aircraft_tail_number, aircraft_location, service_type,
                                            service_description, service_location, service_location_label, service_latitude, service_longitude, status)
              select ${pilot.id}::uuid, 'Piper', 'PA-28', 'NA' || g, 'PHTO', 'hundred_hour', 'Open ' || g, 'PHTO', 'PHTO', 19.72, -155.05,
                     (array['pending', 'matched', 'quoted'])[1 + g % 3]
              from generate_series(1, ${MORE_THAN_A_PAGE}::int) g`.execute(db);
    await addJobs(pilot, mechanic, MORE_THAN_A_PAGE, { status: 'scheduled', total: 100 });
    await addJobs(pilot, mechanic, 2, {
      status: 'completed',
      total: 100,
      completed: '2026-10-01T12:00:00Z',
      requestStatus: 'completed',
    });
    await sql`insert into notifications (user_id, type, title, message)
              select ${pilot.id}::uuid, 'test', 'Note ' || g, 'Summary test' from generate_series(1, 130) g`.execute(
      db,
    );

    // The lists answer a page...
    const requests = await api.get('/api/enhanced/quotes/user', { token: pilot.token });
    expect(requests.body).toHaveLength(20);
    expect(requests.headers.get('x-next-cursor')).toBeTruthy();
    // ...the summary counts them all.
    const res = await api.get('/api/dashboard/owner-summary', { token: pilot.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      activeRequests: MORE_THAN_A_PAGE,
      aircraft: MORE_THAN_A_PAGE,
      upcomingAppointments: MORE_THAN_A_PAGE,
      unreadNotifications: 130,
      upcoming: expect.any(Array),
    });
    expect(res.body.upcoming).toHaveLength(3);
  });

  it("sums a mechanic's earnings and counts their open requests and active jobs past one page", async () => {
    const pilot = await createUser('pilot');
    const mechanic = await createUser('mechanic');
    const db = testDb();
    // 25 jobs completed in October (UTC) at $100, 3 at $40 on the first of November at 03:00 UTC:
    // still October 31 in Denver.
    await addJobs(pilot, mechanic, 25, {
      status: 'completed',
      total: 100,
      completed: '2026-10-15T12:00:00Z',
      requestStatus: 'completed',
    });
    await addJobs(pilot, mechanic, 3, {
      status: 'completed',
      total: 40,
      completed: '2026-11-01T03:00:00Z',
      requestStatus: 'completed',
    });
    // An itemized job: its figure is its approved lines (120.50 + 30), not the bid's total of 999.
    const [itemized] = await addJobs(pilot, mechanic, 1, {
      status: 'completed',
      total: 999,
      completed: '2026-10-20T12:00:00Z',
      requestStatus: 'completed',
    });
    await sql`insert into bid_lines (bid_id, position, category, description, hours_tenths, rate_cents, labor_cents, parts_cents, decision)
              values (${itemized}, 1, 'inspection', 'Annual inspection', 10, 12050, 12050, 0, 'approve'),
                     (${itemized}, 2, 'airworthy', 'Replace tire', 5, 10000, 2000, 1000, 'approve'),
                     (${itemized}, 3, 'discretionary', 'Wax', 20, 10000, 20000, 0, 'decline')`.execute(db);
    // Accepted jobs still to finish, and one cancelled that counts for nothing.
    await addJobs(pilot, mechanic, 22, { status: 'confirmed', total: 250 });
    await addJobs(pilot, mechanic, 1, { status: 'cancelled', total: 5000 });
    // Open requests matched to the mechanic: 24 not quoted (available), 1 quoted by them.
    const open = await sql<{ id: string }>`
      insert into service_requests (customer_id, aircraft_make, aircraft_model, aircraft_tail_number, aircraft_location, service_type,
                                    service_description, service_location, service_location_label, service_latitude, service_longitude, status)
      select ${pilot.id}::uuid, 'Piper', 'PA-28', 'NM' || g, 'KPAO', 'hundred_hour', 'Open ' || g, 'KPAO', 'KPAO', 37.46, -122.11, 'matched'
      from generate_series(1, 25) g returning id`.execute(db);
    await sql`insert into service_request_matches (service_request_id, mechanic_id, distance_miles, via)
              select id, ${mechanic.id}::uuid, 3, 'service_radius' from unnest(${open.rows.map((r) => r.id)}::uuid[]) id`.execute(
      db,
    );
    await sql`insert into bids (service_request_id, mechanic_id, labor_cost, parts_cost, total_cost, estimated_hours, available_start_date, estimated_completion_date)
              values (${open.rows[0]!.id}, ${mechanic.id}, 10, 0, 10, 1, current_date, current_date)`.execute(db);

    const appointments = await api.get('/api/appointments/mechanic', { token: mechanic.token });
    expect(appointments.body).toHaveLength(20);
    const res = await api.get('/api/dashboard/mechanic-summary?tz=America/Denver', { token: mechanic.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      availableRequests: 24,
      activeJobs: 22,
      upcoming: expect.any(Array),
      earnings: {
        earned: 2500 + 120 + 150.5,
        completedJobs: 29,
        averagePerJob: Math.round(277050 / 29) / 100,
        pending: 22 * 250,
        pendingJobs: 22,
        byMonth: [{ month: '2026-10', jobs: 29, total: 2770.5 }],
      },
    });
    // In UTC the three jobs of November 1st fall in November.
    const utc = await api.get('/api/dashboard/mechanic-summary', { token: mechanic.token });
    expect(utc.body.earnings.byMonth).toEqual([
      { month: '2026-11', jobs: 3, total: 120 },
      { month: '2026-10', jobs: 26, total: 2650.5 },
    ]);
  });

  it("keeps a job's figure in the earnings as its bid and lines change after the job was agreed", async () => {
    // The figure is kept on the appointment by the database (docs/decisions/0297): whichever path
    // writes a bid's total or its lines, the earnings and the job's card name the same figure.
    const pilot = await createUser('pilot');
    const mechanic = await createUser('mechanic');
    const db = testDb();
    const [bidId] = await addJobs(pilot, mechanic, 1, {
      status: 'completed',
      total: 100,
      completed: '2026-10-15T12:00:00Z',
      requestStatus: 'completed',
    });
    const figures = async () => {
      const summary = await api.get('/api/dashboard/mechanic-summary', { token: mechanic.token });
      const card = await api.get('/api/appointments/mechanic', { token: mechanic.token });
      expect(summary.status, summary.text).toBe(200);
      return { earned: summary.body.earnings.earned, card: card.body[0].totalCost };
    };
    expect(await figures()).toEqual({ earned: 100, card: 100 });

    await sql`update bids set total_cost = 150, labor_cost = 150 where id = ${bidId}`.execute(db);
    expect(await figures()).toEqual({ earned: 150, card: 150 });

    // Quoted in lines: the approved ones count, the declined one does not.
    await sql`insert into bid_lines (bid_id, position, category, description, hours_tenths, rate_cents, labor_cents, parts_cents, decision)
              values (${bidId}, 1, 'inspection', 'Annual inspection', 10, 12050, 12050, 0, 'approve'),
                     (${bidId}, 2, 'discretionary', 'Wax', 20, 10000, 20000, 0, 'decline')`.execute(db);
    expect(await figures()).toEqual({ earned: 120.5, card: 120.5 });

    await sql`update bid_lines set decision = 'approve' where bid_id = ${bidId} and position = 2`.execute(db);
    expect(await figures()).toEqual({ earned: 320.5, card: 320.5 });

    await sql`delete from bid_lines where bid_id = ${bidId} and position = 1`.execute(db);
    expect(await figures()).toEqual({ earned: 200, card: 200 });

    // A figure written by hand is not taken: the database computes it.
    await sql`update appointments set figure_cents = 1 where bid_id = ${bidId}`.execute(db);
    expect(await figures()).toEqual({ earned: 200, card: 200 });
  });

  it('refuses an unknown time zone and the other role', async () => {
    const pilot = await createUser('pilot');
    const mechanic = await createUser('mechanic');
    const bad = await api.get('/api/dashboard/mechanic-summary?tz=Mars/Olympus', { token: mechanic.token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBeTruthy();
    expect((await api.get('/api/dashboard/mechanic-summary', { token: pilot.token })).status).toBe(403);
    expect((await api.get('/api/dashboard/owner-summary', { token: mechanic.token })).status).toBe(403);
    expect((await api.get('/api/dashboard/owner-summary')).status).toBe(401);
  });
});
