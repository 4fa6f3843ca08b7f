import { describe, expect, it } from 'vitest';
import { api, uniqueEmail } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { jobReadyToSign } from '../helpers/jobs.ts';
import { mechanicWithProfile, validProfile } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';
import { addDays } from '../../src/features/maintenance/dates.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// An administrator approves exactly what was reviewed (docs/decisions/0350): the approval names
// the certificate number and the IA line it verifies, a profile changed since answers 409 with
// what changed, the IA is verified on its own, and a verified number belongs to one approved
// account. Mechanics here sit at Big Piney, WY (KBPI), where no other suite goes.

let serial = 0;
const uniqueCertificate = () =>
  `${(process.pid % 80) + 11}${String(Date.now() % 100000).padStart(5, '0')}${(serial += 1) % 10}`;

async function registerMechanic(certificate: string) {
  const email = uniqueEmail('reviewed');
  const res = await callRoute(ROUTES.authRegister, {
    body: {
      role: 'mechanic',
      firstName: 'Rex',
      lastName: 'Reviewed',
      email,
      password: 'Torque-Wrench-88',
      location: 'Big Piney, WY',
      certificationNumber: certificate,
      yearsExperience: 12,
      serviceRadius: 50,
      hourlyRate: 100,
    },
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.user.id as string, email, token: res.body.access_token as string };
}

const saveProfile = (who: { token: string }, apNumber: string, iaAuthorization: boolean) =>
  callRoute(ROUTES.mechanicProfileSave, {
    body: validProfile({ baseLocation: 'KBPI', serviceRadius: 5, apNumber, iaAuthorization }),
    as: who,
  });

const approve = (admin: TestUser, id: string, body: unknown) =>
  callRoute(ROUTES.adminMechanicApprove, { params: { id }, unchecked: body, as: admin });

const verified = (id: string) =>
  testDb()
    .selectFrom('mechanicProfiles as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.verifiedApNumber', 'p.verifiedIa', 'u.mechanicStatus'])
    .where('p.userId', '=', id)
    .executeTakeFirstOrThrow();

const outboxTo = (to: string) =>
  testDb().selectFrom('outbox').select(['kind', 'subject', 'bodyText']).where('toAddress', '=', to).execute();

describe('an approval verifies what the administrator reviewed', () => {
  it('a profile changed after the review answers 409 with what changed, and nothing is verified', async () => {
    const admin = await createUser('admin');
    const reviewedNumber = uniqueCertificate();
    const mechanic = await registerMechanic(reviewedNumber);
    expect((await saveProfile(mechanic, reviewedNumber, false)).status).toBe(201);

    // What the console shows: the number, and the IA as its own line.
    const queue = await callRoute(ROUTES.adminMechanics, { query: { status: 'pending', limit: '100' }, as: admin });
    const shown = (queue.body as Array<{ id: string; toVerify: unknown }>).find((m) => m.id === mechanic.id);
    expect(shown?.toVerify).toEqual({
      apNumber: reviewedNumber,
      iaAuthorization: false,
      verifiedApNumber: null,
      verifiedIa: false,
    });

    // Before the click, the mechanic names someone else's IA number.
    const otherNumber = uniqueCertificate();
    expect((await saveProfile(mechanic, otherNumber, true)).status).toBe(200);

    // An approval that names nothing is refused: it must say what it verifies.
    const blind = await approve(admin, mechanic.id, {});
    expect(blind.status).toBe(400);
    expect(detailOf(blind)).toMatch(/certificate number/i);

    const stale = await approve(admin, mechanic.id, { apNumber: reviewedNumber, iaAuthorization: false });
    expect(stale.status, stale.text).toBe(409);
    expect(detailOf(stale)).toMatch(/changed since you reviewed/i);
    // The 409 carries what changed and the mechanic as he is now, beside its detail: not the success's type.
    const conflict = stale.body as unknown as { changed: unknown; mechanic: unknown };
    expect(conflict.changed).toEqual([
      { field: 'apNumber', label: 'Certificate number', reviewed: reviewedNumber, now: otherNumber },
      { field: 'iaAuthorization', label: 'Inspection authorization', reviewed: 'no', now: 'yes' },
    ]);
    expect(conflict.mechanic).toMatchObject({
      id: mechanic.id,
      toVerify: { apNumber: otherNumber, iaAuthorization: true },
    });
    expect(await verified(mechanic.id)).toEqual({
      verifiedApNumber: null,
      verifiedIa: false,
      mechanicStatus: 'pending',
    });
  });

  it('verifies the IA on its own: approving the certificate leaves the IA waiting until it is verified too', async () => {
    const admin = await createUser('admin');
    const number = uniqueCertificate();
    const mechanic = await registerMechanic(number);
    expect((await saveProfile(mechanic, number, true)).status).toBe(201);

    const first = await approve(admin, mechanic.id, { apNumber: number, iaAuthorization: true, verifyIa: false });
    expect(first.status, first.text).toBe(200);
    expect(await verified(mechanic.id)).toEqual({
      verifiedApNumber: number,
      verifiedIa: false,
      mechanicStatus: 'approved',
    });
    // The IA waits in the queue, as its own line.
    expect(first.body.credentialChange).toMatchObject({ apNumber: number, iaAuthorization: true, verifiedIa: false });

    const ia = await approve(admin, mechanic.id, { apNumber: number, iaAuthorization: true, verifyIa: true });
    expect(ia.status, ia.text).toBe(200);
    expect(await verified(mechanic.id)).toEqual({
      verifiedApNumber: number,
      verifiedIa: true,
      mechanicStatus: 'approved',
    });
    expect(ia.body.credentialChange).toBeNull();
  });

  it('a number verified for one approved account is refused for a second, and the first owner and the business are told', async () => {
    const admin = await createUser('admin');
    const held = uniqueCertificate();
    const holder = await mechanicWithProfile(
      { baseLocation: 'KBPI', serviceRadius: 5, apNumber: held, iaAuthorization: true },
      { firstName: 'Ida', lastName: 'Holder' },
    );
    const ownNumber = uniqueCertificate();
    const impostor = await mechanicWithProfile(
      { baseLocation: 'KBPI', serviceRadius: 5, apNumber: ownNumber, iaAuthorization: false },
      { firstName: 'Ivan', lastName: 'Impostor' },
    );
    expect((await saveProfile(impostor, held, true)).status).toBe(200);

    const refused = await approve(admin, impostor.id, { apNumber: held, iaAuthorization: true, verifyIa: true });
    expect(refused.status, refused.text).toBe(409);
    expect(detailOf(refused)).toContain(`Certificate ${held} is already verified for another approved mechanic`);
    expect(detailOf(refused)).toContain('Ida Holder');
    expect(await verified(impostor.id)).toEqual({
      verifiedApNumber: ownNumber,
      verifiedIa: false,
      mechanicStatus: 'approved',
    });

    const toHolder = await outboxTo(holder.email);
    expect(toHolder.map((e) => e.kind)).toContain('mechanic.certificate_claimed');
    const told = await testDb()
      .selectFrom('outbox')
      .select(['toAddress', 'bodyText'])
      .where('kind', '=', 'admin.certificate_claimed')
      .where('bodyText', 'like', `%${held}%`)
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0]?.bodyText).toContain('Ivan Impostor');
  });
});

describe('an entry’s completion date lies between the acceptance and today at the aircraft’s airport', () => {
  it('refuses a date before the job was accepted and a date after today at the airport', async () => {
    const job = await jobReadyToSign({
      airport: 'KEGE',
      aircraft: { make: 'Cessna', model: '172S', year: 2004 },
      hours: 2100,
      items: [{ kind: '100_hour', lastDoneHours: 2010 }],
      lines: [
        { category: 'inspection', description: '100-hour inspection', laborHours: 8, laborRate: 110, partsCost: 0 },
      ],
      stage: 'completed',
      completion: { tachReading: 2104 },
    });
    const path = `/api/appointments/${job.appointmentId}/record`;
    const as = { token: job.mechanic.token };
    expect((await api.get(path, as)).status).toBe(200);

    const backdated = await api.put(path, { completedOn: '2001-02-03' }, as);
    expect(backdated.status, backdated.text).toBe(400);
    expect(backdated.body.errors[0]).toMatchObject({ path: 'completedOn' });
    expect(backdated.body.detail).toMatch(/before the job was accepted/);

    const today = localDayAt('KEGE');
    const ok = await api.put(path, { completedOn: today }, as);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.completedOn).toBe(today);

    const tomorrow = await api.put(path, { completedOn: addDays(today, 1) }, as);
    expect(tomorrow.status, tomorrow.text).toBe(400);
    expect(tomorrow.body.detail).toMatch(/future/);
  });
});
