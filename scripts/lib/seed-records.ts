import { BidBodySchema } from '../../src/contract/bid-lines.ts';
import { MaintenanceRequestSchema } from '../../src/contract/maintenance.ts';
import { requestService } from '../../src/features/maintenance/maintenance.server.ts';
import { advanceAppointment } from '../../src/features/marketplace/appointments.server.ts';
import { acceptBid, submitBid } from '../../src/features/marketplace/bids.server.ts';
import { draftAfterCompletion } from '../../src/features/records/records.server.ts';
import type { Db } from '../../src/server/db/client.ts';
import { DEMO_ACCOUNTS } from './seed-accounts.ts';

/**
 * A finished job to show the signed-record loop (docs/decisions/0130): the Archer's overdue
 * 100-hour requested from its due list, quoted in lines by the demo mechanic, accepted, done and
 * completed, with its logbook entry drafted and waiting for the mechanic's signature. Signing it
 * in the demo files the PDF in the pilot's Documents and brings the 100-hour current. Goes through
 * the product's own services; added only once.
 */
export async function seedFinishedJob(db: Db): Promise<void> {
  const pilot = await db.selectFrom('users').selectAll().where('email', '=', DEMO_ACCOUNTS.pilot.email).executeTakeFirst();
  const mechanic = await db.selectFrom('users').selectAll().where('email', '=', DEMO_ACCOUNTS.mechanic.email).executeTakeFirst();
  if (!pilot || !mechanic) return;
  const done = await db.selectFrom('appointments').select('id').where('customerId', '=', pilot.id).executeTakeFirst();
  if (done) return;
  const archer = await db.selectFrom('aircraft').select('id').where('ownerId', '=', pilot.id).where('tailNumber', '=', 'N28PA').executeTakeFirst();
  if (!archer) return;
  const hundred = await db.selectFrom('maintenanceItems').select('id').where('aircraftId', '=', archer.id).where('kind', '=', '100_hour').executeTakeFirst();
  if (!hundred) return;

  const request = await requestService(db, pilot, archer.id, MaintenanceRequestSchema.parse({ itemIds: [hundred.id], urgencyLevel: 'high' }));
  const today = new Date().toISOString().slice(0, 10);
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
        { category: 'inspection', description: '100-hour inspection, PA-28-181', laborHours: 7, laborRate: 115, partsCost: 0, dueItemId: hundred.id },
        { category: 'parts', description: 'Oil and filter', laborHours: 0.5, laborRate: 115, partsCost: 96.4 },
      ],
    }),
  );
  await acceptBid(db, pilot, request.id, bid.id);
  const appointment = await db.selectFrom('appointments').select('id').where('serviceRequestId', '=', request.id).executeTakeFirstOrThrow();
  await advanceAppointment(db, mechanic, appointment.id, 'confirm', null);
  await advanceAppointment(db, mechanic, appointment.id, 'start', null);
  await advanceAppointment(db, mechanic, appointment.id, 'complete', '100-hour inspection done; compression 72/74/75/73 over 80. Plugs rotated, oil changed.');
  await draftAfterCompletion(db, mechanic, appointment.id);
}
