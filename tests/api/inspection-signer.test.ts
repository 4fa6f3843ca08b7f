import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';
import { createRequest, mechanicWithProfile, notificationsOf, uniqueTail, validBid } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, errorsOf, detailOf } from '../helpers/call-route.ts';

// The bid side of the IA rule (14 CFR 65.95; docs/decisions/0140-who-signs-the-annual.md):
// a mechanic without an inspection authorization who quotes an annual names the IA who signs it;
// the owner sees who (or that nobody is named); the named IA, when they work here, finds the entry
// and signs it; the job's own mechanic still cannot. Jobs sit at Glasgow, MT (KGGW), where no
// other suite places mechanics; the IAs are based at Lewistown (KLWT) with a 1-mile radius.

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

let serial = 0;
/** A certificate number no other test gives (the shared profile helper's number is everyone's). */
const uniqueCertificate = () =>
  `${(process.pid % 90) + 10}${String(Date.now() % 100000).padStart(5, '0')}${(serial += 1)}`;

const signer = (certificateNumber: string) => ({ fullName: 'Ida Inspector', certificateNumber });

async function annualRequest() {
  const pilot = await createUser('pilot', { firstName: 'Olga', lastName: 'Owner' });
  const mechanic = await mechanicWithProfile(
    { baseLocation: 'KGGW', serviceRadius: 5, iaAuthorization: false },
    { firstName: 'Nate', lastName: 'Noia' },
  );
  const request = await createRequest(pilot, { serviceLocation: 'KGGW', aircraftLocation: 'KGGW' });
  return { pilot, mechanic, request };
}

async function ia(certificateNumber: string) {
  return mechanicWithProfile(
    { baseLocation: 'KLWT', serviceRadius: 1, iaAuthorization: true, apNumber: certificateNumber },
    { firstName: 'Ida', lastName: 'Inspector' },
  );
}

/** An annual quoted by a mechanic without IA naming `named` (or nobody), accepted and completed. */
async function completedAnnual(named: { fullName: string; certificateNumber: string } | null) {
  const { pilot, mechanic, request } = await annualRequest();
  const quote = await callRoute(ROUTES.requestBid, {
    params: { id: request.id },
    body: validBid(named ? { inspectionSigner: named } : {}),
    as: mechanic,
  });
  expect(quote.status).toBe(201);
  const accepted = await callRoute(ROUTES.requestAccept, {
    params: { id: request.id },
    body: { bidId: quote.body.id },
    as: pilot,
  });
  expect(accepted.status).toBe(200);
  const appointmentId = accepted.body.appointment.id as string;
  for (const step of ['confirm', 'start', 'complete']) {
    const res = await api.post(`/api/appointments/${appointmentId}/${step}`, {}, { token: mechanic.token });
    expect(res.status, step).toBe(200);
  }
  return { pilot, mechanic, appointmentId };
}

const record = (appointmentId: string, who: TestUser) =>
  callRoute(ROUTES.record, { params: { id: appointmentId }, as: who });
const sign = (appointmentId: string, who: TestUser, fullName: string, certificateNumber: string) =>
  callRoute(ROUTES.recordSign, {
    params: { id: appointmentId },
    body: { fullName, certificateNumber, statement: true },
    as: who,
  });
const toSign = (who: TestUser) => callRoute(ROUTES.recordsToSign, { as: who });

describe('quoting an annual without an inspection authorization', () => {
  it('keeps the IA the quote names, and the owner sees it', async () => {
    const { pilot, mechanic, request } = await annualRequest();
    const quote = await callRoute(ROUTES.requestBid, {
      params: { id: request.id },
      body: validBid({ inspectionSigner: { fullName: ' Ida Inspector ', certificateNumber: '2345678' } }),
      as: mechanic,
    });
    expect(quote.status).toBe(201);
    expect(quote.body).toMatchObject({
      inspectionSigner: { fullName: 'Ida Inspector', certificateNumber: '2345678' },
      needsInspectionSigner: false,
      mechanicIa: false,
    });
    const mine = await callRoute(ROUTES.requestsOwn, { as: pilot });
    const seen = mine.body.find((r) => r.id === request.id)!;
    expect(seen.quotes[0]).toMatchObject({
      inspectionSigner: { fullName: 'Ida Inspector', certificateNumber: '2345678' },
      needsInspectionSigner: false,
    });
  });

  it("is taken without a named IA (the spec's quote has no such field) and marked for the owner", async () => {
    const { pilot, mechanic, request } = await annualRequest();
    const quote = await callRoute(ROUTES.requestBid, { params: { id: request.id }, body: validBid(), as: mechanic });
    expect(quote.status).toBe(201);
    expect(quote.body).toMatchObject({ inspectionSigner: null, needsInspectionSigner: true });
    const mine = await callRoute(ROUTES.requestsOwn, { as: pilot });
    const seen = mine.body.find((r) => r.id === request.id)!;
    expect(seen.quotes[0]).toMatchObject({ needsInspectionSigner: true, mechanicIa: false });
  });

  it('refuses half a signer, with the field that is missing', async () => {
    const { mechanic, request } = await annualRequest();
    const half = await callRoute(ROUTES.requestBid, {
      params: { id: request.id },
      body: validBid({ inspectionSigner: { fullName: 'Ida Inspector', certificateNumber: '  ' } }),
      as: mechanic,
    });
    expect(half.status).toBe(400);
    expect(errorsOf(half)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'inspectionSigner.certificateNumber',
          message: 'Certificate number of the IA who signs is required',
        }),
      ]),
    );
    const wrongShape = await callRoute(ROUTES.requestBid, {
      params: { id: request.id },
      body: validBid({ inspectionSigner: 'Ida' }),
      as: mechanic,
    });
    expect(wrongShape.status).toBe(400);
    // Nothing was saved: the same mechanic can still quote.
    const ok = await callRoute(ROUTES.requestBid, {
      params: { id: request.id },
      body: validBid({ inspectionSigner: signer('2345678') }),
      as: mechanic,
    });
    expect(ok.status).toBe(201);
  });

  it('is not asked of a mechanic with an IA, nor on work other than an annual', async () => {
    const pilot = await createUser('pilot');
    const withIa = await mechanicWithProfile({ baseLocation: 'KGGW', serviceRadius: 5, iaAuthorization: true });
    const annual = await createRequest(pilot, { serviceLocation: 'KGGW', aircraftLocation: 'KGGW' });
    const byIa = await callRoute(ROUTES.requestBid, { params: { id: annual.id }, body: validBid(), as: withIa });
    expect(byIa.body).toMatchObject({ needsInspectionSigner: false, inspectionSigner: null });
    const oilChange = await createRequest(pilot, {
      serviceLocation: 'KGGW',
      aircraftLocation: 'KGGW',
      serviceType: 'scheduled_maintenance',
    });
    const noIa = await mechanicWithProfile({ baseLocation: 'KGGW', serviceRadius: 5, iaAuthorization: false });
    const other = await callRoute(ROUTES.requestBid, {
      params: { id: oilChange.id },
      body: validBid({ inspectionSigner: signer('2345678') }),
      as: noIa,
    });
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ needsInspectionSigner: false, inspectionSigner: null });
  });
});

describe('the named IA signs the annual', () => {
  it("finds the entry, signs it; the job's own mechanic cannot", async () => {
    const certificate = uniqueCertificate();
    const inspector = await ia(certificate);
    // Typed with spaces and dashes on the quote: the number is compared by its letters and digits.
    const spaced = `${certificate.slice(0, 3)}-${certificate.slice(3)}`;
    const { pilot, mechanic, appointmentId } = await completedAnnual(signer(` ${spaced} `));

    const mechanics = await record(appointmentId, mechanic);
    expect(mechanics.status).toBe(200);
    // The owner reads whom the entry waits for.
    expect((await record(appointmentId, pilot)).body.namedInspector).toEqual({
      fullName: 'Ida Inspector',
      certificateNumber: ` ${spaced} `.trim(),
    });
    expect(mechanics.body).toMatchObject({ status: 'draft', inspection: 'annual', canSign: false, canEdit: true });
    expect(mechanics.body.signBlockedReason).toContain(
      `Ida Inspector (certificate ${spaced}), named on the quote, signs it`,
    );
    const refused = await sign(appointmentId, mechanic, 'Nate Noia', '1111111');
    expect(refused.status).toBe(403);
    expect(detailOf(refused)).toContain('14 CFR 65.95');

    // The IA is told, and finds the entry among the annuals to sign.
    const bell = await notificationsOf(inspector);
    expect(bell).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'An annual waits for your signature' })]),
    );
    const list = await toSign(inspector);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ appointmentId, performedBy: 'Nate Noia' })]);

    const theirs = await record(appointmentId, inspector);
    expect(theirs.body).toMatchObject({ canSign: true, signBlockedReason: null });
    // The list carries each entry as the record read gives it: the screen shows it without a second read.
    expect((list.body as Array<{ record: unknown }>)[0]!.record).toEqual(theirs.body);
    const signed = await sign(appointmentId, inspector, 'Ida Inspector', certificate);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({
      status: 'signed',
      signerName: 'Ida Inspector',
      certificateKind: 'A&P mechanic with inspection authorization',
    });
    expect((await toSign(inspector)).body).toEqual([]);

    // The owner's logbook holds it; the owner was told.
    const plane = await callRoute(ROUTES.aircraftList, { as: pilot });
    expect(plane.status).toBe(200);
    const owners = await record(appointmentId, pilot);
    expect(owners.body).toMatchObject({ status: 'signed', sha256: signed.body.sha256 });
    const told = await notificationsOf(pilot);
    expect(told).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Logbook entry signed' })]));
  });

  it("an annual requested from the due list: the named IA's signature marks the item done", async () => {
    const certificate = uniqueCertificate();
    const inspector = await ia(certificate);
    const pilot = await createUser('pilot');
    const mechanic = await mechanicWithProfile({ baseLocation: 'KGGW', serviceRadius: 5, iaAuthorization: false });
    const plane = await callRoute(ROUTES.aircraftAdd, {
      body: { tailNumber: uniqueTail(), make: 'Cessna', model: '182P', year: 1976, homeAirport: 'KGGW' },
      as: pilot,
    });
    expect(plane.status).toBe(201);
    const item = await callRoute(ROUTES.maintenanceItemAdd, {
      params: { id: plane.body.id },
      body: { kind: 'annual', lastDoneDate: '2025-01-10' },
      as: pilot,
    });
    expect(item.status).toBe(201);
    const request = await callRoute(ROUTES.maintenanceRequest, {
      params: { id: plane.body.id },
      body: { itemIds: [item.body.id] },
      as: pilot,
    });
    expect(request.status).toBe(201);
    const quote = await callRoute(ROUTES.requestBid, {
      params: { id: request.body.id },
      body: validBid({ inspectionSigner: signer(certificate) }),
      as: mechanic,
    });
    expect(quote.status).toBe(201);
    const accepted = await callRoute(ROUTES.requestAccept, {
      params: { id: request.body.id },
      body: { bidId: quote.body.id },
      as: pilot,
    });
    const appointmentId = accepted.body.appointment.id as string;
    for (const step of ['confirm', 'start', 'complete'])
      expect(
        (await api.post(`/api/appointments/${appointmentId}/${step}`, {}, { token: mechanic.token })).status,
        step,
      ).toBe(200);

    const signed = await sign(appointmentId, inspector, 'Ida Inspector', certificate);
    expect(signed.status).toBe(200);
    const due = await callRoute(ROUTES.maintenance, { params: { id: plane.body.id }, as: pilot });
    expect(due.body.items.find((i: { id: string }) => i.id === item.body.id)).toMatchObject({
      lastDoneDate: localDayAt('KGGW'),
    });
  });

  it('stays closed to a mechanic who is not the one named, or whose number two accounts claim', async () => {
    const certificate = uniqueCertificate();
    const first = await ia(certificate);
    const second = await ia(certificate); // the same number claimed twice: neither is trusted with it
    const { appointmentId } = await completedAnnual(signer(certificate));
    expect((await record(appointmentId, first)).status).toBe(404);
    expect((await toSign(first)).body).toEqual([]);
    expect((await toSign(second)).body).toEqual([]);
    const stranger = await ia(uniqueCertificate());
    expect((await record(appointmentId, stranger)).status).toBe(404);
    expect((await sign(appointmentId, stranger, 'Ida Inspector', certificate)).status).toBe(404);
  });

  it('a named IA without an account here: the mechanic is told who signs and how', async () => {
    const { mechanic, appointmentId } = await completedAnnual(signer(uniqueCertificate()));
    const view = await record(appointmentId, mechanic);
    expect(view.body.signBlockedReason).toContain(
      'once they have a mechanic account here with that certificate number and an IA',
    );
  });

  it("the list is a mechanic's: a pilot gets 403", async () => {
    const pilot = await createUser('pilot');
    expect((await toSign(pilot)).status).toBe(403);
    expect((await callRoute(ROUTES.recordsToSign)).status).toBe(401);
  });
});
