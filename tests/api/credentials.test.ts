import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_MESSAGES } from '../../src/contract/credentials.ts';
import { api } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { testDb } from '../helpers/db.ts';
import { mechanicWithProfile, validBid, validProfile } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { aircraftWithDueItem } from '../helpers/aircraft.ts';
import { callRoute, detailOf, errorsOf } from '../helpers/call-route.ts';

// A certificate number and an inspection
// authorization are facts an administrator verifies (docs/decisions/0180-verified-credentials.md).
// A change after approval waits in the queue and counts for nothing until approved; a signature's
// name and number come from the verified profile, and a typed number that differs is refused.
// Jobs sit at Cody, WY (KCOD); the would-be IAs at Rock Springs (KRKS), where no other suite goes.

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

let serial = 0;
const uniqueCertificate = () =>
  `${(process.pid % 90) + 10}${String(Date.now() % 100000).padStart(5, '0')}${(serial += 1)}`;

interface Job {
  pilot: TestUser;
  mechanic: TestUser;
  aircraftId: string;
  itemId: string;
  appointmentId: string;
}

/** A completed job from the due list: an annual or a 100-hour, quoted by `mechanic` (IA or not). */
async function completedJob(
  kind: 'annual' | '100_hour',
  mechanic: TestUser,
  inspectionSigner?: { fullName: string; certificateNumber: string },
): Promise<Job> {
  const pilot = await createUser('pilot', { firstName: 'Cora', lastName: 'Owner' });
  const { planeId, itemId } = await aircraftWithDueItem(
    pilot,
    { make: 'Cessna', model: '182P', year: 1975, homeAirport: 'KCOD', usage: 'for_hire' },
    1004,
    kind === 'annual' ? { kind, lastDoneDate: '2025-01-10' } : { kind, lastDoneHours: 915 },
  );
  const request = await callRoute(ROUTES.maintenanceRequest, {
    params: { id: planeId },
    body: { itemIds: [itemId] },
    as: pilot,
  });
  expect(request.status).toBe(201);
  const quote = await callRoute(ROUTES.requestBid, {
    params: { id: request.body.id },
    body: validBid(inspectionSigner ? { inspectionSigner } : {}),
    as: mechanic,
  });
  expect(quote.status, quote.text).toBe(201);
  const accepted = await callRoute(ROUTES.requestAccept, {
    params: { id: request.body.id },
    body: { bidId: quote.body.id },
    as: pilot,
  });
  expect(accepted.status).toBe(200);
  const appointmentId = accepted.body.appointment.id as string;
  for (const step of ['confirm', 'start', 'complete']) {
    const res = await api.post(
      `/api/appointments/${appointmentId}/${step}`,
      step === 'complete' ? { tachReading: 1015 } : {},
      { token: mechanic.token },
    );
    expect(res.status, step).toBe(200);
  }
  return { pilot, mechanic, aircraftId: planeId, itemId: itemId, appointmentId };
}

const sign = (appointmentId: string, who: TestUser, fullName: string, certificateNumber: string) =>
  callRoute(ROUTES.recordSign, {
    params: { id: appointmentId },
    body: { fullName, certificateNumber, statement: true },
    as: who,
  });
const saveProfile = (who: TestUser, overrides: Record<string, unknown>) =>
  callRoute(ROUTES.mechanicProfileSave, {
    body: validProfile({ baseLocation: 'KRKS', serviceRadius: 1, ...overrides }),
    as: who,
  });
/** The administrator approves what the profile asks for now, the IA checked too (docs/decisions/0350). */
const adminApprove = async (admin: TestUser, id: string) => {
  const asked = await testDb()
    .selectFrom('mechanicProfiles')
    .select(['apNumber', 'iaAuthorization'])
    .where('userId', '=', id)
    .executeTakeFirstOrThrow();
  return callRoute(ROUTES.adminMechanicApprove, {
    params: { id },
    body: { ...asked, verifyIa: asked.iaAuthorization },
    as: admin,
  });
};

describe('credentials are verified facts', () => {
  it('an IA given to oneself on the profile signs no annual until an administrator verifies it', async () => {
    const admin = await createUser('admin');
    const mechanic = await mechanicWithProfile(
      { baseLocation: 'KCOD', serviceRadius: 5, iaAuthorization: false },
      { firstName: 'Noel', lastName: 'Noia' },
    );
    const job = await completedJob('annual', mechanic);
    const refused = await sign(job.appointmentId, mechanic, 'Noel Noia', '3456789');
    expect(refused.status).toBe(403);
    expect(detailOf(refused)).toContain('14 CFR 65.95');

    // The attack: the profile form says "IA: yes". It is taken as a request, not as a fact.
    const claimed = await saveProfile(mechanic, { baseLocation: 'KCOD', serviceRadius: 5, iaAuthorization: true });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ iaAuthorization: true, verifiedIa: false, credentialsPending: true });
    const still = await sign(job.appointmentId, mechanic, 'Noel Noia', '3456789');
    expect(still.status).toBe(403);
    expect(detailOf(still)).toContain('14 CFR 65.95');
    expect((await callRoute(ROUTES.record, { params: { id: job.appointmentId }, as: mechanic })).body).toMatchObject({
      status: 'draft',
      canSign: false,
    });

    // It waits in the administrator's queue, with what was verified beside what is asked.
    const queue = await callRoute(ROUTES.adminMechanics, { query: { status: 'pending' }, as: admin });
    expect(queue.body.find((m: { id: string }) => m.id === mechanic.id)).toMatchObject({
      status: 'approved',
      credentialChange: {
        apNumber: 'A&P 3456789',
        iaAuthorization: true,
        verifiedApNumber: 'A&P 3456789',
        verifiedIa: false,
      },
    });
    const verified = await adminApprove(admin, mechanic.id);
    expect(verified.status).toBe(200);
    expect(verified.body.credentialChange).toBeNull();
    const outbox = await testDb().selectFrom('outbox').select('kind').where('toAddress', '=', mechanic.email).execute();
    expect(outbox.map((o) => o.kind)).toContain('mechanic.credentials_verified');
    const signed = await sign(job.appointmentId, mechanic, 'Noel Noia', '3456789');
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.text).toContain(
      'Signed: Noel Noia, A&P mechanic with inspection authorization certificate 3456789',
    );
    // Approving again with nothing waiting is refused, as before.
    expect((await adminApprove(admin, mechanic.id)).status).toBe(409);
  });

  it("another IA's certificate number on one's profile opens nobody's annual", async () => {
    const certificate = uniqueCertificate();
    const author = await mechanicWithProfile(
      { baseLocation: 'KCOD', serviceRadius: 5, iaAuthorization: false },
      { firstName: 'Abe', lastName: 'Author' },
    );
    const job = await completedJob('annual', author, { fullName: 'Ivan Inspector', certificateNumber: certificate });
    // A stranger, approved, party to no job, saves the named IA's number with "IA: yes".
    const stranger = await mechanicWithProfile(
      { baseLocation: 'KRKS', serviceRadius: 1, iaAuthorization: false },
      { firstName: 'Sly', lastName: 'Stranger' },
    );
    const claimed = await saveProfile(stranger, { apNumber: `IA ${certificate}`, iaAuthorization: true });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ verifiedIa: false, credentialsPending: true });
    expect((await callRoute(ROUTES.recordsToSign, { as: stranger })).body).toEqual([]);
    expect((await callRoute(ROUTES.record, { params: { id: job.appointmentId }, as: stranger })).status).toBe(404);
    const attempt = await sign(job.appointmentId, stranger, 'Ivan Inspector', certificate);
    expect(attempt.status).toBe(404);
    const entry = await testDb()
      .selectFrom('maintenanceRecords')
      .select(['status', 'signerName'])
      .where('appointmentId', '=', job.appointmentId)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ status: 'draft', signerName: null });
  });

  it('giving up an IA counts at once; a new number waits while the verified one still signs', async () => {
    const mechanic = await mechanicWithProfile(
      { baseLocation: 'KCOD', serviceRadius: 5, iaAuthorization: true },
      { firstName: 'Gail', lastName: 'Giveup' },
    );
    const dropped = await saveProfile(mechanic, { baseLocation: 'KCOD', serviceRadius: 5, iaAuthorization: false });
    expect(dropped.body).toMatchObject({ iaAuthorization: false, verifiedIa: false, credentialsPending: false });
    const job = await completedJob('100_hour', mechanic);
    const renumbered = await saveProfile(mechanic, {
      baseLocation: 'KCOD',
      serviceRadius: 5,
      iaAuthorization: false,
      apNumber: '9990001',
    });
    expect(renumbered.body).toMatchObject({
      apNumber: '9990001',
      verifiedApNumber: 'A&P 3456789',
      credentialsPending: true,
    });
    const withNew = await sign(job.appointmentId, mechanic, 'Gail Giveup', '9990001');
    expect(withNew.status).toBe(400);
    expect(detailOf(withNew)).toBe(CREDENTIAL_MESSAGES.numberDiffers('9990001', '3456789'));
    const withVerified = await sign(job.appointmentId, mechanic, 'Gail Giveup', '3456789');
    expect(withVerified.status, withVerified.text).toBe(200);
    expect(withVerified.body.certificateNumber).toBe('3456789');
  });
});

describe('a signature is the verified profile, never free text', () => {
  it('refuses another name or number with the reason, and signs with the verified ones', async () => {
    const mechanic = await mechanicWithProfile(
      { baseLocation: 'KCOD', serviceRadius: 5, iaAuthorization: false, apNumber: '3482915' },
      { firstName: 'Vera', lastName: 'Verified' },
    );
    const job = await completedJob('100_hour', mechanic);
    const view = await callRoute(ROUTES.record, { params: { id: job.appointmentId }, as: mechanic });
    expect(view.body.signer).toMatchObject({ name: 'Vera Verified', certificateNumber: '3482915', ia: false });
    expect(
      (await callRoute(ROUTES.record, { params: { id: job.appointmentId }, as: job.pilot })).body.signer,
    ).toBeNull();

    const free = await sign(job.appointmentId, mechanic, 'X', '1');
    expect(free.status).toBe(400);
    expect(detailOf(free)).toBe(CREDENTIAL_MESSAGES.nameDiffers('X', 'Vera Verified'));
    const typo = await sign(job.appointmentId, mechanic, 'Vera Verified', '3482916');
    expect(typo.status).toBe(400);
    expect(detailOf(typo)).toBe(CREDENTIAL_MESSAGES.numberDiffers('3482916', '3482915'));
    expect(errorsOf(typo)).toEqual([{ path: 'certificateNumber', message: detailOf(typo) }]);
    const entry = await testDb()
      .selectFrom('maintenanceRecords')
      .select('status')
      .where('appointmentId', '=', job.appointmentId)
      .executeTakeFirstOrThrow();
    expect(entry.status).toBe('draft');

    // Spacing, case and a typed prefix are the same name and number; the entry carries the verified ones.
    const signed = await sign(job.appointmentId, mechanic, '  vera   VERIFIED ', 'A&P 3482915');
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body).toMatchObject({
      signerName: 'Vera Verified',
      certificateNumber: '3482915',
      certificateKind: 'A&P mechanic',
    });
    expect(signed.body.text).toMatch(/\nSigned: Vera Verified, A&P mechanic certificate 3482915, /);
  });

  it('a mechanic whose number was never verified cannot sign, and is told why', async () => {
    const mechanic = await mechanicWithProfile(
      { baseLocation: 'KCOD', serviceRadius: 5, iaAuthorization: false },
      { firstName: 'Una', lastName: 'Unverified' },
    );
    const job = await completedJob('100_hour', mechanic);
    await testDb()
      .updateTable('mechanicProfiles')
      .set({ verifiedApNumber: null, credentialsVerifiedAt: null })
      .where('userId', '=', mechanic.id)
      .execute();
    const res = await sign(job.appointmentId, mechanic, 'Una Unverified', '3456789');
    expect(res.status).toBe(403);
    expect(detailOf(res)).toBe(CREDENTIAL_MESSAGES.unverified);
  });
});
