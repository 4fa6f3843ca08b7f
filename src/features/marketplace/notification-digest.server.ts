import { sql } from 'kysely';
import { BUSINESS } from '../../contract/business.ts';
import { NOTIFICATION_EMAIL_GATHER_SECONDS } from '../../contract/write-caps.ts';
import type { Db } from '../../server/db/client.ts';
import type { OutboxAttachment } from '../../server/db/tables/foundation.ts';
import type { ValidWhile } from '../../contract/outbox-validity.ts';
import { URGENT_NOTICES, isUrgentNotice } from '../../contract/notifications.ts';
import { releaseGathering } from '../messaging/outbox.server.ts';

const FOOTER = [
  '',
  'Open your dashboard to see the details.',
  '',
  'You can turn these emails off in the Notifications tab of your dashboard.',
].join('\n');
const COUNT = / \((\d+)\) - [^-]+$/;
const URGENT_KINDS = Object.keys(URGENT_NOTICES).map((type) => `marketplace.${type}`);

/**
 * A notification's email, combined with the ones that arrive together
 * (docs/decisions/0183): each waits NOTIFICATION_EMAIL_GATHER_SECONDS in the outbox, and a
 * notification of the same kind for the same person meanwhile is added to that email instead of
 * making another ("New service request (20)"). Twenty requests in a few seconds reach a mechanic
 * as one email listing twenty. Kinds stay apart, so each email keeps one subject and one kind. The row
 * joined is locked and re-checked as still waiting and never tried, so the delivery run (which
 * takes rows only once they are due, skipping locked ones) never sends half of it.
 */
export async function queueNotificationEmail(db: Db, to: Recipient, n: EmailNotice): Promise<void> {
  await queueNotificationEmails(db, [{ to, n }]);
}

export interface Recipient {
  email: string;
  firstName: string;
}
export interface EmailNotice {
  type: string;
  title: string;
  message: string;
  /** Files the email carries (the appointment's .ics): such an email goes on its own (below). */
  attachments?: readonly OutboxAttachment[] | undefined;
  /**
   * What must still hold when the email leaves (docs/decisions/0452): the delivery drops it as
   * superseded otherwise. Only notices of the same rule and row are joined in one email.
   */
  validWhile?: ValidWhile | undefined;
}

/** The outbox columns of a notice's rule (both null: it always holds). */
const validityColumns = (n: EmailNotice) => ({
  validWhile: n.validWhile?.rule ?? null,
  aboutId: n.validWhile?.aboutId ?? null,
});

/**
 * queueNotificationEmail for many people at once, in three statements whatever their number (a
 * request notifies up to the console's fan-out, 25 by default: one round trip each cost a new
 * request at a crowded airport about 15 ms, docs/decisions/0200). The same person twice in one
 * batch is gathered in order, as separate calls would.
 */
export async function queueNotificationEmails(
  db: Db,
  all: ReadonlyArray<{ to: Recipient; n: EmailNotice }>,
): Promise<void> {
  // An urgent notice (docs/decisions/0453) is due at once: it joins an email of its kind still
  // unclaimed (another change order of the same job a moment ago) or makes one. What the same
  // person has gathering leaves now too: written earlier, it goes ahead (docs/decisions/0451).
  const urgent = all.filter((i) => isUrgentNotice(i.n.type));
  await releaseGathering(
    db,
    urgent.map((i) => i.to.email),
  );
  // An email that carries a file is sent on its own: its file belongs to its one notice, and
  // joining another notice to it would send a file that speaks of only one (docs/decisions/0165).
  const alone = all.filter((i) => (i.n.attachments?.length ?? 0) > 0);
  if (alone.length > 0) {
    await db
      .insertInto('outbox')
      .values(
        alone.map(({ to, n }) => ({
          channel: 'email',
          toAddress: to.email,
          subject: `${n.title} - ${BUSINESS.name}`,
          bodyText: [`Hi ${to.firstName},`, '', n.message, FOOTER].join('\n'),
          bodyHtml: null,
          kind: `marketplace.${n.type}`,
          templateId: null,
          nextAttemptAt: isUrgentNotice(n.type)
            ? sql<Date>`now()`
            : sql<Date>`now() + make_interval(secs => ${NOTIFICATION_EMAIL_GATHER_SECONDS})`,
          lockedUntil: null,
          lastError: null,
          providerMessageId: null,
          sentAt: null,
          attachments: n.attachments?.length ? JSON.stringify(n.attachments) : null,
          ...validityColumns(n),
        })),
      )
      .execute();
  }
  const items = all.filter((i) => !alone.includes(i));
  if (items.length === 0) return;
  const keyOf = (address: string, kind: string, rule: string | null, aboutId: string | null) =>
    [address, kind, rule ?? '', aboutId ?? ''].join('\u0000');
  const waitingRows = await db
    .selectFrom('outbox')
    .select(['id', 'subject', 'bodyText', 'toAddress', 'kind', 'validWhile', 'aboutId'])
    .where('toAddress', 'in', [...new Set(items.map((i) => i.to.email))])
    .where('channel', '=', 'email')
    .where('kind', 'in', [...new Set(items.map((i) => `marketplace.${i.n.type}`))])
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where('attachments', 'is', null)
    .where((eb) =>
      eb.or([
        eb('nextAttemptAt', '>', sql<Date>`now() + interval '5 seconds'`),
        // Due already but not claimed (the lock and `pending` say so): still open to join.
        eb('kind', 'in', URGENT_KINDS),
      ]),
    )
    .orderBy('createdAt', 'desc')
    .forUpdate()
    .skipLocked()
    .execute();
  // The newest waiting email of each person and kind is the one a notice joins.
  const open = new Map<
    string,
    { id: string | null; subject: string; bodyText: string; to: Recipient; kind: string; n?: EmailNotice }
  >();
  const seen = new Set<string>();
  for (const row of waitingRows) {
    const key = keyOf(row.toAddress, row.kind ?? '', row.validWhile, row.aboutId);
    if (seen.has(key)) continue;
    seen.add(key);
    // One whose text is not ours (no footer to append before) is left alone: a new email goes.
    if (row.bodyText.endsWith(FOOTER))
      open.set(key, {
        id: row.id,
        subject: row.subject ?? '',
        bodyText: row.bodyText,
        to: { email: row.toAddress, firstName: '' },
        kind: row.kind ?? '',
      });
  }
  const changed = new Set<string>();
  for (const { to, n } of items) {
    const kind = `marketplace.${n.type}`;
    const key = keyOf(to.email, kind, n.validWhile?.rule ?? null, n.validWhile?.aboutId ?? null);
    const waiting = open.get(key);
    if (waiting) {
      const count = Number(COUNT.exec(waiting.subject)?.[1] ?? 1) + 1;
      waiting.subject = `${n.title} (${count}) - ${BUSINESS.name}`;
      waiting.bodyText = `${waiting.bodyText.slice(0, -FOOTER.length)}\n\n${n.message}${FOOTER}`;
    } else {
      open.set(key, {
        id: null,
        subject: `${n.title} - ${BUSINESS.name}`,
        bodyText: [`Hi ${to.firstName},`, '', n.message, FOOTER].join('\n'),
        to,
        kind,
        n,
      });
    }
    changed.add(key);
  }
  const touched = [...changed].map((key) => open.get(key)!);
  const joined = touched.filter((e) => e.id !== null);
  if (joined.length > 0) {
    await sql`
      update outbox set subject = v.subject, body_text = v.body_text
      from (values ${sql.join(joined.map((e) => sql`(${e.id}::uuid, ${e.subject}, ${e.bodyText})`))}) as v(id, subject, body_text)
      where outbox.id = v.id`.execute(db);
  }
  const fresh = touched.filter((e) => e.id === null);
  if (fresh.length > 0) {
    await db
      .insertInto('outbox')
      .values(
        fresh.map((e) => ({
          channel: 'email',
          toAddress: e.to.email,
          subject: e.subject,
          bodyText: e.bodyText,
          bodyHtml: null,
          kind: e.kind,
          templateId: null,
          // Held back for the gather window, so what arrives together leaves together; urgent at once.
          nextAttemptAt: URGENT_KINDS.includes(e.kind)
            ? sql<Date>`now()`
            : sql<Date>`now() + make_interval(secs => ${NOTIFICATION_EMAIL_GATHER_SECONDS})`,
          lockedUntil: null,
          lastError: null,
          providerMessageId: null,
          sentAt: null,
          ...(e.n ? validityColumns(e.n) : {}),
        })),
      )
      .execute();
  }
}
