import { MARKETPLACE, type MarketplaceServiceType } from '../../contract/marketplace.ts';
import type { PublicMechanicProfile } from '../../contract/mechanic-profiles.ts';
import { isUuid } from '../../contract/ids.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { notFound } from '../../server/http/errors.ts';
import { airmenBadgesOf } from './airmen-verdicts.server.ts';
import { fullName } from '../../server/db/full-name.ts';
import { dateOnly } from './mappers.server.ts';

const mechanicNotFound = () => notFound('Mechanic not found');

/**
 * Whether `viewer` may read this mechanic's profile: the mechanic, an administrator, or an owner
 * whose request the mechanic was matched to or quoted on. Anyone else gets the same 404 as a
 * mechanic who does not exist, so the call cannot list who is on the platform.
 */
async function mayRead(db: Db, viewer: UserRow, mechanicId: string): Promise<boolean> {
  if (viewer.id === mechanicId || viewer.role === 'admin') return true;
  if (viewer.role === 'mechanic') return false;
  const link = await db
    .selectFrom('serviceRequests as r')
    .select('r.id')
    .where('r.customerId', '=', viewer.id)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('serviceRequestMatches as m')
            .select('m.mechanicId')
            .whereRef('m.serviceRequestId', '=', 'r.id')
            .where('m.mechanicId', '=', mechanicId),
        ),
        eb.exists(
          eb
            .selectFrom('bids as b')
            .select('b.id')
            .whereRef('b.serviceRequestId', '=', 'r.id')
            .where('b.mechanicId', '=', mechanicId),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return link !== undefined;
}

/** "Olga Owner" -> "Olga O.": a reviewer is named, not identified. */
const shortName = (first: string, last: string) => `${first}${last ? ` ${last.charAt(0)}.` : ''}`;

/** A mechanic's profile as an owner who got their quote sees it (docs/decisions/0150). */
export async function publicProfile(
  db: Db,
  viewer: UserRow,
  mechanicId: string | undefined,
): Promise<PublicMechanicProfile> {
  if (!isUuid(mechanicId)) throw mechanicNotFound();
  const row = await db
    .selectFrom('users as u')
    .innerJoin('mechanicProfiles as p', 'p.userId', 'u.id')
    .select([
      'u.id',
      'u.firstName',
      'u.lastName',
      'u.createdAt',
      'p.businessName',
      'p.baseLocationLabel',
      'p.serviceRadius',
      'p.specialties',
      'p.hourlyRate',
      'p.verifiedIa as iaAuthorization',
      'p.ratingCount',
      'p.rating',
      'p.completedJobs',
    ])
    .where('u.id', '=', mechanicId)
    .where('u.role', '=', 'mechanic')
    .executeTakeFirst();
  if (!row || !(await mayRead(db, viewer, mechanicId))) throw mechanicNotFound();
  const [reviews, badges] = await Promise.all([
    db
      .selectFrom('ratings as r')
      .innerJoin('users as c', 'c.id', 'r.customerId')
      .select(['r.rating', 'r.review', 'r.createdAt', 'c.firstName', 'c.lastName'])
      .where('r.mechanicId', '=', mechanicId)
      .where('r.review', 'is not', null)
      .where('r.review', '<>', '')
      .orderBy('r.createdAt', 'desc')
      .limit(MARKETPLACE.publicReviews)
      .execute(),
    airmenBadgesOf(db, [mechanicId]),
  ]);
  return {
    mechanicId: row.id,
    name: fullName(row),
    businessName: row.businessName,
    baseLocationLabel: row.baseLocationLabel,
    serviceRadius: row.serviceRadius,
    specialties: row.specialties as MarketplaceServiceType[],
    hourlyRate: Number(row.hourlyRate),
    iaAuthorization: row.iaAuthorization,
    rating: Number(row.rating),
    ratingCount: row.ratingCount,
    completedJobs: row.completedJobs,
    memberSince: dateOnly(row.createdAt),
    faaAirmen: badges.get(mechanicId) ?? null,
    reviews: reviews.map((r) => ({
      rating: r.rating,
      review: r.review!,
      reviewer: shortName(r.firstName, r.lastName),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
