import type { MechanicProfile, MechanicProfileData } from '../../contract/mechanic-profiles.ts';
import type { Db } from '../../server/db/client.ts';
import { badRequest, notFound } from '../../server/http/errors.ts';
import { resolveLocation, unknownLocationMessage } from './geo/resolve.ts';
import { toProfile } from './mappers.server.ts';
import { rematchMechanic } from './rematch-mechanic.server.ts';
import { settleCredentials } from './credentials.server.ts';

export async function getProfile(db: Db, userId: string): Promise<MechanicProfile> {
  const row = await db.selectFrom('mechanicProfiles').selectAll().where('userId', '=', userId).executeTakeFirst();
  if (!row) throw notFound('Mechanic profile not found');
  return toProfile(row);
}

export interface SavedProfile {
  profile: MechanicProfile;
  created: boolean;
}

/**
 * Creates or updates a mechanic's profile. The base location is resolved to coordinates here (an
 * unknown place is a 400), then open requests are re-matched in the same transaction, so a new or
 * widened profile picks up requests that were waiting. Rating and completed jobs are earned, never
 * set by the form.
 */
export async function saveProfile(db: Db, userId: string, data: MechanicProfileData): Promise<SavedProfile> {
  const base = resolveLocation(data.baseLocation);
  if (!base) {
    const message = unknownLocationMessage(data.baseLocation);
    throw badRequest(message, [{ path: 'baseLocation', message }]);
  }
  const values = {
    apNumber: data.apNumber,
    iaAuthorization: data.iaAuthorization,
    specialties: data.specialties,
    hourlyRate: data.hourlyRate,
    travelRate: data.travelRate,
    serviceRadius: data.serviceRadius,
    baseLocation: data.baseLocation,
    baseLocationLabel: base.label,
    baseLatitude: base.latitude,
    baseLongitude: base.longitude,
    businessName: data.businessName,
    availableWeekdays: data.availableWeekdays,
    preferredHoursStart: data.preferredHours.start,
    preferredHoursEnd: data.preferredHours.end,
  };
  return db.transaction().execute(async (trx) => {
    const existed = await trx
      .selectFrom('mechanicProfiles')
      .select('userId')
      .where('userId', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    const row = await trx
      .insertInto('mechanicProfiles')
      .values({ userId, ...values })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ ...values, updatedAt: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
    await rematchMechanic(trx, userId);
    // A new number or an IA waits for an administrator; giving one up counts at once (0180).
    await settleCredentials(trx, userId);
    const settled = await trx
      .selectFrom('mechanicProfiles')
      .selectAll()
      .where('userId', '=', row.userId)
      .executeTakeFirstOrThrow();
    return { profile: toProfile(settled), created: !existed };
  });
}
