import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { mechanicWithProfile, notificationsOf, scheduledJob, validBid, validRequest } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';

// Appointments and notifications. Jobs sit around Spokane and Boise, where no other suite places mechanics.

const act = (id: string, action: string, token?: string, body: unknown = {}) =>
  api.post(`/api/appointments/${id}/${action}`, body, token ? { token } : {});

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
    expect(Date.now() - new Date(started.body.actualStartTime).getTime()).toBeLessThan(60_000);
    const during = await api.get(`/api/enhanced/quotes/${request.id}`, { token: pilot.token });
    expect(during.body.status).toBe('in_progress');
    expect((await notificationsOf(pilot))[0]).toMatchObject({ title: 'Work started' });

    const completed = await act(appointmentId, 'complete', mechanic.token);
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('completed');
    expect(completed.body.completedAt).toBeTruthy();
    expect((await api.get(`/api/enhanced/quotes/${request.id}`, { token: pilot.token })).body.status).toBe('completed');
    // Completed but not yet rated: still a new mechanic, whatever the stored default rating.
    expect((await api.get('/api/enhanced/mechanic-profile', { token: mechanic.token })).body).toMatchObject({
      completedJobs: 1,
      ratingCount: 0,
    });
    expect((await notificationsOf(pilot))[0]).toMatchObject({ title: 'Job completed' });

    const rated = await act(appointmentId, 'rate', pilot.token, { rating: 4, review: 'Thorough and on time.' });
    expect(rated.status).toBe(200);
    expect(rated.body).toMatchObject({ rating: 4, review: 'Thorough and on time.' });
    const profile = await api.get('/api/enhanced/mechanic-profile', { token: mechanic.token });
    expect(profile.body).toMatchObject({ rating: 4, ratingCount: 1, completedJobs: 1 });
    const quotes = await api.get('/api/enhanced/quotes/user', { token: pilot.token });
    const bid = quotes.body.find((r: { id: string }) => r.id === request.id).quotes[0];
    expect(bid).toMatchObject({ mechanicRating: 4, mechanicRatingCount: 1, mechanicCompletedJobs: 1 });
    expect((await notificationsOf(mechanic))[0]).toMatchObject({ title: 'New rating' });
    const again = await act(appointmentId, 'rate', pilot.token, { rating: 5 });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('You have already rated this job');
  });

  it('refuses illegal transitions with a 409 detail', async () => {
    const { mechanic, appointmentId } = await scheduledJob('KGEG');
    const early = await act(appointmentId, 'start', mechanic.token);
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('Confirm the appointment before starting work');
    expect((await act(appointmentId, 'complete', mechanic.token)).body.detail).toBe(
      'Start the work before completing it',
    );
    await act(appointmentId, 'confirm', mechanic.token);
    const twice = await act(appointmentId, 'confirm', mechanic.token);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('This appointment is already confirmed');
    await act(appointmentId, 'start', mechanic.token);
    await act(appointmentId, 'complete', mechanic.token);
    const done = await act(appointmentId, 'start', mechanic.token);
    expect(done.status).toBe(409);
    expect(done.body.detail).toBe('This appointment is already completed');
  });

  it('lets only the assigned mechanic move it: the pilot gets 403, another mechanic 404', async () => {
    const { pilot, appointmentId, mechanic } = await scheduledJob('KBOI');
    const byPilot = await act(appointmentId, 'confirm', pilot.token);
    expect(byPilot.status).toBe(403);
    expect(byPilot.body.detail).toBe('Only the assigned mechanic can update this appointment');
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
    const tooEarly = await act(appointmentId, 'rate', pilot.token, { rating: 5 });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.detail).toBe('You can rate a job once it is completed');
    for (const step of ['confirm', 'start', 'complete']) await act(appointmentId, step, mechanic.token);
    for (const rating of [0, 6, 3.5, 'great']) {
      const res = await act(appointmentId, 'rate', pilot.token, { rating });
      expect(res.status, String(rating)).toBe(400);
      expect(res.body.errors[0].path).toBe('rating');
    }
    expect((await act(appointmentId, 'rate', (await createUser('pilot')).token, { rating: 1 })).status).toBe(404);
    expect((await act(appointmentId, 'rate', mechanic.token, { rating: 5 })).status).toBe(403);
    expect((await act(appointmentId, 'rate', pilot.token, { rating: '5' })).status).toBe(200);
  });

  it('averages the mechanic’s ratings', async () => {
    const first = await scheduledJob('KGEG');
    for (const step of ['confirm', 'start', 'complete']) await act(first.appointmentId, step, first.mechanic.token);
    await act(first.appointmentId, 'rate', first.pilot.token, { rating: 5 });
    // A second job for the same mechanic, rated 2: average 3.5.
    const pilot = await createUser('pilot');
    const req = await api.post(
      '/api/enhanced/quotes',
      validRequest({ serviceLocation: 'KGEG', aircraftLocation: 'KGEG' }),
      { token: pilot.token },
    );
    const quote = await api.post(`/api/enhanced/quotes/${req.body.id}/bid`, validBid(), {
      token: first.mechanic.token,
    });
    const accepted = await api.post(
      `/api/enhanced/quotes/${req.body.id}/accept`,
      { bidId: quote.body.id },
      { token: pilot.token },
    );
    const id = accepted.body.appointment.id as string;
    for (const step of ['confirm', 'start', 'complete']) await act(id, step, first.mechanic.token);
    await act(id, 'rate', pilot.token, { rating: 2 });
    expect((await api.get('/api/enhanced/mechanic-profile', { token: first.mechanic.token })).body).toMatchObject({
      rating: 3.5,
      completedJobs: 2,
    });
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
    const res = await api.get('/api/enhanced/notifications?unread_only=false&limit=20', { token: user.token });
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
    expect((await api.get('/api/enhanced/notifications', { token: user.token })).body).toHaveLength(20);
    expect(
      (await api.get('/api/enhanced/notifications?limit=5', { token: user.token })).body.map(
        (n: { title: string }) => n.title,
      ),
    ).toEqual(['Note 24', 'Note 23', 'Note 22', 'Note 21', 'Note 20']);
    expect((await api.get('/api/enhanced/notifications?limit=1000', { token: user.token })).body).toHaveLength(25);
  });

  it('filters unread ones and marks one read, for its owner only', async () => {
    const user = await userWithNotifications(3);
    const other = await createUser('mechanic');
    const [newest] = (await api.get('/api/enhanced/notifications', { token: user.token })).body;
    expect(
      (await api.put(`/api/enhanced/notifications/${newest.id}/read`, undefined, { token: other.token })).status,
    ).toBe(404);
    const read = await api.put(`/api/enhanced/notifications/${newest.id}/read`, undefined, { token: user.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: newest.id, isRead: true });
    expect(
      (await api.put(`/api/enhanced/notifications/${newest.id}/read`, undefined, { token: user.token })).status,
    ).toBe(200);
    const unread = await api.get('/api/enhanced/notifications?unread_only=true', { token: user.token });
    expect(unread.body.map((n: { title: string }) => n.title)).toEqual(['Note 1', 'Note 0']);
    expect(
      (await api.put('/api/enhanced/notifications/not-a-uuid/read', undefined, { token: user.token })).status,
    ).toBe(404);
    const all = await api.put('/api/enhanced/notifications/read-all', undefined, { token: user.token });
    expect(all.body).toEqual({ success: true, updated: 2 });
    expect((await api.get('/api/enhanced/notifications?unread_only=true', { token: user.token })).body).toEqual([]);
  });

  it('refuses bad query values and anonymous callers', async () => {
    const user = await createUser('pilot');
    expect((await api.get('/api/enhanced/notifications?limit=0', { token: user.token })).status).toBe(400);
    expect((await api.get('/api/enhanced/notifications?limit=abc', { token: user.token })).status).toBe(400);
    expect((await api.get('/api/enhanced/notifications?unread_only=maybe', { token: user.token })).status).toBe(400);
    expect((await api.get('/api/enhanced/notifications')).status).toBe(401);
  });
});
