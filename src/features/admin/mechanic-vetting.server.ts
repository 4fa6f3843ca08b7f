import {
  VETTING_MESSAGES,
  type MechanicForReview,
  type MechanicVettingStatus,
} from '../../contract/mechanic-vetting.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict, forbidden, notFound } from '../../server/http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import { rematchMechanic } from '../marketplace/matching.server.ts';
import { enqueueEmail } from '../messaging/outbox.server.ts';
import { airmenMatchesOf } from '../marketplace/airmen-verdicts.server.ts';
import { sql } from 'kysely';
import { credentialsPending, type CredentialReview } from '../../contract/credentials.ts';
import { verifyCredentials } from '../marketplace/credentials.server.ts';
import { stopJobsOf } from '../marketplace/stopped-jobs.server.ts';
import { lockedEmails } from '../auth/locked-accounts.server.ts';
import { PAGING } from '../../contract/paging.ts';
import { afterKey, cut, keyOf, type KeyColumn, type PageRequest, type Paged } from '../../server/http/paging.ts';

/** Approved mechanics whose profile asks for a number or an IA not verified yet (digits compared). */
const CREDENTIALS_PENDING_SQL = sql<boolean>`(
  coalesce(regexp_replace(p.ap_number, '[^0-9]', '', 'g'), '') is distinct from coalesce(regexp_replace(p.verified_ap_number, '[^0-9]', '', 'g'), '')
  or (p.ia_authorization and not p.verified_ia))`;

function credentialChangeOf(c: CredentialReview): CredentialReview | null {
  return credentialsPending(c) ? c : null;
}

/** An approved mechanic's new number or IA, approved: it counts from now on. 409 when nothing waits. */
async function approveCredentialChange(trx: Db, mechanic: UserRow): Promise<MechanicForReview> {
  const waiting = await mechanicForReview(trx, mechanic.id);
  if (!waiting?.credentialChange) throw conflict('This mechanic is already approved');
  await verifyCredentials(trx, mechanic.id);
  await enqueueEmail(trx, {
    to: mechanic.email,
    subject: 'Your certificate details are verified',
    text: `Hello ${mechanic.firstName},\n\nAn administrator verified the certificate number${waiting.credentialChange.iaAuthorization ? ' and inspection authorization' : ''} on your profile. They now count when you sign maintenance records.\n`,
    kind: 'mechanic.credentials_verified',
  });
  const row = await mechanicForReview(trx, mechanic.id);
  if (!row) throw notFound('Mechanic not found');
  return row;
}

/**
 * A mechanic sees requests and bids only once an administrator has approved the account
 * (docs/decisions/0093-mechanic-vetting.md). 403 with a sentence saying why otherwise.
 */
export function requireApprovedMechanic(mechanic: UserRow, action: 'requests' | 'bid'): void {
  if (mechanic.mechanicStatus === 'approved') return;
  if (mechanic.mechanicStatus === 'rejected') throw forbidden(VETTING_MESSAGES.rejected);
  throw forbidden(action === 'bid' ? VETTING_MESSAGES.pendingBid : VETTING_MESSAGES.pendingRequests);
}

/** The columns of a mechanic under review, and the key the list pages by (created_at, id). */
function mechanicsQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('mechanicProfiles as p', 'p.userId', 'u.id')
    .select([
      'u.id',
      'u.firstName',
      'u.lastName',
      'u.email',
      'u.phone',
      'u.location',
      'u.certificationNumber',
      'p.apNumber',
      'u.yearsExperience',
      'u.serviceRadius',
      'u.mechanicStatus',
      'u.mechanicReviewReason',
      'u.mechanicReviewedAt',
      'u.createdAt',
    ])
    .select(['p.iaAuthorization', 'p.verifiedApNumber', 'p.verifiedIa'])
    .select(keyOf(MECHANIC_KEYS).as('pageKey'))
    .where('u.role', '=', 'mechanic');
}

/** The list's order (docs/decisions/0201): the queue oldest first, the other lists newest first. */
export const MECHANIC_KEYS = [
  { ref: 'u.created_at', type: 'timestamptz' },
  { ref: 'u.id', type: 'uuid' },
] as const satisfies readonly KeyColumn[];

type MechanicRow = Awaited<ReturnType<ReturnType<typeof mechanicsQuery>['execute']>>[number];

async function toReviews(db: Db, rows: MechanicRow[]): Promise<MechanicForReview[]> {
  const [airmen, locked] = await Promise.all([
    airmenMatchesOf(
      db,
      rows.map((r) => r.id),
    ),
    lockedEmails(
      db,
      rows.map((r) => r.email),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    location: r.location,
    certificationNumber: r.certificationNumber,
    apNumber: r.apNumber ?? null,
    yearsExperience: r.yearsExperience,
    serviceRadius: r.serviceRadius,
    status: r.mechanicStatus ?? 'pending',
    reviewReason: r.mechanicReviewReason,
    reviewedAt: r.mechanicReviewedAt ? new Date(r.mechanicReviewedAt).toISOString() : null,
    createdAt: new Date(r.createdAt).toISOString(),
    airmen: airmen.get(r.id) ?? null,
    credentialChange:
      r.mechanicStatus === 'approved' && r.apNumber !== null && r.iaAuthorization !== null
        ? credentialChangeOf({
            apNumber: r.apNumber,
            iaAuthorization: r.iaAuthorization,
            verifiedApNumber: r.verifiedApNumber ?? null,
            verifiedIa: r.verifiedIa ?? false,
          })
        : null,
    signInLocked: locked.has(r.email.trim().toLowerCase()),
  }));
}

/**
 * One page of a vetting list, cursor-paged like the dashboards (docs/decisions/0201): the queue
 * (pending, and approved mechanics whose new credentials wait) oldest first, approved or rejected
 * newest first. Without a page request, the first page at the default size.
 */
export async function listMechanicsForReview(
  db: Db,
  status: MechanicVettingStatus,
  page: PageRequest = { limit: PAGING.defaultLimit, after: null },
): Promise<Paged<MechanicForReview>> {
  const direction = status === 'pending' ? 'asc' : 'desc';
  const rows = await mechanicsQuery(db)
    // The queue also holds approved mechanics whose new certificate number or IA waits to be
    // verified: it counts for nothing until an administrator approves it (docs/decisions/0180).
    .where((eb) =>
      status === 'pending'
        ? eb.or([
            eb('u.mechanicStatus', '=', status),
            eb.and([eb('u.mechanicStatus', '=', 'approved'), CREDENTIALS_PENDING_SQL]),
          ])
        : eb('u.mechanicStatus', '=', status),
    )
    .$if(page.after !== null, (qb) => qb.where(afterKey(MECHANIC_KEYS, page.after!, direction)))
    .orderBy('u.createdAt', direction)
    .orderBy('u.id', direction)
    .limit(page.limit + 1)
    .execute();
  const { rows: shown, nextCursor } = cut(rows, page.limit);
  return { rows: await toReviews(db, shown), nextCursor };
}

/** One mechanic as the vetting list shows them (null when no mechanic has this id). */
export async function mechanicForReview(db: Db, id: string): Promise<MechanicForReview | null> {
  const rows = await mechanicsQuery(db).where('u.id', '=', id).execute();
  return (await toReviews(db, rows))[0] ?? null;
}

async function review(
  db: Db,
  id: string,
  status: 'approved' | 'rejected',
  reason: string | null,
): Promise<MechanicForReview> {
  if (!isUuid(id)) throw notFound('Mechanic not found');
  return db.transaction().execute(async (trx) => {
    const mechanic = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('role', '=', 'mechanic')
      .forUpdate()
      .executeTakeFirst();
    if (!mechanic) throw notFound('Mechanic not found');
    if (status === 'approved' && mechanic.mechanicStatus === 'approved') return approveCredentialChange(trx, mechanic);
    if (mechanic.mechanicStatus === status) throw conflict(`This mechanic is already ${status}`);
    const updated = await trx
      .updateTable('users')
      .set({
        mechanicStatus: status,
        mechanicReviewReason: reason,
        mechanicReviewedAt: new Date(),
        updatedAt: new Date(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (status === 'approved') {
      // What the profile asks for is what the administrator just approved (0180).
      await verifyCredentials(trx, id);
      await rematchMechanic(trx, id);
      await enqueueEmail(trx, {
        to: updated.email,
        subject: 'Your Skyward Mobile Aviation mechanic account is approved',
        text: `Hello ${updated.firstName},\n\nAn administrator approved your mechanic account. Service requests in your area now appear on your dashboard and you can submit quotes.\n`,
        kind: 'mechanic.approved',
      });
    } else {
      // A rejected mechanic keeps no matches: nothing of a customer's request stays visible.
      await trx.deleteFrom('serviceRequestMatches').where('mechanicId', '=', id).execute();
      // Their running jobs stop: the owners are told and offered to re-list (issue 27, point 4).
      await stopJobsOf(trx, updated);
      await enqueueEmail(trx, {
        to: updated.email,
        subject: 'Your Skyward Mobile Aviation mechanic application',
        text: `Hello ${updated.firstName},\n\nAn administrator reviewed your mechanic application and could not approve it.\n\nReason: ${reason}\n\nReply to this email if you think this is a mistake.\n`,
        kind: 'mechanic.rejected',
      });
    }
    const row = await mechanicForReview(trx, id);
    if (!row) throw notFound('Mechanic not found');
    return row;
  });
}

export const approveMechanic = (db: Db, id: string) => review(db, id, 'approved', null);
export const rejectMechanic = (db: Db, id: string, reason: string) => review(db, id, 'rejected', reason);
