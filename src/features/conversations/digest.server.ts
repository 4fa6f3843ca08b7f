import { BUSINESS } from '../../contract/business.ts';
import { CONVERSATIONS } from '../../contract/conversations.ts';
import type { Db } from '../../server/db/client.ts';
import { env } from '../../server/env.ts';
import { credentialsFor } from '../integrations/api-keys.server.ts';
import { enqueueEmail, enqueueSms, toE164 } from '../messaging/outbox.server.ts';
import { inQuietHours } from './quiet-hours.ts';

export interface DigestReport {
  emails: number;
  texts: number;
  /** Readers whose digest waits for the end of their quiet hours. */
  quiet: number;
}

/** Readers handled in one run at most; the rest wait for the next minute. */
const BATCH = 200;
const MINUTE_MS = 60_000;

/**
 * Away from the screen (docs/decisions/0221-message-digest.md): a reader with a message from the
 * other side unread for 10 minutes gets one email (and a text where they turned it on and gave a
 * phone) for that thread, at most one per thread per hour, never during their quiet hours, and
 * only for messages newer than the last digest. Each reader's row is claimed with a conditional
 * update, so two overlapping runs never send twice. Everything goes through the outbox.
 * `now` is the clock; tests pass their own.
 */
export async function sendMessageDigests(db: Db, now = new Date()): Promise<DigestReport> {
  const report: DigestReport = { emails: 0, texts: 0, quiet: 0 };
  const ripe = new Date(now.getTime() - CONVERSATIONS.digestAfterMinutes * MINUTE_MS);
  const windowStart = new Date(now.getTime() - CONVERSATIONS.digestWindowMinutes * MINUTE_MS);
  const due = await db
    .selectFrom('conversationMembers as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversationId')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .leftJoin('messageSettings as s', 's.userId', 'm.userId')
    .select([
      'm.conversationId',
      'm.userId',
      'm.lastReadSeq',
      'm.lastDigestAt',
      'u.email',
      'u.firstName',
      'u.phone',
      'u.emailNotifications',
      's.smsDigest',
      's.timeZone',
    ])
    .where((eb) => eb.or([eb('m.lastDigestAt', 'is', null), eb('m.lastDigestAt', '<=', windowStart)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('conversationMessages as x')
          .select('x.id')
          .whereRef('x.conversationId', '=', 'm.conversationId')
          .where('x.kind', '=', 'message')
          .whereRef('x.senderId', '!=', 'm.userId')
          .whereRef('x.seq', '>', 'm.lastReadSeq')
          .whereRef('x.seq', '>', 'm.digestSeq')
          .where('x.createdAt', '<=', ripe),
      ),
    )
    .orderBy('m.conversationId')
    .limit(BATCH)
    .execute();

  const texting = due.some((d) => d.smsDigest) ? Boolean(await credentialsFor(db, 'twilio')) : false;
  for (const reader of due) {
    if (inQuietHours(now, reader.timeZone)) {
      report.quiet += 1;
      continue;
    }
    await db.transaction().execute(async (trx) => {
      const newest = await trx
        .selectFrom('conversationMessages')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('conversationId', '=', reader.conversationId)
        .executeTakeFirstOrThrow();
      const claimed = await trx
        .updateTable('conversationMembers')
        .set({ lastDigestAt: now, digestSeq: newest.seq ?? 0 })
        .where('conversationId', '=', reader.conversationId)
        .where('userId', '=', reader.userId)
        .where((eb) => eb.or([eb('lastDigestAt', 'is', null), eb('lastDigestAt', '<=', windowStart)]))
        .returning('userId')
        .executeTakeFirst();
      if (!claimed) return;
      const unread = await trx
        .selectFrom('conversationMessages as x')
        .innerJoin('users as w', 'w.id', 'x.senderId')
        .select(['x.body', 'x.shownBody', 'x.documentIds', 'w.firstName', 'w.lastName'])
        .where('x.conversationId', '=', reader.conversationId)
        .where('x.kind', '=', 'message')
        .where('x.senderId', '!=', reader.userId)
        .where('x.seq', '>', reader.lastReadSeq)
        .orderBy('x.seq')
        .execute();
      if (unread.length === 0) return;
      const job = await trx
        .selectFrom('conversations as c')
        .innerJoin('serviceRequests as sr', 'sr.id', 'c.serviceRequestId')
        .select(['sr.aircraftTailNumber'])
        .where('c.id', '=', reader.conversationId)
        .executeTakeFirstOrThrow();
      const writer = `${unread.at(-1)!.firstName} ${unread.at(-1)!.lastName}`.trim();
      const count = unread.length === 1 ? 'a message' : `${unread.length} messages`;
      const lines = unread.slice(-3).map((m) => `> ${snippet(m.shownBody ?? m.body, m.documentIds.length)}`);
      const origin = siteOrigin();
      if (reader.emailNotifications) {
        await enqueueEmail(trx, {
          kind: 'conversation.digest',
          to: reader.email,
          subject: `${writer} sent you ${count} about ${job.aircraftTailNumber} - ${BUSINESS.name}`,
          text: [
            `Hi ${reader.firstName},`,
            '',
            `${writer} sent you ${count} about ${job.aircraftTailNumber} that you have not read yet:`,
            '',
            ...lines,
            '',
            origin
              ? `Reply in Messages on your dashboard: ${origin}/dashboard`
              : 'Reply in Messages on your dashboard.',
            '',
            'At most one such email per conversation per hour, never between 21:00 and 07:00 your time. You can turn these emails off in the Notifications tab of your dashboard.',
          ].join('\n'),
        });
        report.emails += 1;
      }
      const phone = toE164(reader.phone);
      if (reader.smsDigest && phone && texting) {
        await enqueueSms(trx, {
          kind: 'conversation.digest',
          to: phone,
          text: `${BUSINESS.name}: ${writer} sent you ${count} about ${job.aircraftTailNumber}. Reply in Messages on your dashboard.`,
        });
        report.texts += 1;
      }
    });
  }
  return report;
}

function snippet(text: string, attachments: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const cut = oneLine.length > 200 ? `${oneLine.slice(0, 199)}…` : oneLine;
  return cut || (attachments === 1 ? '(an attachment)' : `(${attachments} attachments)`);
}

function siteOrigin(): string | null {
  const { SITE_URL, URL: netlifyUrl } = env();
  return (SITE_URL || netlifyUrl || '').replace(/\/+$/, '') || null;
}
