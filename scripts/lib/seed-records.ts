import { verifyCredentials } from '../../src/features/marketplace/credentials.server.ts';
import { randomUUID } from 'node:crypto';
import { BidBodySchema } from '../../src/contract/bid-lines.ts';
import { MechanicProfileSchema } from '../../src/contract/mechanic-profiles.ts';
import { ServiceRequestSchema } from '../../src/contract/service-requests.ts';
import { hashPassword } from '../../src/server/auth/password.server.ts';
import { saveProfile } from '../../src/features/marketplace/profiles.server.ts';
import { createRequest } from '../../src/features/marketplace/requests.server.ts';
import { MaintenanceRequestSchema } from '../../src/contract/maintenance.ts';
import { requestService } from '../../src/features/maintenance/request-from-due-list.server.ts';
import { advanceAppointment } from '../../src/features/marketplace/appointments.server.ts';
import { submitBid } from '../../src/features/marketplace/bids.server.ts';
import { acceptBid } from '../../src/features/jobs/accept-bid.server.ts';
import { draftAfterCompletion } from '../../src/features/records/record-draft.server.ts';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';
import type { Db } from '../../src/server/db/client.ts';
import { DEMO_ACCOUNTS, demoPilotAndMechanic } from './seed-accounts.ts';

/**
 * A finished job to show the signed-record loop (docs/decisions/0130): the Archer's overdue
 * 100-hour requested from its due list, quoted in lines by the demo mechanic, accepted, done and
 * completed, with its logbook entry drafted and waiting for the mechanic's signature. Signing it
 * in the demo files the PDF in the pilot's Documents and brings the 100-hour current. Goes through
 * the product's own services; added only once.
 */
export async function seedFinishedJob(db: Db): Promise<void> {
  const demo = await demoPilotAndMechanic(db);
  if (!demo) return;
  const { pilot, mechanic } = demo;
  const done = await db.selectFrom('appointments').select('id').where('customerId', '=', pilot.id).executeTakeFirst();
  if (done) return;
  const archer = await db
    .selectFrom('aircraft')
    .select('id')
    .where('ownerId', '=', pilot.id)
    .where('tailNumber', '=', 'N28PA')
    .executeTakeFirst();
  if (!archer) return;
  const hundred = await db
    .selectFrom('maintenanceItems')
    .select('id')
    .where('aircraftId', '=', archer.id)
    .where('kind', '=', '100_hour')
    .executeTakeFirst();
  if (!hundred) return;

  const request = await requestService(
    db,
    pilot,
    archer.id,
    MaintenanceRequestSchema.parse({ itemIds: [hundred.id], urgencyLevel: 'high' }),
  );
  const today = localDayAt('KPAO'); // the Archer's airport: the demo job is done on the day there
  const bid = await submitBid(
    db,
    mechanic,
    request.id,
    BidBodySchema.parse({
      availableStartDate: today,
      estimatedCompletionDate: today,
      warrantyPeriod: 90,
      notes: 'Flight-school Archer: 100-hour per appendix D, plugs rotated.',
      lines: [
        {
          category: 'inspection',
          description: '100-hour inspection, PA-28-181',
          laborHours: 7,
          laborRate: 115,
          partsCost: 0,
          dueItemId: hundred.id,
        },
        { category: 'parts', description: 'Oil and filter', laborHours: 0.5, laborRate: 115, partsCost: 96.4 },
      ],
    }),
  );
  await acceptBid(db, pilot, request.id, bid.id);
  const appointment = await db
    .selectFrom('appointments')
    .select('id')
    .where('serviceRequestId', '=', request.id)
    .executeTakeFirstOrThrow();
  await advanceAppointment(db, mechanic, appointment.id, 'confirm', null);
  await advanceAppointment(db, mechanic, appointment.id, 'start', null);
  await advanceAppointment(
    db,
    mechanic,
    appointment.id,
    'complete',
    '100-hour inspection done; compression 72/74/75/73 over 80. Plugs rotated, oil changed.',
  );
  await draftAfterCompletion(db, mechanic, appointment.id);
}

/** A data-only account of the demo (it has no password anyone knows: the demo signs in as Manny). */
async function demoPerson(
  db: Db,
  values: { email: string; firstName: string; lastName: string; role: 'pilot' | 'mechanic'; location: string },
) {
  return db
    .insertInto('users')
    .values({
      ...values,
      passwordHash: await hashPassword(randomUUID()),
      phone: null,
      certificationNumber: values.role === 'mechanic' ? '4455667' : null,
      yearsExperience: values.role === 'mechanic' ? 6 : null,
      serviceRadius: values.role === 'mechanic' ? 60 : null,
      hourlyRate: values.role === 'mechanic' ? 98 : null,
      mechanicStatus: values.role === 'mechanic' ? 'approved' : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * An annual to show the bid side of the IA rule (docs/decisions/0140): Dale, an A&P without an
 * inspection authorization based at Reno (out of the demo mechanic's reach), quoted Rita's Bonanza
 * annual naming Manny (the demo mechanic, an IA) to sign it; the job is completed and its entry
 * waits under Manny's Appointments, "Annuals to sign". Added only once.
 */
export async function seedAnnualForNamedIa(db: Db): Promise<void> {
  const manny = await db
    .selectFrom('users as u')
    .innerJoin('mechanicProfiles as p', 'p.userId', 'u.id')
    .select(['u.id', 'p.apNumber'])
    .where('u.email', '=', DEMO_ACCOUNTS.mechanic.email)
    .executeTakeFirst();
  if (!manny) return;
  const seeded = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'dale.brooks@example.com')
    .executeTakeFirst();
  if (seeded) return;
  const dale = await demoPerson(db, {
    email: 'dale.brooks@example.com',
    firstName: 'Dale',
    lastName: 'Brooks',
    role: 'mechanic',
    location: 'Reno, NV',
  });
  await saveProfile(
    db,
    dale.id,
    MechanicProfileSchema.parse({
      apNumber: '4455667',
      iaAuthorization: false,
      specialties: ['annual_inspection', 'scheduled_maintenance'],
      hourlyRate: 98,
      serviceRadius: 60,
      baseLocation: 'KRNO',
      businessName: 'High Desert Aero Care',
    }),
  );
  await verifyCredentials(db, dale.id); // vetted, like every demo mechanic (docs/decisions/0180)
  const rita = await demoPerson(db, {
    email: 'rita.owens@example.com',
    firstName: 'Rita',
    lastName: 'Owens',
    role: 'pilot',
    location: 'Reno, NV',
  });
  const today = localDayAt('KRNO'); // the job's airport: its dates are the day there
  const request = await createRequest(
    db,
    rita,
    ServiceRequestSchema.parse({
      aircraftMake: 'Beechcraft',
      aircraftModel: 'A36 Bonanza',
      aircraftYear: 1996,
      aircraftTailNumber: 'N36RB',
      aircraftTotalHours: 3412,
      aircraftLocation: 'KRNO',
      serviceType: 'annual_inspection',
      serviceDescription: 'Annual inspection; the right main gear door sits a little proud.',
      serviceLocation: 'KRNO',
    }),
  );
  const bid = await submitBid(
    db,
    dale,
    request.id,
    BidBodySchema.parse({
      laborCost: 1960,
      partsCost: 140,
      estimatedHours: 20,
      availableStartDate: today,
      estimatedCompletionDate: today,
      warrantyPeriod: 90,
      notes: 'Annual per appendix D; Manny Mechanic (IA) inspects and signs the return to service.',
      inspectionSigner: { fullName: 'Manny Mechanic', certificateNumber: manny.apNumber },
    }),
  );
  await acceptBid(db, rita, request.id, bid.id);
  const appointment = await db
    .selectFrom('appointments')
    .select('id')
    .where('serviceRequestId', '=', request.id)
    .executeTakeFirstOrThrow();
  await advanceAppointment(db, dale, appointment.id, 'confirm', null);
  await advanceAppointment(db, dale, appointment.id, 'start', null);
  await advanceAppointment(
    db,
    dale,
    appointment.id,
    'complete',
    'Gear door rigging adjusted. Ready for the IA inspection and sign-off.',
  );
  await draftAfterCompletion(db, dale, appointment.id);
}
