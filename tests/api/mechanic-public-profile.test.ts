import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';
import { testDb } from '../helpers/db.ts';
import { createRequest, mechanicWithProfile, scheduledJob } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';

// A mechanic's profile for owners ("pilots see the badge on bids and profiles";
// docs/decisions/0150-mechanic-profile-for-owners.md): what the mechanic states, what the platform
// counted, the FAA airmen file's single match; only for owners the mechanic was matched to or
// quoted, the mechanic, and administrators. Jobs at Wolf Point, MT (KOLF), where no other suite works.

const profileOf = (id: string, token?: string) =>
  callRoute(ROUTES.mechanicPublicProfile, { params: { id }, as: token });
const STEPS = [ROUTES.appointmentConfirm, ROUTES.appointmentStart, ROUTES.appointmentComplete];

describe('GET /api/mechanics/:id/profile', () => {
  it('shows an owner the mechanic who quoted them: the FAA match, ratings with reviews, never the certificate number', async () => {
    const job = await scheduledJob('KOLF');
    const id = job.mechanic.id;
    for (const step of STEPS) {
      const moved = await callRoute(step, { params: { id: job.appointmentId }, body: {}, as: job.mechanic });
      expect(moved.status, step.path).toBe(200);
    }
    const rated = await callRoute(ROUTES.appointmentRate, {
      params: { id: job.appointmentId },
      body: { rating: 4, review: 'On time, clear about the exhaust crack.' },
      as: job.pilot,
    });
    expect(rated.status).toBe(200);

    // The FAA airmen file matched this mechanic once (as the import stores it: docs/decisions/0120).
    // An import finishing in another suite matches every mechanic again (no match for this one), so
    // the verdict is written just before the read, and written again if such an import came between.
    const matched = {
      month: '2026-10',
      verdict: 'match' as const,
      ratings: ['A', 'P'],
      candidates: 1,
      airmanUniqueId: 'A0000001',
      importId: null,
    };
    let res = await profileOf(id, job.pilot.token);
    for (let attempt = 0; attempt < 5 && res.body.faaAirmen === null; attempt += 1) {
      await testDb()
        .insertInto('mechanicAirmenMatches')
        .values({ mechanicId: id, ...matched })
        .onConflict((oc) => oc.column('mechanicId').doUpdateSet(matched))
        .execute();
      res = await profileOf(id, job.pilot.token);
    }
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mechanicId: id,
      name: `${job.mechanic.firstName} ${job.mechanic.lastName}`,
      baseLocationLabel: expect.stringContaining('KOLF'),
      serviceRadius: 5,
      iaAuthorization: true,
      hourlyRate: 115,
      rating: 4,
      ratingCount: 1,
      completedJobs: 1,
      faaAirmen: 'Found in the FAA airmen file of October 2026: Mechanic, Airframe and Powerplant',
      reviews: [
        {
          rating: 4,
          review: 'On time, clear about the exhaust crack.',
          reviewer: `${job.pilot.firstName} ${job.pilot.lastName.charAt(0)}.`,
        },
      ],
    });
    expect(res.body.memberSince).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.stringify(res.body)).not.toContain('3456789'); // the certificate number stays private
    expect(res.body).not.toHaveProperty('email');
  });

  it('is readable by an owner the mechanic was matched to before any quote, by the mechanic and by an admin', async () => {
    const mechanic = await mechanicWithProfile({ baseLocation: 'KOLF', serviceRadius: 5, iaAuthorization: false });
    const pilot = await createUser('pilot');
    await createRequest(pilot, { serviceLocation: 'KOLF', aircraftLocation: 'KOLF' });
    const seen = await profileOf(mechanic.id, pilot.token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      iaAuthorization: false,
      ratingCount: 0,
      completedJobs: 0,
      faaAirmen: null,
      reviews: [],
    });
    expect((await profileOf(mechanic.id, mechanic.token)).status).toBe(200);
    const admin = await createUser('admin');
    expect((await profileOf(mechanic.id, admin.token)).status).toBe(200);
  });

  it('is a 404 to anyone else, the same as a mechanic who does not exist', async () => {
    const mechanic = await mechanicWithProfile({ baseLocation: 'KOLF', serviceRadius: 5 });
    const stranger = await createUser('pilot');
    const other = await mechanicWithProfile({ baseLocation: 'KOLF', serviceRadius: 5 });
    const refused = await profileOf(mechanic.id, stranger.token);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ detail: 'Mechanic not found' });
    expect((await profileOf(mechanic.id, other.token)).status).toBe(404);
    expect((await profileOf('00000000-0000-4000-8000-000000000000', stranger.token)).body).toEqual({
      detail: 'Mechanic not found',
    });
    expect((await profileOf('not-an-id', stranger.token)).status).toBe(404);
    expect((await profileOf(stranger.id, stranger.token)).status).toBe(404); // a pilot has no mechanic profile
    expect((await profileOf(mechanic.id)).status).toBe(401);
  });
});
