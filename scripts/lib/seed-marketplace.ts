import { AircraftSchema } from '../../src/contract/marketplace.ts';
import { MechanicProfileSchema } from '../../src/contract/mechanic-profiles.ts';
import { ServiceRequestSchema } from '../../src/contract/service-requests.ts';
import { addAircraft } from '../../src/features/marketplace/aircraft.server.ts';
import { saveProfile } from '../../src/features/marketplace/profiles.server.ts';
import { verifyCredentials } from '../../src/features/marketplace/credentials.server.ts';
import { createRequest } from '../../src/features/marketplace/requests.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { demoPilotAndMechanic } from './seed-accounts.ts';

/**
 * The demo marketplace: the demo pilot's aircraft, the demo mechanic's profile (based at KSJC,
 * 150 mi radius) and one request of the pilot's, matched to the mechanic. Goes through the same
 * services as the API, so matching and notifications are real. Each step checks before it adds.
 */
export async function seedMarketplace(db: Db): Promise<void> {
  const demo = await demoPilotAndMechanic(db);
  if (!demo) return;
  const { pilot, mechanic } = demo;

  const profile = await db
    .selectFrom('mechanicProfiles')
    .select('userId')
    .where('userId', '=', mechanic.id)
    .executeTakeFirst();
  if (!profile) {
    await saveProfile(
      db,
      mechanic.id,
      MechanicProfileSchema.parse({
        apNumber: mechanic.certificationNumber ?? '3456789',
        iaAuthorization: true,
        specialties: ['annual_inspection', 'hundred_hour', 'prepurchase', 'engine_repair'],
        hourlyRate: 115,
        travelRate: 1.25,
        serviceRadius: 150,
        baseLocation: 'KSJC',
        businessName: 'Manny’s Mobile Aero Services',
      }),
    );
    // The demo mechanic is vetted: his certificate and IA are verified (docs/decisions/0180).
    await verifyCredentials(db, mechanic.id);
  }

  const hasAircraft = await db.selectFrom('aircraft').select('id').where('ownerId', '=', pilot.id).executeTakeFirst();
  if (!hasAircraft) {
    await addAircraft(
      db,
      pilot.id,
      AircraftSchema.parse({
        tailNumber: 'N734PP',
        make: 'Cessna',
        model: '182T Skylane',
        year: 2006,
        totalHours: 2310.4,
      }),
    );
    await addAircraft(
      db,
      pilot.id,
      AircraftSchema.parse({
        tailNumber: 'N28PA',
        make: 'Piper',
        model: 'PA-28-181 Archer',
        year: 1999,
        totalHours: 5120,
      }),
    );
  }

  const hasRequest = await db
    .selectFrom('serviceRequests')
    .select('id')
    .where('customerId', '=', pilot.id)
    .executeTakeFirst();
  if (!hasRequest) {
    const plane = await db
      .selectFrom('aircraft')
      .select('id')
      .where('ownerId', '=', pilot.id)
      .where('tailNumber', '=', 'N734PP')
      .executeTakeFirst();
    const inTwoWeeks = new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await createRequest(
      db,
      pilot,
      ServiceRequestSchema.parse({
        aircraftId: plane?.id ?? null,
        aircraftMake: 'Cessna',
        aircraftModel: '182T Skylane',
        aircraftTailNumber: 'N734PP',
        aircraftLocation: 'KSQL',
        serviceType: 'annual_inspection',
        serviceDescription:
          'Annual inspection due at the end of the month. Intermittent alternator light to look at too.',
        urgencyLevel: 'normal',
        preferredStartDate: inTwoWeeks,
        serviceLocation: 'KSQL',
        customerWillTravel: false,
        maxTravelDistance: 50,
        estimatedBudget: 2800,
      }),
    );
  }
}
