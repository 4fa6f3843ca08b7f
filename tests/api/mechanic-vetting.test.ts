import { describe, expect, it } from 'vitest';
import { VETTING_MESSAGES } from '../../src/contract/mechanic-vetting.ts';
import { uniqueEmail } from '../helpers/api.ts';
import { everyPage } from '../helpers/every-page.ts';
import { testDb } from '../helpers/db.ts';
import { createRequest, validBid, validProfile } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// A new mechanic is pending until an administrator approves it.

async function registerMechanic(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('applicant');
  const res = await callRoute(ROUTES.authRegister, {
    body: {
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
    },
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
        await callRoute(ROUTES.mechanicProfileSave, {
          body: validProfile({ baseLocation: 'KSJC', serviceRadius: '60', apNumber: mechanic.cert }),
          as: mechanic,
        })
      ).status,
    ).toBe(201);
    const request = await createRequest(pilot, { serviceLocation: 'KSJC', aircraftLocation: 'KSJC' });
    expect(request.matchedMechanics.map((m) => m.mechanicId)).not.toContain(mechanic.id);

    const list = await callRoute(ROUTES.requestsMatched, { as: mechanic });
    expect(list.status).toBe(403);
    expect(detailOf(list)).toBe(VETTING_MESSAGES.pendingRequests);
    const bid = await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: validBid(), as: mechanic });
    expect(bid.status).toBe(403);
    expect(detailOf(bid)).toBe(VETTING_MESSAGES.pendingBid);
    expect((await callRoute(ROUTES.request, { params: { id: request.id }, as: mechanic })).status).toBe(404);

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
    const approved = await callRoute(ROUTES.adminMechanicApprove, {
      params: { id: mechanic.id },
      unchecked: reviewed,
      as: admin,
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ id: mechanic.id, status: 'approved' });
    expect(
      (await callRoute(ROUTES.adminMechanicApprove, { params: { id: mechanic.id }, unchecked: reviewed, as: admin }))
        .status,
    ).toBe(409);
    expect((await emailsTo(mechanic.email)).map((e) => e.kind)).toContain('mechanic.approved');

    // His list is paged too, and other files' requests near KSJC are matched to him as well.
    const seen = (await everyPage<{ id: string }>('/api/enhanced/quotes/mechanic?limit=100', mechanic.token)).map(
      (r) => r.id,
    );
    expect(seen).toContain(request.id);
    expect(
      (await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: validBid(), as: mechanic })).status,
    ).toBe(201);
    expect((await everyMechanic('approved')).map((m) => m['id'])).toContain(mechanic.id);
  });

  it('rejects with a reason, emailed; the rejected mechanic is told why it cannot work', async () => {
    const admin = await createUser('admin');
    const mechanic = await registerMechanic();
    const noReason = await callRoute(ROUTES.adminMechanicReject, {
      params: { id: mechanic.id },
      body: { reason: '  ' },
      as: admin,
    });
    expect(noReason.status).toBe(400);
    expect(detailOf(noReason)).toBe('Reason is required');
    const res = await callRoute(ROUTES.adminMechanicReject, {
      params: { id: mechanic.id },
      body: { reason: 'Certificate number not found in the FAA registry.' },
      as: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'rejected',
      reviewReason: 'Certificate number not found in the FAA registry.',
    });
    const [email] = (await emailsTo(mechanic.email)).filter((e) => e.kind === 'mechanic.rejected');
    expect(email?.bodyText).toContain('Certificate number not found in the FAA registry.');
    const list = await callRoute(ROUTES.requestsMatched, { as: mechanic });
    expect(list.status).toBe(403);
    expect(detailOf(list)).toBe(VETTING_MESSAGES.rejected);
    const pending = await callRoute(ROUTES.adminMechanics, { query: { status: 'pending' }, as: admin });
    expect((pending.body as Array<{ id: string }>).map((m) => m.id)).not.toContain(mechanic.id);
  });

  it('is for administrators only, and answers clear 4xx for bad input', async () => {
    const admin = await createUser('admin');
    const mechanic = await createUser('mechanic');
    const pilot = await createUser('pilot');
    for (const token of [mechanic.token, pilot.token]) {
      expect((await callRoute(ROUTES.adminMechanics, { query: { status: 'pending' }, as: token })).status).toBe(403);
      expect(
        (
          await callRoute(ROUTES.adminMechanicApprove, {
            params: { id: mechanic.id },
            body: { apNumber: null, iaAuthorization: false },
            as: token,
          })
        ).status,
      ).toBe(403);
      expect(
        (await callRoute(ROUTES.adminMechanicReject, { params: { id: mechanic.id }, body: { reason: 'x' }, as: token }))
          .status,
      ).toBe(403);
    }
    expect((await callRoute(ROUTES.adminMechanics)).status).toBe(401);
    const badStatus = await callRoute(ROUTES.adminMechanics, { query: { status: 'everyone' }, as: admin });
    expect(badStatus.status).toBe(400);
    expect(detailOf(badStatus)).toBe('Status must be pending, approved or rejected');
    const named = { apNumber: null, iaAuthorization: false };
    expect(
      (await callRoute(ROUTES.adminMechanicApprove, { params: { id: 'not-a-uuid' }, body: named, as: admin })).status,
    ).toBe(404);
    expect(
      (await callRoute(ROUTES.adminMechanicApprove, { params: { id: pilot.id }, body: named, as: admin })).status,
    ).toBe(404);
  });

  it('limits the service radius to 500 miles, at sign-up and in the profile', async () => {
    const wide = await callRoute(ROUTES.authRegister, {
      body: {
        role: 'mechanic',
        firstName: 'Far',
        lastName: 'Reach',
        email: uniqueEmail('far'),
        password: 'Long-Range-3000',
        serviceRadius: 3000,
      },
    });
    expect(wide.status).toBe(400);
    expect(detailOf(wide)).toBe('Service radius must be a whole number between 0 and 500');
    const mechanic = await createUser('mechanic');
    const profile = await callRoute(ROUTES.mechanicProfileSave, {
      body: validProfile({ serviceRadius: '501' }),
      as: mechanic,
    });
    expect(profile.status).toBe(400);
    expect(detailOf(profile)).toMatch(/Service radius/);
    expect(
      (await callRoute(ROUTES.mechanicProfileSave, { body: validProfile({ serviceRadius: '500' }), as: mechanic }))
        .status,
    ).toBe(201);
  });
});
