import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { testDb } from '../helpers/db.ts';
import { mechanicWithProfile, validBid } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { aircraftWithDueItem } from '../helpers/aircraft.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Signing fails whole or succeeds whole. With the record row held by a stuck
// transaction, signing answered 503 after 3 s while the 100-hour item had already moved to done
// (915 -> 1,015 h) and the entry stayed a draft. The signature and the due items it completes now
// commit in one transaction. Jobs sit at Sheridan, WY (KSHR), where no other suite goes.

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

describe('signing with the record row held by another transaction', () => {
  it('answers 503 and leaves the due item as it was; signed once the row is free, the item moves', async () => {
    const pilot = await createUser('pilot');
    const mechanic = await mechanicWithProfile(
      { baseLocation: 'KSHR', serviceRadius: 5, iaAuthorization: false },
      { firstName: 'Hal', lastName: 'Held' },
    );
    const { planeId, itemId } = await aircraftWithDueItem(
      pilot,
      { make: 'Cessna', model: '172N', year: 1978, homeAirport: 'KSHR', usage: 'for_hire' },
      1004,
      { kind: '100_hour', lastDoneHours: 915 },
    );
    const request = await callRoute(ROUTES.maintenanceRequest, {
      params: { id: planeId },
      body: { itemIds: [itemId] },
      as: pilot,
    });
    const quote = await callRoute(ROUTES.requestBid, {
      params: { id: request.body.id },
      body: validBid(),
      as: mechanic,
    });
    const accepted = await callRoute(ROUTES.requestAccept, {
      params: { id: request.body.id },
      body: { bidId: quote.body.id },
      as: pilot,
    });
    const appointmentId = accepted.body.appointment.id as string;
    for (const step of ['confirm', 'start', 'complete']) {
      expect(
        (
          await api.post(
            `/api/appointments/${appointmentId}/${step}`,
            step === 'complete' ? { tachReading: 1015 } : {},
            { token: mechanic.token },
          )
        ).status,
      ).toBe(200);
    }
    const body = { fullName: 'Hal Held', certificateNumber: '3456789', statement: true as const };
    expect((await callRoute(ROUTES.record, { params: { id: appointmentId }, as: mechanic })).body.status).toBe('draft');
    const itemNow = () =>
      testDb()
        .selectFrom('maintenanceItems')
        .select(['lastDoneHours', 'lastDoneDate'])
        .where('id', '=', itemId)
        .executeTakeFirstOrThrow();
    const before = await itemNow();

    // A stuck transaction holds the record row until the test lets it go.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const stuck = testDb()
      .transaction()
      .execute(async (trx) => {
        await trx
          .selectFrom('maintenanceRecords')
          .select('id')
          .where('appointmentId', '=', appointmentId)
          .forUpdate()
          .execute();
        held();
        await released;
      });
    await holding;
    const blocked = await callRoute(ROUTES.recordSign, { params: { id: appointmentId }, body, as: mechanic });
    release();
    await stuck;
    expect(blocked.status, blocked.text).toBe(503);
    expect(detailOf(blocked)).toMatch(/briefly unavailable/);
    expect(await itemNow()).toEqual(before); // nothing half-done: the item did not move
    const still = await testDb()
      .selectFrom('maintenanceRecords')
      .select(['status', 'sha256'])
      .where('appointmentId', '=', appointmentId)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ status: 'draft', sha256: null });

    const signed = await callRoute(ROUTES.recordSign, { params: { id: appointmentId }, body, as: mechanic });
    expect(signed.status, signed.text).toBe(200);
    const after = await itemNow();
    expect(Number(after.lastDoneHours)).toBe(1015);
  });
});
