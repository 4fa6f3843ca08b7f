import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MAX_LINK_CHARS, MAX_QUERY_CHARS } from '../../src/server/http/paging.ts';
import { api } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { createRequest, mechanicWithProfile } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Cursor paging of the lists that grow (docs/decisions/0201-cursor-paging.md): the spec's array
// stays the answer, the next page's cursor comes in X-Next-Cursor and Link; pages walked while
// rows are added neither repeat nor skip a row of the list as it was.

interface Walked {
  ids: string[];
  pages: number;
}

/** Walks every page of `path` at `limit`, calling `between` after the first page. */
async function walk(path: string, user: TestUser, limit: number, between?: () => Promise<void>): Promise<Walked> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res: { status: number; text: string; body: Array<{ id: string }>; headers: Headers } = await api.get(
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token: user.token },
    );
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeLessThanOrEqual(limit);
    ids.push(...(res.body as Array<{ id: string }>).map((r) => r.id));
    cursor = res.headers.get('x-next-cursor');
    if (cursor) {
      expect(res.body.length).toBe(limit);
      expect(res.headers.get('link')).toContain(`cursor=${cursor}`);
      expect(res.headers.get('link')).toContain('rel="next"');
    } else {
      expect(res.headers.get('link')).toBeNull();
    }
    pages += 1;
    if (pages === 1 && between) await between();
  } while (cursor && pages < 50);
  return { ids, pages };
}

/** The ids of the whole list in one page (at most 100). */
async function whole(path: string, user: TestUser): Promise<string[]> {
  const sep = path.includes('?') ? '&' : '?';
  const res = await api.get(`${path}${sep}limit=100`, { token: user.token });
  expect(res.status, res.text).toBe(200);
  return (res.body as Array<{ id: string }>).map((r) => r.id);
}

/**
 * Walks the list 3 rows a page while `add` adds rows after the first page: every row of the list
 * as it was comes once and in order; added rows sort before the first page (a newest-first list:
 * not in this walk) or after its last row (a soonest-first list whose rows are later: at the end).
 */
async function expectStablePaging(
  path: string,
  user: TestUser,
  add: () => Promise<void>,
  added: 'before' | 'at the end' = 'before',
) {
  const before = await whole(path, user);
  expect(before.length).toBeGreaterThan(7);
  const { ids, pages } = await walk(path, user, 3, add);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.filter((id) => before.includes(id))).toEqual(before);
  const after = await whole(path, user);
  const fresh = after.filter((id) => !before.includes(id));
  expect(fresh.length).toBeGreaterThan(0);
  if (added === 'before') {
    expect(ids).toEqual(before);
    expect(pages).toBe(Math.ceil(before.length / 3));
  } else {
    expect(ids).toEqual([...before, ...fresh]);
  }
}

describe('cursor paging of the dashboard lists', () => {
  it("pages a pilot's requests, stable while requests are added", async () => {
    const pilot = await createUser('pilot');
    // Nobody covers Hilo: the requests stay pending and cost one insert each.
    for (let i = 0; i < 8; i++) await createRequest(pilot, { serviceLocation: 'PHTO', aircraftLocation: 'PHTO' });
    await expectStablePaging('/api/enhanced/quotes/user', pilot, async () => {
      await createRequest(pilot, { serviceLocation: 'PHTO', aircraftLocation: 'PHTO' });
      await createRequest(pilot, { serviceLocation: 'PHTO', aircraftLocation: 'PHTO' });
    });
    // The default page is 20; a bigger limit is served at 100.
    const first = await callRoute(ROUTES.requestsOwn, { as: pilot });
    expect(first.body).toHaveLength(10);
    expect(first.headers.get('x-next-cursor')).toBeNull();
  });

  it("pages a mechanic's matched requests, stable while requests are matched", async () => {
    const mechanic = await mechanicWithProfile({ baseLocation: 'PAKN', serviceRadius: '5' });
    const pilot = await createUser('pilot');
    for (let i = 0; i < 8; i++) await createRequest(pilot, { serviceLocation: 'PAKN', aircraftLocation: 'PAKN' });
    await expectStablePaging('/api/enhanced/quotes/mechanic', mechanic, async () => {
      await createRequest(pilot, { serviceLocation: 'PAKN', aircraftLocation: 'PAKN' });
    });
  });

  it('pages notifications and aircraft, stable while rows are added', async () => {
    const pilot = await createUser('pilot');
    const db = testDb();
    const addNotifications = (n: number) =>
      sql`insert into notifications (user_id, type, title, message)
          select ${pilot.id}::uuid, 'test', 'Note ' || g, 'Paging test' from generate_series(1, ${n}::int) g`.execute(
        db,
      );
    const addAircraft = (from: number, n: number) =>
      sql`insert into aircraft (owner_id, tail_number, make, model)
          select ${pilot.id}::uuid, 'NP' || g, 'Cessna', '172' from generate_series(${from}::int, ${from + n - 1}::int) g`.execute(
        db,
      );
    await addNotifications(9);
    await expectStablePaging(
      '/api/enhanced/notifications?unread_only=false',
      pilot,
      async () => void (await addNotifications(2)),
    );
    await addAircraft(1, 8);
    await expectStablePaging('/api/aircraft', pilot, async () => void (await addAircraft(100, 2)));
  });

  it('pages appointments soonest first, stable while appointments are added', async () => {
    const pilot = await createUser('pilot');
    const mechanic = await createUser('mechanic', { mechanicStatus: 'approved' });
    const db = testDb();
    // Jobs straight in the database (the accept flow has its own tests): a request, its accepted
    // bid and its appointment, `days` from now.
    const addJobs = (from: number, n: number) =>
      sql`with r as (
            insert into service_requests (customer_id, aircraft_make, aircraft_model, aircraft_tail_number, aircraft_location, service_type,
                                          service_description, service_location, service_location_label, service_latitude, service_longitude, status)
            select ${pilot.id}::uuid, 'Cessna', '172', 'NJ' || g, 'KPAO', 'annual_inspection', 'Paging ' || g, 'KPAO', 'KPAO', 37.46, -122.11, 'approved'
            from generate_series(${from}::int, ${from + n - 1}::int) g
            returning id, service_description),
          b as (
            insert into bids (service_request_id, mechanic_id, labor_cost, parts_cost, total_cost, estimated_hours, available_start_date, estimated_completion_date, status)
            select id, ${mechanic.id}::uuid, 100, 0, 100, 1, current_date, current_date, 'accepted' from r
            returning id, service_request_id)
          insert into appointments (service_request_id, bid_id, mechanic_id, customer_id, scheduled_date, scheduled_time, estimated_duration, service_location)
          select b.service_request_id, b.id, ${mechanic.id}::uuid, ${pilot.id}::uuid,
                 current_date + split_part(r.service_description, ' ', 2)::int, '09:00', 1, 'KPAO'
          from b join r on r.id = b.service_request_id`.execute(db);
    await addJobs(1, 8);
    // Added later in the calendar: they come after the rows already listed.
    await expectStablePaging('/api/appointments', pilot, async () => void (await addJobs(50, 2)), 'at the end');
    await expectStablePaging(
      '/api/appointments/mechanic',
      mechanic,
      async () => void (await addJobs(60, 1)),
      'at the end',
    );
  });

  it('pages the jobs still to do soonest first, then the finished ones latest first, across the page where one ends', async () => {
    const pilot = await createUser('pilot');
    const mechanic = await createUser('mechanic', { mechanicStatus: 'approved' });
    const db = testDb();
    // Jobs `day` days from now (negative: past) with a status, straight in the database.
    const addJob = (day: number, status: string, tail: string) =>
      sql`with r as (
            insert into service_requests (customer_id, aircraft_make, aircraft_model, aircraft_tail_number, aircraft_location, service_type,
                                          service_description, service_location, service_location_label, service_latitude, service_longitude, status)
            values (${pilot.id}, 'Cessna', '172', ${tail}, 'KPAO', 'annual_inspection', 'Phases', 'KPAO', 'KPAO', 37.46, -122.11, 'approved')
            returning id),
          b as (
            insert into bids (service_request_id, mechanic_id, labor_cost, parts_cost, total_cost, estimated_hours, available_start_date, estimated_completion_date, status)
            select id, ${mechanic.id}::uuid, 100, 0, 100, 1, current_date, current_date, 'accepted' from r
            returning id, service_request_id)
          insert into appointments (service_request_id, bid_id, mechanic_id, customer_id, scheduled_date, scheduled_time, estimated_duration, service_location, status)
          select b.service_request_id, b.id, ${mechanic.id}::uuid, ${pilot.id}::uuid, current_date + ${day}::int, '09:00', 1, 'KPAO', ${status}
          from b`.execute(db);
    // Years of finished work (older than any job to do), and four jobs to do, one under way.
    for (let i = 0; i < 7; i += 1) await addJob(-400 + i * 30, i % 3 === 0 ? 'cancelled' : 'completed', `NPH${i}`);
    await addJob(9, 'scheduled', 'NPO1');
    await addJob(2, 'confirmed', 'NPO2');
    await addJob(-1, 'in_progress', 'NPO3');
    await addJob(30, 'scheduled', 'NPO4');
    const tails = (rows: Array<{ aircraftTailNumber: string }>) => rows.map((r) => r.aircraftTailNumber);
    const expected = ['NPO3', 'NPO2', 'NPO1', 'NPO4', 'NPH6', 'NPH5', 'NPH4', 'NPH3', 'NPH2', 'NPH1', 'NPH0'];
    for (const [path, user] of [
      ['/api/appointments', pilot],
      ['/api/appointments/mechanic', mechanic],
    ] as const) {
      const all = await api.get(`${path}?limit=100`, { token: user.token });
      expect(tails(all.body)).toEqual(expected);
      // The default first page (no cursor) is the same list: what the Overview's upcoming reads.
      expect(tails((await api.get(path, { token: user.token })).body)).toEqual(expected);
      // Three a page: the second page ends the jobs to do and begins the finished ones.
      const { ids } = await walk(path, user, 3);
      expect(ids).toEqual((all.body as Array<{ id: string }>).map((r) => r.id));
    }
    // A cursor of another shape is refused, not guessed at.
    const bad = Buffer.from(
      JSON.stringify(['later', '2026-01-01', '09:00', '2026-01-01 00:00:00+00', pilot.id]),
    ).toString('base64url');
    const refused = await callRoute(ROUTES.appointmentsOwn, { query: { cursor: bad }, as: pilot });
    expect(refused.status).toBe(400);
    expect(detailOf(refused)).toMatch(/cursor is not valid/);
  });

  it("pages an aircraft's logbook newest first, stable while entries are signed, and searches every page", async () => {
    const pilot = await createUser('pilot');
    const mechanic = await createUser('mechanic');
    const db = testDb();
    const aircraft = await sql<{
      id: string;
    }>`insert into aircraft (owner_id, tail_number, make, model) values (${pilot.id}, 'NLOG1', 'Cessna', '182') returning id`.execute(
      db,
    );
    const aircraftId = aircraft.rows[0]!.id;
    // A completed job of its own for each entry: a job has one current entry (migration 0047).
    const newJob = async () =>
      (
        await sql<{ id: string }>`
      with r as (
        insert into service_requests (customer_id, aircraft_id, aircraft_make, aircraft_model, aircraft_tail_number, aircraft_location, service_type,
                                      service_description, service_location, service_location_label, service_latitude, service_longitude, status)
        values (${pilot.id}, ${aircraftId}, 'Cessna', '182', 'NLOG1', 'KPAO', 'annual_inspection', 'Logbook paging', 'KPAO', 'KPAO', 37.46, -122.11, 'completed')
        returning id),
      b as (
        insert into bids (service_request_id, mechanic_id, labor_cost, parts_cost, total_cost, estimated_hours, available_start_date, estimated_completion_date, status)
        select id, ${mechanic.id}::uuid, 100, 0, 100, 1, current_date, current_date, 'accepted' from r returning id, service_request_id)
      insert into appointments (service_request_id, bid_id, mechanic_id, customer_id, scheduled_date, scheduled_time, estimated_duration, service_location, status)
      select service_request_id, id, ${mechanic.id}::uuid, ${pilot.id}::uuid, current_date, '09:00', 1, 'KPAO', 'completed' from b
      returning id`.execute(db)
      ).rows[0]!.id;
    // Signed entries straight in the table (signing has its own tests), one a day back from `from`
    // days ago; two share a day and a signature time, so the id breaks the tie.
    const sign = async (from: number, n: number, words: string) => {
      for (let g = 1; g <= n; g++) {
        const appointmentId = await newJob();
        await sql`insert into maintenance_records (appointment_id, aircraft_id, owner_id, mechanic_id, status, aircraft_label, description, completed_on,
                                             performed_by, signed_at, entry_text, sha256)
            values (${appointmentId}::uuid, ${aircraftId}::uuid, ${pilot.id}::uuid, ${mechanic.id}::uuid, 'signed', 'NLOG1, Cessna 182',
                   ${`Entry ${g}`}, current_date - (${from}::int + ${g}::int / 2), 'Cole Mechanic',
                   timestamptz '2026-01-01 10:00:00+00' + (${g}::int / 2) * interval '1 day',
                   ${`${words} entry ${g}`}, md5(${String(g)}))`.execute(db);
      }
    };
    await sign(10, 9, 'Oil change');
    await sign(30, 3, 'Replaced magneto');
    const path = `/api/aircraft/${aircraftId}/logbook`;
    // Entries signed while the owner reads: newer work, at the top (not in this walk).
    await expectStablePaging(path, pilot, async () => void (await sign(0, 2, 'Tire')));
    // The search runs over every entry, not a page: the magneto entries are the oldest.
    const first = await api.get(`${path}?limit=3`, { token: pilot.token });
    expect(first.body.map((e: { text: string }) => e.text).join(' ')).not.toContain('magneto');
    const found = await api.get(`${path}?q=MAGNETO%20replaced&limit=2`, { token: pilot.token });
    expect(found.status, found.text).toBe(200);
    expect(found.body).toHaveLength(2);
    const cursor = found.headers.get('x-next-cursor');
    expect(found.headers.get('link')).toContain('q=MAGNETO');
    const rest = await api.get(`${path}?q=MAGNETO%20replaced&limit=2&cursor=${cursor}`, { token: pilot.token });
    expect([...found.body, ...rest.body].map((e: { text: string }) => e.text).sort()).toEqual([
      'Replaced magneto entry 1',
      'Replaced magneto entry 2',
      'Replaced magneto entry 3',
    ]);
    expect(rest.headers.get('x-next-cursor')).toBeNull();
    // Another owner's aircraft is not found, paged or not.
    const stranger = await createUser('pilot');
    expect((await api.get(`${path}?limit=2`, { token: stranger.token })).status).toBe(404);
  });

  it('pages the conversation threads newest activity first, stable while threads are added', async () => {
    const pilot = await createUser('pilot');
    const db = testDb();
    // Threads straight in the tables (conversations have their own tests): a mechanic and a
    // request each, the newest activity `from` minutes ago and older from there.
    const addThreads = async (from: number, n: number) => {
      for (let i = 0; i < n; i++) {
        const mechanic = await createUser('mechanic');
        await sql`
          with r as (
            insert into service_requests (customer_id, aircraft_make, aircraft_model, aircraft_tail_number, aircraft_location, service_type,
                                          service_description, service_location, service_location_label, service_latitude, service_longitude, status)
            values (${pilot.id}, 'Piper', 'PA-28', 'NCV1', 'KPAO', 'hundred_hour', 'Threads', 'KPAO', 'KPAO', 37.46, -122.11, 'matched') returning id),
          c as (
            insert into conversations (service_request_id, mechanic_id, customer_id, last_message_at)
            select id, ${mechanic.id}::uuid, ${pilot.id}::uuid, now() - ${from + i} * interval '1 minute' from r returning id),
          m as (
            insert into conversation_members (conversation_id, user_id) select id, ${pilot.id}::uuid from c union all select id, ${mechanic.id}::uuid from c)
          insert into conversation_messages (conversation_id, sender_id, kind, body) select id, ${mechanic.id}::uuid, 'message', 'Hello ' || ${i}::int from c`.execute(
          db,
        );
      }
    };
    await addThreads(60, 23);
    // The unread count covers every thread, the list a page of them.
    const unread = await callRoute(ROUTES.conversationsUnread, { as: pilot });
    expect(unread.status, unread.text).toBe(200);
    expect(unread.body).toEqual({ unread: 23 });
    const page = await callRoute(ROUTES.conversations, { as: pilot });
    expect(page.body).toHaveLength(20);
    expect(page.body.reduce((n: number, t: { unread: number }) => n + t.unread, 0)).toBe(20);
    await expectStablePaging('/api/conversations', pilot, () => addThreads(0, 2));
  });

  it('refuses a cursor it did not make and a limit below 1, and serves a large limit at 100', async () => {
    const pilot = await createUser('pilot');
    for (const cursor of [
      'nonsense',
      Buffer.from('["x","y"]').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
    ]) {
      const res = await callRoute(ROUTES.aircraftList, { query: { cursor: cursor }, as: pilot });
      expect(res.status).toBe(400);
      expect(detailOf(res)).toMatch(/cursor is not valid/);
    }
    expect((await callRoute(ROUTES.aircraftList, { query: { limit: '0' }, as: pilot })).status).toBe(400);
    expect((await callRoute(ROUTES.aircraftList, { query: { limit: 'abc' }, as: pilot })).status).toBe(400);
    await sql`insert into aircraft (owner_id, tail_number, make, model) select ${pilot.id}::uuid, 'NL' || g, 'Piper', 'PA-28' from generate_series(1, 105) g`.execute(
      testDb(),
    );
    const big = await callRoute(ROUTES.aircraftList, { query: { limit: '1000' }, as: pilot });
    expect(big.status).toBe(200);
    expect(big.body).toHaveLength(100);
    expect(big.headers.get('x-next-cursor')).toBeTruthy();
    const standard = await callRoute(ROUTES.aircraftList, { as: pilot });
    expect(standard.body).toHaveLength(20);
  });
});

describe('what a list echoes into its Link header is bounded', () => {
  it('refuses an over-long query string with a clear 414; a list with a long but fair query still links its next page', async () => {
    const admin = await createUser('admin');
    await createUser('mechanic', { mechanicStatus: 'pending' });
    await createUser('mechanic', { mechanicStatus: 'pending' });
    // 10 KB of query: echoed, it made a 20 KB Link header that Node's own fetch cannot read.
    const padding = "a'(b)".repeat(2_000);
    const long = await api.get(`/api/admin/mechanics?status=pending&limit=1&note=${padding}`, { token: admin.token });
    expect(long.status).toBe(414);
    expect(detailOf(long)).toBe(`The query string is too long: at most ${MAX_QUERY_CHARS} characters`);
    expect(long.headers.get('link')).toBeNull();

    // Sent as typed: the length checked is of these characters, not of their percent-encoding.
    const fair = await api.get(
      `/api/admin/mechanics?status=pending&limit=1&note=${'a(b)'.repeat((MAX_QUERY_CHARS - 100) / 4)}`,
      { token: admin.token },
    );
    expect(fair.status, fair.text).toBe(200);
    const link = fair.headers.get('link') ?? '';
    expect(link).toContain('rel="next"');
    // Within what HTTP clients read (Node's fetch stops at 16 KB of headers).
    expect(link.length).toBeLessThanOrEqual(MAX_LINK_CHARS);
  });
});
