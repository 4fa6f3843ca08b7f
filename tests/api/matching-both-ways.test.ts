// Matching is written twice: in SQL for a new request (every approved mechanic in range, one
// statement) and in TypeScript for a mechanic whose profile changed (rematchMechanic runs
// `matchMechanic` over the open requests). Both run here on the same random airports, radii and
// travel distances, and their matches must be the ones `matchMechanics` gives for that data.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { afterAnswersSettled } from '../../src/server/http/after-answer.ts';
import { AIRPORTS_DATA } from '../../src/features/marketplace/geo/airports.data.ts';
import { matchMechanics } from '../../src/features/marketplace/matching.ts';
import { dropIsolatedDatabase, useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createRequest, mechanicWithProfile } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';

/** A seeded generator: the same data on every run; a failure names the seed to replay. */
const SEED = Number(process.env['MATCHING_SEED'] ?? 20261128);
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
const between = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));

// West-coast airports: close enough together that radii of 10-300 miles make every case
// (inside, outside, on the way to the aircraft, nearer by travel than by radius).
const WEST = AIRPORTS_DATA.split('\n')
  .filter(Boolean)
  .map((line) => line.split('|'))
  .filter(([, , , lon, , state]) => ['CA', 'NV', 'OR', 'AZ'].includes(state ?? '') && Number(lon) < -114)
  .map(([code]) => code!);

let db: Db;
beforeAll(async () => {
  // Its own database: the matches of every mechanic other files make would count here too.
  db = await useIsolatedDatabase();
});
afterAll(async () => {
  await dropIsolatedDatabase(db);
});

function randomRequest() {
  const willTravel = next() < 0.5;
  return {
    serviceLocation: pick(WEST),
    aircraftLocation: pick(WEST),
    customerWillTravel: willTravel,
    maxTravelDistance: String(between(10, 300)),
  };
}

it(`the SQL of a new request and the TypeScript of a changed profile match as matchMechanics does (seed ${SEED})`, async () => {
  expect(WEST.length).toBeGreaterThan(40);
  // Four owners: one may make 10 requests an hour.
  const pilots = [
    await createUser('pilot'),
    await createUser('pilot'),
    await createUser('pilot'),
    await createUser('pilot'),
  ];
  let made = 0;
  const pilot = () => pilots[made++ % pilots.length]!;
  // Requests made before the mechanics are matched by rematchMechanic (TypeScript) as each
  // profile is saved; those made after, by the new request's statement (SQL).
  const before = [];
  for (let i = 0; i < 6; i += 1) before.push(await createRequest(pilot(), randomRequest()));
  for (let i = 0; i < 18; i += 1)
    await mechanicWithProfile({ baseLocation: pick(WEST), serviceRadius: String(between(10, 300)) });
  const after = [];
  for (let i = 0; i < 24; i += 1) after.push(await createRequest(pilot(), randomRequest()));
  const requestIds = [...before, ...after].map((r) => (r as { id: string }).id);
  // A new request records the nearest mechanics in its answer and the rest after it.
  await afterAnswersSettled();

  const mechanics = (
    await db
      .selectFrom('mechanicProfiles')
      .select(['userId', 'baseLatitude', 'baseLongitude', 'serviceRadius', 'rating', 'completedJobs'])
      .where('approved', '=', true)
      .execute()
  ).map((m) => ({
    mechanicId: m.userId,
    base: { latitude: Number(m.baseLatitude), longitude: Number(m.baseLongitude) },
    serviceRadius: Number(m.serviceRadius),
    rating: Number(m.rating),
    completedJobs: Number(m.completedJobs),
  }));
  expect(mechanics).toHaveLength(18);

  let matched = 0;
  for (const id of requestIds) {
    const r = await db
      .selectFrom('serviceRequests')
      .select([
        'serviceLatitude',
        'serviceLongitude',
        'aircraftLatitude',
        'aircraftLongitude',
        'customerWillTravel',
        'maxTravelDistance',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const expected = matchMechanics(
      {
        service: { latitude: Number(r.serviceLatitude), longitude: Number(r.serviceLongitude) },
        aircraft:
          r.aircraftLatitude === null || r.aircraftLongitude === null
            ? null
            : { latitude: Number(r.aircraftLatitude), longitude: Number(r.aircraftLongitude) },
        customerWillTravel: r.customerWillTravel,
        maxTravelDistance: Number(r.maxTravelDistance),
      },
      mechanics,
    );
    const stored = await db
      .selectFrom('serviceRequestMatches')
      .select(['mechanicId', 'distanceMiles', 'via'])
      .where('serviceRequestId', '=', id)
      .execute();
    const byId = (a: { mechanicId: string }, b: { mechanicId: string }) => a.mechanicId.localeCompare(b.mechanicId);
    expect(
      stored.map((m) => ({ mechanicId: m.mechanicId, distanceMiles: Number(m.distanceMiles), via: m.via })).sort(byId),
      `request ${requestIds.indexOf(id) + 1} of ${requestIds.length}`,
    ).toEqual([...expected].sort(byId));
    matched += expected.length;
  }
  // The data makes matches and leaves mechanics out: the comparison is not of empty lists.
  expect(matched).toBeGreaterThan(10);
  expect(matched).toBeLessThan(requestIds.length * mechanics.length);
});
