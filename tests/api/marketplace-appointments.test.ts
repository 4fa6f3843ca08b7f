import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';
import { testDb } from '../helpers/db.ts';
import { mechanicWithProfile, notificationsOf, scheduledJob, validBid, validRequest } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';

// Appointments and notifications. Jobs sit around Spokane and Boise, where no other suite places mechanics.

const STEP = {
  confirm: ROUTES.appointmentConfirm,
  start: ROUTES.appointmentStart,
  complete: ROUTES.appointmentComplete,
} as const;
type Step = keyof typeof STEP;
const STEPS: Step[] = ['confirm', 'start', 'complete'];

/** One step of the assigned mechanic's (each route answers the appointment). */
const act = (id: string, action: Step, token?: string, body: { mechanicNotes?: string } = {}) =>
  callRoute(STEP[action] as typeof ROUTES.appointmentConfirm, { params: { id }, body, as: token });
/** The owner's rating; `rating` may be what no form sends, for the refusals. */
const rate = (id: string, token: string, body: { rating: unknown; review?: string }) =>
  callRoute(ROUTES.appointmentRate, { params: { id }, unchecked: body, as: token });
const profileOf = async (token: string) => (await callRoute(ROUTES.mechanicProfile, { as: token })).body;

/** A new owner's request at `airport`, quoted by `mechanic`, accepted and done: the job to rate. */
async function completedJobOf(mechanic: TestUser, airport: string) {
  const pilot = await createUser('pilot');
  const req = await callRoute(ROUTES.requestCreate, {
    body: validRequest({ serviceLocation: airport, aircraftLocation: airport }),
    as: pilot,
  });
  const quote = await callRoute(ROUTES.requestBid, {
    params: { id: req.body.id },
    body: validBid(),
    as: mechanic,
  });
  const accepted = await callRoute(ROUTES.requestAccept, {
    params: { id: req.body.id },
    body: { bidId: quote.body.id },
    as: pilot,
  });
  const id: string = accepted.body.appointment.id;
  for (const step of STEPS) await act(id, step, mechanic.token);
  return { pilot, id, requestId: req.body.id as string };
}

describe('appointment lifecycle: confirm, start, complete, rate', () => {
  it('walks scheduled -> confirmed -> in_progress -> completed, then the pilot rates it', async () => {
    const { pilot, mechanic, request, appointmentId } = await scheduledJob('KGEG');

    const confirmed = await act(appointmentId, 'confirm', mechanic.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: appointmentId, status: 'confirmed', actualStartTime: null });
    expect((await notificationsOf(pilot))[0]).toMatchObject({ title: 'Appointment confirmed' });

    const started = await act(appointmentId, 'start', mechanic.token, {
      mechanicNotes: 'Cowling off, starting the inspection.',
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      status: 'in_progress',
      mechanicNotes: 'Cowling off, starting the inspection.',
    });
    expect(Date.now() - new Date(started.body.actualStartTime!).getTime()).toBeLessThan(60_000);
    const during = await callRoute(ROUTES.request, { params: { id: request.id }, as: pilot });
    expect(during.body.status).toBe('in_progress');
    expect((await notificationsOf(pilot))[0]).toMatchObject({ title: 'Work started' });

    const completed = await act(appointmentId, 'complete', mechanic.token);
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('completed');
    expect(completed.body.completedAt).toBeTruthy();
    expect((await callRoute(ROUTES.request, { params: { id: request.id }, as: pilot })).body.status).toBe('completed');
    // Completed but not yet rated: still a new mechanic, whatever the stored default rating.
    expect(await profileOf(mechanic.token)).toMatchObject({
      completedJobs: 1,
      ratingCount: 0,
    });
    expect((await notificationsOf(pilot))[0]).toMatchObject({ title: 'Job completed' });

    const rated = await rate(appointmentId, pilot.token, { rating: 4, review: 'Thorough and on time.' });
    expect(rated.status).toBe(200);
    expect(rated.body).toMatchObject({ rating: 4, review: 'Thorough and on time.' });
    expect(await profileOf(mechanic.token)).toMatchObject({ rating: 4, ratingCount: 1, completedJobs: 1 });
    const quotes = await callRoute(ROUTES.requestsOwn, { as: pilot });
    const bid = quotes.body.find((r) => r.id === request.id)!.quotes[0];
    expect(bid).toMatchObject({ mechanicRating: 4, mechanicRatingCount: 1, mechanicCompletedJobs: 1 });
    expect((await notificationsOf(mechanic))[0]).toMatchObject({ title: 'New rating' });
    const again = await rate(appointmentId, pilot.token, { rating: 5 });
    expect(again.status).toBe(409);
    expect(detailOf(again)).toBe('You have already rated this job');
  });

  it('refuses illegal transitions with a 409 detail', async () => {
    const { mechanic, appointmentId } = await scheduledJob('KGEG');
    const early = await act(appointmentId, 'start', mechanic.token);
    expect(early.status).toBe(409);
    expect(detailOf(early)).toBe('Confirm the appointment before starting work');
    expect(detailOf(await act(appointmentId, 'complete', mechanic.token))).toBe('Start the work before completing it');
    await act(appointmentId, 'confirm', mechanic.token);
    const twice = await act(appointmentId, 'confirm', mechanic.token);
    expect(twice.status).toBe(409);
    expect(detailOf(twice)).toBe('This appointment is already confirmed');
    await act(appointmentId, 'start', mechanic.token);
    await act(appointmentId, 'complete', mechanic.token);
    const done = await act(appointmentId, 'start', mechanic.token);
    expect(done.status).toBe(409);
    expect(detailOf(done)).toBe('This appointment is already completed');
  });

  it('lets only the assigned mechanic move it: the pilot gets 403, another mechanic 404', async () => {
    const { pilot, appointmentId, mechanic } = await scheduledJob('KBOI');
    const byPilot = await act(appointmentId, 'confirm', pilot.token);
    expect(byPilot.status).toBe(403);
    expect(detailOf(byPilot)).toBe('Only the assigned mechanic can update this appointment');
    const other = await mechanicWithProfile({ baseLocation: 'PHLI', serviceRadius: 5 });
    expect((await act(appointmentId, 'confirm', other.token)).status).toBe(404);
    expect((await act('nope', 'confirm', mechanic.token)).status).toBe(404);
    expect((await act(appointmentId, 'confirm')).status).toBe(401);

    await act(appointmentId, 'confirm', mechanic.token);
    await act(appointmentId, 'start', mechanic.token);
    const completeByPilot = await act(appointmentId, 'complete', pilot.token);
    expect(completeByPilot.status).toBe(403);
  });

  it('lets only the owning pilot rate, once completed, with a whole 1-5', async () => {
    const { pilot, mechanic, appointmentId } = await scheduledJob('KBOI');
    const tooEarly = await rate(appointmentId, pilot.token, { rating: 5 });
    expect(tooEarly.status).toBe(409);
    expect(detailOf(tooEarly)).toBe('You can rate a job once it is completed');
    for (const step of STEPS) await act(appointmentId, step, mechanic.token);
    for (const rating of [0, 6, 3.5, 'great']) {
      const res = await rate(appointmentId, pilot.token, { rating });
      expect(res.status, String(rating)).toBe(400);
      expect((res.body as unknown as { errors: Array<{ path: string }> }).errors[0]!.path).toBe('rating');
    }
    expect((await rate(appointmentId, (await createUser('pilot')).token, { rating: 1 })).status).toBe(404);
    expect((await rate(appointmentId, mechanic.token, { rating: 5 })).status).toBe(403);
    expect((await rate(appointmentId, pilot.token, { rating: '5' })).status).toBe(200);
  });

  it('averages the mechanic’s ratings', async () => {
    const first = await scheduledJob('KGEG');
    for (const step of STEPS) await act(first.appointmentId, step, first.mechanic.token);
    await rate(first.appointmentId, first.pilot.token, { rating: 5 });
    // A second job for the same mechanic, rated 2: average 3.5.
    const second = await completedJobOf(first.mechanic, 'KGEG');
    await rate(second.id, second.pilot.token, { rating: 2 });
    expect(await profileOf(first.mechanic.token)).toMatchObject({
      rating: 3.5,
      completedJobs: 2,
    });
  });

  it('counts and averages every rating of a mechanic four owners rate at once, and one taken away', async () => {
    const mechanic = await mechanicWithProfile({ baseLocation: 'KBOI', serviceRadius: '5' });
    const jobs = await Promise.all([1, 2, 3, 4].map(() => completedJobOf(mechanic, 'KBOI')));
    const rated = await Promise.all(jobs.map((j, i) => rate(j.id, j.pilot.token, { rating: i < 2 ? 5 : 4 })));
    expect(rated.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // The average and its count take in all four, whichever committed first.
    expect(await profileOf(mechanic.token)).toMatchObject({ rating: 4.5, ratingCount: 4, completedJobs: 4 });
    const card = (await callRoute(ROUTES.requestsOwn, { as: jobs[0]!.pilot })).body.find(
      (r) => r.id === jobs[0]!.requestId,
    )!.quotes[0];
    expect(card).toMatchObject({ mechanicRating: 4.5, mechanicRatingCount: 4 });

    // A rating taken away outside the app (an owner's account erased, a correction by hand) is
    // counted out of both; a count or an average written by hand is replaced by the ratings' own.
    const db = testDb();
    await db.deleteFrom('ratings').where('appointmentId', '=', jobs[3]!.id).execute();
    expect(await profileOf(mechanic.token)).toMatchObject({ rating: 4.67, ratingCount: 3 });
    await sql`update mechanic_profiles set rating_count = 99, rating = 1 where user_id = ${mechanic.id}`.execute(db);
    expect(await profileOf(mechanic.token)).toMatchObject({ rating: 4.67, ratingCount: 3 });
  });
});

describe('notifications: GET /api/enhanced/notifications, PUT /{id}/read', () => {
  async function userWithNotifications(count: number) {
    const user = await createUser('pilot');
    const db = testDb();
    for (let i = 0; i < count; i += 1) {
      await db
        .insertInto('notifications')
        .values({
          userId: user.id,
          type: 'test',
          title: `Note ${i}`,
          message: `Message ${i}`,
          link: null,
          readAt: null,
        })
        .execute();
    }
    return user;
  }

  it('lists the user’s own notifications newest first, 20 by default, with the spec fields', async () => {
    const user = await userWithNotifications(25);
    await userWithNotifications(2);
    const res = await callRoute(ROUTES.notifications, { query: { unread_only: 'false', limit: 20 }, as: user });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(20);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      type: 'test',
      title: 'Note 24',
      message: 'Message 24',
      link: null,
      isRead: false,
      createdAt: expect.any(String),
    });
    expect((await callRoute(ROUTES.notifications, { as: user })).body).toHaveLength(20);
    expect((await callRoute(ROUTES.notifications, { query: { limit: 5 }, as: user })).body.map((n) => n.title)).toEqual(
      ['Note 24', 'Note 23', 'Note 22', 'Note 21', 'Note 20'],
    );
    expect((await callRoute(ROUTES.notifications, { query: { limit: 1000 }, as: user })).body).toHaveLength(25);
  });

  it('filters unread ones and marks one read, for its owner only', async () => {
    const user = await userWithNotifications(3);
    const other = await createUser('mechanic');
    const [newest] = (await callRoute(ROUTES.notifications, { as: user })).body;
    const readAs = (id: string, who: { token: string }) =>
      callRoute(ROUTES.notificationRead, { params: { id }, as: who });
    expect((await readAs(newest!.id, other)).status).toBe(404);
    const read = await readAs(newest!.id, user);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: newest!.id, isRead: true });
    expect((await readAs(newest!.id, user)).status).toBe(200);
    const unread = await callRoute(ROUTES.notifications, { query: { unread_only: 'true' }, as: user });
    expect(unread.body.map((n) => n.title)).toEqual(['Note 1', 'Note 0']);
    expect((await readAs('not-a-uuid', user)).status).toBe(404);
    const all = await callRoute(ROUTES.notificationsReadAll, { as: user });
    expect(all.body).toEqual({ success: true, updated: 2 });
    expect((await callRoute(ROUTES.notifications, { query: { unread_only: 'true' }, as: user })).body).toEqual([]);
  });

  it('refuses bad query values and anonymous callers', async () => {
    const user = await createUser('pilot');
    const list = (query: { limit?: string; unread_only?: string }, as?: { token: string }) =>
      callRoute(ROUTES.notifications, { query, as });
    expect((await list({ limit: '0' }, user)).status).toBe(400);
    expect((await list({ limit: 'abc' }, user)).status).toBe(400);
    expect((await list({ unread_only: 'maybe' }, user)).status).toBe(400);
    expect((await list({})).status).toBe(401);
  });
});
