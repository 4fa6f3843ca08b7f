import { createHash, randomBytes } from 'node:crypto';
import { BUSINESS } from '../../contract/business.ts';
import {
  INVITATION_LINK,
  MARKETPLACE_SERVICE_FOR_QUOTE,
  type ConvertResult,
  type InvitationClaim,
  type ServiceRequestDraft,
} from '../../contract/inbox.ts';
import type { Db } from '../../server/db/client.ts';
import { env } from '../../server/env.ts';
import { badRequest, conflict, forbidden, notFound } from '../../server/http/errors.ts';
import { bumpVersion, lockItem, recordEvent, type Actor } from './inbox-item.server.ts';
import { queueEmail } from './inbox-reply.server.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function siteOrigin(fallback: string): string {
  const { SITE_URL, URL: netlifyUrl } = env();
  return (SITE_URL || netlifyUrl || fallback).replace(/\/+$/, '');
}

export function signUpLink(origin: string, email: string, token: string): string {
  const params = new URLSearchParams({
    [INVITATION_LINK.signupParam]: '1',
    [INVITATION_LINK.emailParam]: email,
    [INVITATION_LINK.tokenParam]: token,
  });
  return `${siteOrigin(origin)}${INVITATION_LINK.path}?${params.toString()}`;
}

/**
 * Convert (docs/decisions/0210): the quote request becomes a sign-up invitation emailed to the
 * customer. The link carries the email (prefilled on the form) and a 32-byte secret of which only
 * the SHA-256 is kept; the draft service request is copied from the quote now, so later edits to the
 * quote do not change what was promised.
 */
export async function convertQuote(db: Db, id: string | undefined, by: Actor, origin: string): Promise<ConvertResult> {
  return db.transaction().execute(async (trx) => {
    const row = await lockItem(trx, 'quotes', id);
    if (row.mergedInto) throw badRequest('This request was merged into another one: convert that one');
    const existing = await trx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', row.email.toLowerCase()))
      .executeTakeFirst();
    if (existing) throw conflict('This customer already has an account: no invitation was sent');
    const q = await trx.selectFrom('quotes').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    const draft: ServiceRequestDraft = {
      aircraftMake: q.aircraftMake,
      aircraftModel: q.aircraftModel,
      aircraftTailNumber: q.registrationNumber,
      aircraftTotalHours: q.totalHours === null ? null : Number(q.totalHours),
      serviceType: MARKETPLACE_SERVICE_FOR_QUOTE[q.serviceType] ?? 'scheduled_maintenance',
      serviceDescription: [q.message, q.additionalNotes].filter(Boolean).join('\n\n'),
      location: q.location,
    };
    const token = randomBytes(32).toString('base64url');
    const link = signUpLink(origin, q.returnEmail, token);
    const messageId = await queueEmail(trx, {
      to: q.returnEmail,
      subject: `Your ${BUSINESS.name} account is ready to open`,
      text: [
        `Hi ${q.firstName},`,
        '',
        `As promised, here is your invitation to ${BUSINESS.name}'s marketplace, where certified A&P mechanics quote on your aircraft's work.`,
        `Open this link to sign up with ${q.returnEmail}; your ${q.aircraftMake} ${q.aircraftModel} and the service you asked about will be waiting as a draft request:`,
        '',
        link,
        '',
        `${BUSINESS.name} - ${BUSINESS.phoneDisplay}`,
      ].join('\n'),
      kind: 'inbox.invitation',
      templateId: null,
    });
    const invitation = await trx
      .insertInto('inboxInvitations')
      .values({
        quoteId: row.id,
        email: q.returnEmail,
        tokenHash: sha256(token),
        createdBy: by.id,
        outboxId: messageId,
        draft: JSON.stringify(draft),
        claimedBy: null,
        claimedAt: null,
        aircraftId: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordEvent(trx, 'quotes', row.id, by, {
      kind: 'convert',
      subject: 'Sign-up invitation',
      text: `Invitation sent to ${q.returnEmail}`,
      outboxId: messageId,
    });
    await bumpVersion(trx, 'quotes', row.id);
    return { success: true, invitationId: invitation.id, messageId, signUpUrl: link };
  });
}

/**
 * The new pilot's side: the invitation of this link, for the account of the same email, is
 * claimed once; the aircraft joins My Aircraft (when the quote named a registration) and the
 * draft is answered for the Request Service form.
 */
export async function claimInvitation(
  db: Db,
  user: { id: string; email: string; role: string },
  token: string,
): Promise<InvitationClaim> {
  if (user.role !== 'pilot') throw forbidden('Invitations are for aircraft owners');
  return db.transaction().execute(async (trx) => {
    const inv = await trx
      .selectFrom('inboxInvitations')
      .selectAll()
      .where('tokenHash', '=', sha256(token))
      .forUpdate()
      .executeTakeFirst();
    if (!inv) throw notFound('This invitation link is not valid');
    if (inv.email.toLowerCase() !== user.email.toLowerCase())
      throw forbidden('This invitation was sent to another email address');
    const draft = JSON.parse(inv.draft) as ServiceRequestDraft;
    if (inv.claimedBy && inv.claimedBy !== user.id) throw conflict('This invitation was already used');
    let aircraftId = inv.aircraftId;
    if (!inv.claimedBy) {
      if (draft.aircraftTailNumber) {
        const added = await trx
          .insertInto('aircraft')
          .values({
            ownerId: user.id,
            tailNumber: draft.aircraftTailNumber,
            make: draft.aircraftMake,
            model: draft.aircraftModel,
            year: null,
            totalHours: draft.aircraftTotalHours,
            homeAirport: null,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        aircraftId = added?.id ?? null;
      }
      await trx
        .updateTable('inboxInvitations')
        .set({ claimedBy: user.id, claimedAt: new Date(), aircraftId })
        .where('id', '=', inv.id)
        .execute();
      await trx
        .insertInto('inboxEvents')
        .values({
          subjectKind: 'quotes',
          subjectId: inv.quoteId,
          byUserId: user.id,
          kind: 'convert',
          fromStatus: null,
          toStatus: null,
          lostReason: null,
          text: 'The customer signed up from the invitation',
          subject: null,
          outboxId: null,
          templateId: null,
          assignedTo: null,
          otherId: null,
        })
        .execute();
    }
    return { success: true, draft, aircraftId };
  });
}
