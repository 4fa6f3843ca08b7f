import { describe, expect, it } from 'vitest';
import { VETTING_MESSAGES } from '../../src/contract/mechanic-vetting.ts';
import { api, uniqueEmail } from '../helpers/api.ts';
import { everyPage } from '../helpers/every-page.ts';
import { testDb } from '../helpers/db.ts';
import { createRequest, validBid, validProfile } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';

// A new mechanic is pending until an administrator approves it.

async function registerMechanic(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('applicant');
  const res = await api.post('/api/auth/register', {
    role: 'mechanic',
    firstName: 'Pat',
    lastName: 'Applicant',
    email,
    password: 'Torque-Wrench-88',
    location: 'San Jose, CA',
    certificationNumber: `A&P ${process.pid}${Date.now() % 100000}`,
    yearsExperience: 12,
    serviceRadius: 100,
    hourlyRate: 100,
    ...overrides,
  });
  expect(res.status).toBe(201);
  return {
    id: res.body.user.id as string,
    email,
    token: res.body.access_token as string,
    cert: res.body.user.certificationNumber as string,
  };
}

const emailsTo = (to: string) =>
  testDb().selectFrom('outbox').select(['kind', 'subject', 'bodyText']).where('toAddress', '=', to).execute();

describe('mechanic vetting', () => {
  it('a pending mechanic sees no requests and cannot bid, until an administrator approves', async () => {
    const admin = await createUser('admin');
    const pilot = await createUser('pilot');
    const mechanic = await registerMechanic();
    const stored = await testDb()
      .selectFrom('users')
      .select('mechanicStatus')
      .where('id', '=', mechanic.id)
      .executeTakeFirstOrThrow();
    expect(stored.mechanicStatus).toBe('pending');
    expect(
      (
        await api.post(
          '/api/enhanced/mechanic-profile',
          validProfile({ baseLocation: 'KSJC', serviceRadius: '60', apNumber: mechanic.cert }),
          {
            token: mechanic.token,
          },
        )
      ).status,
    ).toBe(201);
    const request = await createRequest(pilot, { serviceLocation: 'KSJC', aircraftLocation: 'KSJC' });
    expect(request.matchedMechanics.map((m) => m.mechanicId)).not.toContain(mechanic.id);

    const list = await api.get('/api/enhanced/quotes/mechanic', { token: mechanic.token });
    expect(list.status).toBe(403);
    expect(list.body.detail).toBe(VETTING_MESSAGES.pendingRequests);
    const bid = await api.post(`/api/enhanced/quotes/${request.id}/bid`, validBid(), { token: mechanic.token });
    expect(bid.status).toBe(403);
    expect(bid.body.detail).toBe(VETTING_MESSAGES.pendingBid);
    expect((await api.get(`/api/enhanced/quotes/${request.id}`, { token: mechanic.token })).status).toBe(404);

    // The lists are paged (docs/decisions/0201) and other files add mechanics too: read every page.
    // No page of the list carries a password hash.
    const everyMechanic = (status: string) =>
      everyPage(`/api/admin/mechanics?status=${status}&limit=100`, admin.token, (page) =>
        expect(JSON.stringify(page.body)).not.toMatch(/passwordHash|scrypt/),
      );
    const entry = (await everyMechanic('pending')).find((m) => m['id'] === mechanic.id);
    expect(entry).toMatchObject({
      status: 'pending',
      certificationNumber: mechanic.cert,
      email: mechanic.email,
      firstName: 'Pat',
    });

    // The approval names what was reviewed: the number shown and the IA line (docs/decisions/0350).
    const reviewed = { ...(entry!['toVerify'] as object), verifyIa: true };
    expect(reviewed).toMatchObject({ apNumber: mechanic.cert, iaAuthorization: true });
    const approved = await api.post(`/api/admin/mechanics/${mechanic.id}/approve`, reviewed, { token: admin.token });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ id: mechanic.id, status: 'approved' });
    expect(
      (await api.post(`/api/admin/mechanics/${mechanic.id}/approve`, reviewed, { token: admin.token })).status,
    ).toBe(409);
    expect((await emailsTo(mechanic.email)).map((e) => e.kind)).toContain('mechanic.approved');

    // His list is paged too, and other files' requests near KSJC are matched to him as well.
    const seen = (await everyPage<{ id: string }>('/api/enhanced/quotes/mechanic?limit=100', mechanic.token)).map(
      (r) => r.id,
    );
    expect(seen).toContain(request.id);
    expect(
      (await api.post(`/api/enhanced/quotes/${request.id}/bid`, validBid(), { token: mechanic.token })).status,
    ).toBe(201);
    expect((await everyMechanic('approved')).map((m) => m['id'])).toContain(mechanic.id);
  });

  it('rejects with a reason, emailed; the rejected mechanic is told why it cannot work', async () => {
    const admin = await createUser('admin');
    const mechanic = await registerMechanic();
    const noReason = await api.post(
      `/api/admin/mechanics/${mechanic.id}/reject`,
      { reason: '  ' },
      { token: admin.token },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.detail).toBe('Reason is required');
    const res = await api.post(
      `/api/admin/mechanics/${mechanic.id}/reject`,
      { reason: 'Certificate number not found in the FAA registry.' },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'rejected',
      reviewReason: 'Certificate number not found in the FAA registry.',
    });
    const [email] = (await emailsTo(mechanic.email)).filter((e) => e.kind === 'mechanic.rejected');
    expect(email?.bodyText).toContain('Certificate number not found in the FAA registry.');
    const list = await api.get('/api/enhanced/quotes/mechanic', { token: mechanic.token });
    expect(list.status).toBe(403);
    expect(list.body.detail).toBe(VETTING_MESSAGES.rejected);
    const pending = await api.get('/api/admin/mechanics?status=pending', { token: admin.token });
    expect((pending.body as Array<{ id: string }>).map((m) => m.id)).not.toContain(mechanic.id);
  });

  it('is for administrators only, and answers clear 4xx for bad input', async () => {
    const admin = await createUser('admin');
    const mechanic = await createUser('mechanic');
    const pilot = await createUser('pilot');
    for (const token of [mechanic.token, pilot.token]) {
      expect((await api.get('/api/admin/mechanics?status=pending', { token })).status).toBe(403);
      expect(
        (
          await api.post(
            `/api/admin/mechanics/${mechanic.id}/approve`,
            { apNumber: null, iaAuthorization: false },
            { token },
          )
        ).status,
      ).toBe(403);
      expect((await api.post(`/api/admin/mechanics/${mechanic.id}/reject`, { reason: 'x' }, { token })).status).toBe(
        403,
      );
    }
    expect((await api.get('/api/admin/mechanics')).status).toBe(401);
    const badStatus = await api.get('/api/admin/mechanics?status=everyone', { token: admin.token });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.detail).toBe('Status must be pending, approved or rejected');
    const named = { apNumber: null, iaAuthorization: false };
    expect((await api.post('/api/admin/mechanics/not-a-uuid/approve', named, { token: admin.token })).status).toBe(404);
    expect((await api.post(`/api/admin/mechanics/${pilot.id}/approve`, named, { token: admin.token })).status).toBe(
      404,
    );
  });

  it('limits the service radius to 500 miles, at sign-up and in the profile', async () => {
    const wide = await api.post('/api/auth/register', {
      role: 'mechanic',
      firstName: 'Far',
      lastName: 'Reach',
      email: uniqueEmail('far'),
      password: 'Long-Range-3000',
      serviceRadius: 3000,
    });
    expect(wide.status).toBe(400);
    expect(wide.body.detail).toBe('Service radius must be a whole number between 0 and 500');
    const mechanic = await createUser('mechanic');
    const profile = await api.post('/api/enhanced/mechanic-profile', validProfile({ serviceRadius: '501' }), {
      token: mechanic.token,
    });
    expect(profile.status).toBe(400);
    expect(profile.body.detail).toMatch(/Service radius/);
    expect(
      (
        await api.post('/api/enhanced/mechanic-profile', validProfile({ serviceRadius: '500' }), {
          token: mechanic.token,
        })
      ).status,
    ).toBe(201);
  });
});
