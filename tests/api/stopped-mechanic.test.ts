import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VETTING_MESSAGES } from '../../src/contract/mechanic-vetting.ts';
import { api, call } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { testDb } from '../helpers/db.ts';
import { createRequest, mechanicWithProfile, notificationsOf, validBid } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// After POST /api/admin/mechanics/:id/reject on an approved mechanic, he still
// read his appointments, the work order and the customer's documents, and created a change order
// that notified the customer. Rejection now ends writes and document access on existing jobs, the
// owners are told, and they can re-list the job. Jobs sit at Laramie, WY (KLAR).

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

async function uploadTo(user: TestUser, serviceRequestId: string) {
  const form = new FormData();
  form.set('file', new File([new TextEncoder().encode('weight and balance')], 'wb.txt', { type: 'text/plain' }));
  form.set('title', 'Weight and balance');
  form.set('service_request_id', serviceRequestId);
  return call('POST', '/api/enhanced/documents/upload', { rawBody: form, token: user.token });
}

describe('a rejected mechanic keeps no job', () => {
  it('no reads, no writes, no documents; the owner is told and re-lists the job to other mechanics', async () => {
    const admin = await createUser('admin');
    const pilot = await createUser('pilot', { firstName: 'Rosa', lastName: 'Owner' });
    const mechanic = await mechanicWithProfile(
      { baseLocation: 'KLAR', serviceRadius: 5 },
      { firstName: 'Rex', lastName: 'Rejected' },
    );
    const request = await createRequest(pilot, { serviceLocation: 'KLAR', aircraftLocation: 'KLAR' });
    const quote = await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: validBid(), as: mechanic });
    const accepted = await callRoute(ROUTES.requestAccept, {
      params: { id: request.id },
      body: { bidId: quote.body.id },
      as: pilot,
    });
    const appointmentId = accepted.body.appointment.id as string;
    for (const step of ['confirm', 'start'])
      expect((await api.post(`/api/appointments/${appointmentId}/${step}`, {}, { token: mechanic.token })).status).toBe(
        200,
      );
    const doc = await uploadTo(pilot, request.id);
    expect(doc.status, doc.text).toBe(201);
    expect((await callRoute(ROUTES.document, { params: { id: doc.body.id }, as: mechanic })).status).toBe(200);
    // A second mechanic waiting to be accepted elsewhere: his quote is declined with the rejection.
    const other = await createRequest(pilot, { serviceLocation: 'KLAR', aircraftLocation: 'KLAR' });
    const waiting = await callRoute(ROUTES.requestBid, { params: { id: other.id }, body: validBid(), as: mechanic });
    expect(waiting.status).toBe(201);

    const rejected = await callRoute(ROUTES.adminMechanicReject, {
      params: { id: mechanic.id },
      body: { reason: 'Certificate revoked' },
      as: admin,
    });
    expect(rejected.status).toBe(200);

    const changeOrder = {
      lines: [
        { category: 'airworthy', description: 'Replace everything', laborHours: 10, laborRate: 1000, partsCost: 0 },
      ],
    };
    const appointments = await callRoute(ROUTES.appointmentsAssigned, { as: mechanic });
    expect(appointments.status).toBe(200);
    expect(appointments.body).toEqual([]); // nothing to see, and the dashboard still loads
    const refusals = [
      await callRoute(ROUTES.workOrder, { params: { id: appointmentId }, as: mechanic }),
      await callRoute(ROUTES.changeOrders, { params: { id: appointmentId }, as: mechanic }),
      await callRoute(ROUTES.changeOrderCreate, { params: { id: appointmentId }, body: changeOrder, as: mechanic }),
      await callRoute(ROUTES.appointmentComplete, { params: { id: appointmentId }, body: {}, as: mechanic }),
      await callRoute(ROUTES.record, { params: { id: appointmentId }, as: mechanic }),
    ];
    for (const res of refusals) {
      expect(res.status, res.text).toBe(403);
      expect(detailOf(res)).toBe(VETTING_MESSAGES.stopped);
    }
    expect((await callRoute(ROUTES.document, { params: { id: doc.body.id }, as: mechanic })).status).toBe(404);
    expect(
      (await callRoute(ROUTES.documents, { query: { service_request_id: request.id }, as: mechanic })).body,
    ).toEqual([]);
    expect((await uploadTo(mechanic, request.id)).status).toBe(404);
    const orders = await testDb()
      .selectFrom('changeOrders')
      .select('id')
      .where('appointmentId', '=', appointmentId)
      .execute();
    expect(orders).toEqual([]);
    const bidNow = await testDb()
      .selectFrom('bids')
      .select('status')
      .where('id', '=', waiting.body.id)
      .executeTakeFirstOrThrow();
    expect(bidNow.status).toBe('declined');

    // The owner is told, and re-lists: a new request for the same work, the old job closed.
    const told = (await notificationsOf(pilot)).find((n) => n.type === 'job.mechanic_stopped');
    expect(told?.message).toContain('Rex Rejected can no longer work through Skyward Mobile Aviation');
    expect(told?.message).toContain('Re-list it from your Requests');
    const listed = await callRoute(ROUTES.requestsOwn, { as: pilot });
    expect(listed.body.find((r: { id: string }) => r.id === request.id)).toMatchObject({ relistable: true });
    const stranger = await createUser('pilot');
    expect(
      (await callRoute(ROUTES.requestRelist, { params: { id: request.id }, unchecked: {}, as: stranger })).status,
    ).toBe(404);
    const relisted = await callRoute(ROUTES.requestRelist, { params: { id: request.id }, unchecked: {}, as: pilot });
    expect(relisted.status, relisted.text).toBe(201);
    expect(relisted.body.id).not.toBe(request.id);
    expect(relisted.body).toMatchObject({ serviceLocation: 'KLAR', aircraftTailNumber: expect.any(String) });
    const old = await callRoute(ROUTES.request, { params: { id: request.id }, as: pilot });
    expect(old.body.status).toBe('cancelled');
    const appointment = await testDb()
      .selectFrom('appointments')
      .select('status')
      .where('id', '=', appointmentId)
      .executeTakeFirstOrThrow();
    expect(appointment.status).toBe('cancelled');
    const again = await callRoute(ROUTES.requestRelist, { params: { id: request.id }, unchecked: {}, as: pilot });
    expect(again.status).toBe(409);
  });

  it('a job whose mechanic still works is not re-listed (409 with the reason)', async () => {
    const pilot = await createUser('pilot');
    const mechanic = await mechanicWithProfile({ baseLocation: 'KLAR', serviceRadius: 5 });
    const request = await createRequest(pilot, { serviceLocation: 'KLAR', aircraftLocation: 'KLAR' });
    const quote = await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: validBid(), as: mechanic });
    await callRoute(ROUTES.requestAccept, { params: { id: request.id }, body: { bidId: quote.body.id }, as: pilot });
    const res = await callRoute(ROUTES.requestRelist, { params: { id: request.id }, unchecked: {}, as: pilot });
    expect(res.status).toBe(409);
    expect(detailOf(res)).toBe(
      'Your mechanic can still do this job. Cancel the request first if you want another mechanic.',
    );
  });
});
