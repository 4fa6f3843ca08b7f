import {
  APPROVAL_FIELD_LABELS,
  VETTING_MESSAGES,
  type ApproveMechanicSchema,
  type CredentialsToVerify,
  type MechanicForReview,
  type MechanicVettingStatus,
  type ReviewedChange,
} from '../../contract/mechanic-vetting.ts';
import type { UserRow } from '../../server/auth/guards.server.ts';
import type { Db, Tx } from '../../server/db/client.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../server/http/errors.ts';
import { isUuid } from '../../contract/ids.ts';
import { targetOf } from '../../contract/machines.ts';
import { MECHANIC_VETTING_MACHINE } from '../../contract/status-machines.ts';
import { rematchMechanic } from '../marketplace/rematch-mechanic.server.ts';
import { enqueueEmail } from '../messaging/outbox.server.ts';
import { airmenMatchesOf } from '../marketplace/airmen-verdicts.server.ts';
import { sql } from 'kysely';
import { credentialsPending, sameCertificate, type CredentialReview } from '../../contract/credentials.ts';
import { certificateHolder, lockCertificate, type CertificateHolder } from '../marketplace/credentials.server.ts';
import { businessNotificationEmail } from '../messaging/outbox.server.ts';
import { siteUrl } from '../../server/site-url.server.ts';
import type { z } from '../../contract/zod.ts';
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

/**
 * What approving verifies now: the profile's number and IA, or before any profile the number given
 * at sign-up (the first profile that names it has it verified, 0180).
 */
function toVerifyOf(r: {
  apNumber: string | null;
  certificationNumber: string | null;
  iaAuthorization: boolean | null;
  verifiedApNumber: string | null;
  verifiedIa: boolean | null;
}): CredentialsToVerify {
  return {
    apNumber: r.apNumber ?? r.certificationNumber,
    iaAuthorization: r.iaAuthorization ?? false,
    verifiedApNumber: r.verifiedApNumber ?? null,
    verifiedIa: r.verifiedIa ?? false,
  };
}

const yesNo = (v: boolean) => (v ? 'yes' : 'no');

/** The fields an approval named that no longer hold (empty: the administrator saw what is there). */
function changesSince(reviewed: ApproveMechanic, now: CredentialsToVerify): ReviewedChange[] {
  const changes: ReviewedChange[] = [];
  const was = reviewed.apNumber?.trim() || null;
  const is = now.apNumber?.trim() || null;
  if (was !== is)
    changes.push({
      field: 'apNumber',
      label: APPROVAL_FIELD_LABELS.apNumber,
      reviewed: was ?? 'none',
      now: is ?? 'none',
    });
  if (reviewed.iaAuthorization !== now.iaAuthorization)
    changes.push({
      field: 'iaAuthorization',
      label: APPROVAL_FIELD_LABELS.iaAuthorization,
      reviewed: yesNo(reviewed.iaAuthorization),
      now: yesNo(now.iaAuthorization),
    });
  return changes;
}

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
    toVerify: toVerifyOf(r),
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

type ApproveMechanic = z.output<typeof ApproveMechanicSchema>;

/** The certificate holder and the business are told of a refused claim to a verified number. */
async function tellOfClaim(trx: Tx, number: string, holder: CertificateHolder, claimant: UserRow): Promise<void> {
  await enqueueEmail(trx, {
    to: holder.email,
    subject: 'Another account asked to use your certificate number',
    text: `Hello ${holder.firstName},\n\nAnother mechanic account asked us to verify certificate ${number}, which is verified on your account. We refused it: a certificate number belongs to one account. An administrator is looking into it.\n\nIf you know why, reply to this email.\n`,
    kind: 'mechanic.certificate_claimed',
  });
  await enqueueEmail(trx, {
    to: await businessNotificationEmail(trx),
    subject: `Certificate ${number} claimed by a second account`,
    text: [
      `${claimant.firstName} ${claimant.lastName} (${claimant.email}) asked to have certificate ${number} verified.`,
      `It is verified for ${holder.firstName} ${holder.lastName} (${holder.email}), an approved mechanic: the approval was refused.`,
      '',
      `Review both accounts in the console's Mechanics tab: ${siteUrl('/admin')}`,
    ].join('\n'),
    kind: 'admin.certificate_claimed',
  });
}

/**
 * An administrator's approval of what they reviewed (docs/decisions/0350): the account of a
 * pending (or rejected) mechanic, or an approved mechanic's new number or IA. The profile row is
 * locked and compared with the values the approval names; a profile changed since answers 409 with
 * what changed. The IA counts only when `verifyIa` says it was checked; a number newly verified
 * that another approved account holds is refused, and that account and the business are told.
 */
export async function approveMechanic(db: Db, id: string, reviewed: ApproveMechanic): Promise<MechanicForReview> {
  if (!isUuid(id)) throw notFound('Mechanic not found');
  if (reviewed.verifyIa && !reviewed.iaAuthorization) throw badRequest(VETTING_MESSAGES.iaNotAsked);
  const outcome = await db.transaction().execute(async (trx) => {
    const mechanic = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('role', '=', 'mechanic')
      .forUpdate()
      .executeTakeFirst();
    if (!mechanic) throw notFound('Mechanic not found');
    const profile = await trx
      .selectFrom('mechanicProfiles')
      .select(['apNumber', 'iaAuthorization', 'verifiedApNumber', 'verifiedIa'])
      .where('userId', '=', id)
      .forUpdate()
      .executeTakeFirst();
    const now = toVerifyOf({
      ...(profile ?? { apNumber: null, iaAuthorization: null, verifiedApNumber: null, verifiedIa: null }),
      certificationNumber: mechanic.certificationNumber,
    });
    const changed = changesSince(reviewed, now);
    if (changed.length > 0)
      throw new HttpError(409, VETTING_MESSAGES.changedSinceReview(changed), {
        body: { changed, mechanic: await mechanicForReview(trx, id) },
      });
    const wasApproved = mechanic.mechanicStatus === 'approved';
    // A number becomes verified when it is not the one verified already (digits compared).
    const newNumber = profile !== undefined && !sameCertificate(profile.apNumber, profile.verifiedApNumber);
    // An IA is tied to its certificate: a new number's IA counts only when checked now.
    const ia =
      profile !== undefined && profile.iaAuthorization && (reviewed.verifyIa || (profile.verifiedIa && !newNumber));
    if (wasApproved) {
      const waiting = profile !== undefined && credentialsPending({ ...profile, verifiedIa: profile.verifiedIa });
      if (!waiting) throw conflict('This mechanic is already approved');
      if (!newNumber && ia === profile.verifiedIa) throw conflict(VETTING_MESSAGES.nothingToVerify);
    }
    if (profile && newNumber) {
      await lockCertificate(trx, profile.apNumber);
      const holder = await certificateHolder(trx, profile.apNumber, id);
      if (holder) {
        // The notices are kept (committed) although the approval is refused.
        await tellOfClaim(trx, profile.apNumber, holder, mechanic);
        return {
          refused: VETTING_MESSAGES.certificateTaken(profile.apNumber, `${holder.firstName} ${holder.lastName}`),
        } as const;
      }
    }
    if (!wasApproved) {
      await trx
        .updateTable('users')
        .set({
          mechanicStatus: targetOf(MECHANIC_VETTING_MACHINE, 'approve'),
          mechanicReviewReason: null,
          mechanicReviewedAt: new Date(),
          updatedAt: new Date(),
        })
        .where('id', '=', id)
        .execute();
    }
    if (profile) {
      await trx
        .updateTable('mechanicProfiles')
        .set({ verifiedApNumber: profile.apNumber, verifiedIa: ia, credentialsVerifiedAt: new Date() })
        .where('userId', '=', id)
        .execute();
    }
    if (!wasApproved) {
      await rematchMechanic(trx, id);
      await enqueueEmail(trx, {
        to: mechanic.email,
        subject: 'Your Skyward Mobile Aviation mechanic account is approved',
        text: `Hello ${mechanic.firstName},\n\nAn administrator approved your mechanic account. Service requests in your area now appear on your dashboard and you can submit quotes.\n`,
        kind: 'mechanic.approved',
      });
    } else {
      await enqueueEmail(trx, {
        to: mechanic.email,
        subject: 'Your certificate details are verified',
        text: `Hello ${mechanic.firstName},\n\nAn administrator verified the ${[newNumber ? 'certificate number' : null, ia && !profile?.verifiedIa ? 'inspection authorization' : null].filter(Boolean).join(' and ')} on your profile. ${credentialsPending({ apNumber: profile!.apNumber, iaAuthorization: profile!.iaAuthorization, verifiedApNumber: profile!.apNumber, verifiedIa: ia }) ? 'Your inspection authorization still waits to be verified. ' : ''}Verified credentials count when you sign maintenance records.\n`,
        kind: 'mechanic.credentials_verified',
      });
    }
    const row = await mechanicForReview(trx, id);
    if (!row) throw notFound('Mechanic not found');
    return { row } as const;
  });
  if ('refused' in outcome) throw conflict(outcome.refused);
  return outcome.row;
}

/** Rejects a mechanic with a reason that is emailed: their matches go and their running jobs stop. */
export async function rejectMechanic(db: Db, id: string, reason: string): Promise<MechanicForReview> {
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
    if (mechanic.mechanicStatus === 'rejected') throw conflict('This mechanic is already rejected');
    const updated = await trx
      .updateTable('users')
      .set({
        mechanicStatus: targetOf(MECHANIC_VETTING_MACHINE, 'reject'),
        mechanicReviewReason: reason,
        mechanicReviewedAt: new Date(),
        updatedAt: new Date(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A rejected mechanic keeps no matches: nothing of a customer's request stays visible.
    await trx.deleteFrom('serviceRequestMatches').where('mechanicId', '=', id).execute();
    // Their running jobs stop: the owners are told and offered to re-list.
    await stopJobsOf(trx, updated);
    await enqueueEmail(trx, {
      to: updated.email,
      subject: 'Your Skyward Mobile Aviation mechanic application',
      text: `Hello ${updated.firstName},\n\nAn administrator reviewed your mechanic application and could not approve it.\n\nReason: ${reason}\n\nReply to this email if you think this is a mistake.\n`,
      kind: 'mechanic.rejected',
    });
    const row = await mechanicForReview(trx, id);
    if (!row) throw notFound('Mechanic not found');
    return row;
  });
}
