import { sql } from 'kysely';
import type { Db } from './client.ts';
import { feeKept } from '../../contract/refund-split.ts';

/**
 * The rules a job's money and records must keep whatever path made the job and whatever happened
 * between its features (docs/decisions/0320). Each is one read-only query returning the rows that
 * break it, with what is wrong in words and what an operator would do about it. `npm run
 * check:data` prints them for a database; the API test run and the model-based test of the whole
 * job check them after every step.
 */
export type InvariantName =
  'paid-before-signed' | 'deposit-fate' | 'money-balance' | 'entry-per-job' | 'signed-entry-job-completed';

export interface Violation {
  invariant: InvariantName;
  appointmentId: string;
  /** What is wrong with this row, in words an operator reads. */
  detail: string;
  /** What the operator does to set it right. */
  fix: string;
}

export const INVARIANTS: Record<InvariantName, string> = {
  'paid-before-signed': 'No capture and no transfer without a signed logbook entry for that appointment.',
  'deposit-fate':
    'Every deposit of an ended job ends refunded, applied to the final charge, or kept under the cancellation rule; kept only for an approved mechanic who did not cause the end.',
  'money-balance': 'Per job: charges minus refunds = transfers + platform fee + what is still held (never negative).',
  'entry-per-job': 'A completed job has exactly one draft or signed logbook entry (besides a pending correction).',
  'signed-entry-job-completed': "A signed logbook entry's job is completed.",
};

const cents = (n: number | string) => `$${(Number(n) / 100).toFixed(2)}`;

/** Capture ('charged') or payout ('transferred') logged before any entry of the job was signed. */
async function paidBeforeSigned(db: Db): Promise<Violation[]> {
  const rows = await sql<{ appointmentId: string; kind: string; amountCents: string; at: Date; status: string }>`
    select p.appointment_id, e.kind, e.amount_cents, e.created_at as at, p.status
    from payment_events e
    join payments p on p.id = e.payment_id
    where e.kind in ('charged', 'transferred')
      and not exists (
        select 1 from maintenance_records r
        where r.appointment_id = p.appointment_id and r.signed_at is not null and r.signed_at <= e.created_at
      )
    order by e.created_at`.execute(db);
  return rows.rows.map((r) => ({
    invariant: 'paid-before-signed',
    appointmentId: r.appointmentId,
    detail: `${r.kind === 'charged' ? 'The owner was charged' : 'The mechanic was paid'} ${cents(r.amountCents)} at ${r.at.toISOString()} while no logbook entry of the job was signed (payment now ${r.status}).`,
    fix:
      r.kind === 'charged'
        ? 'Have the mechanic sign the entry; if the work is disputed, refund the capture from the console (Payments → Refund).'
        : 'Have the mechanic sign the entry; if he will not, reverse the transfer in Stripe and refund the owner.',
  }));
}

/**
 * The deposit of a job that ended (cancelled or re-listed, or paid): refunded, applied, or kept by
 * the rule: the owner cancelled after the mechanic confirmed, and the mechanic was approved then.
 */
async function depositFate(db: Db): Promise<Violation[]> {
  const rows = await sql<{
    appointmentId: string;
    depositState: string;
    depositCents: string;
    paymentStatus: string;
    appointmentStatus: string;
    cancelledBy: string | null;
    confirmedAt: Date | null;
    cancelledAt: Date | null;
    mechanicStatus: string | null;
    mechanicReviewedAt: Date | null;
    keptAt: Date | null;
  }>`
    select p.appointment_id, p.deposit_state, p.deposit_cents, p.status as payment_status,
           a.status as appointment_status, a.cancelled_by, a.confirmed_at, a.cancelled_at,
           m.mechanic_status, m.mechanic_reviewed_at,
           (select max(e.created_at) from payment_events e
             where e.payment_id = p.id and e.kind in ('deposit_kept', 'deposit_transferred')) as kept_at
    from payments p
    join appointments a on a.id = p.appointment_id
    join users m on m.id = p.mechanic_id
    where p.deposit_cents > 0
      and (a.status = 'cancelled' or p.paid_at is not null)`.execute(db);
  const out: Violation[] = [];
  for (const r of rows.rows) {
    const amount = cents(r.depositCents);
    const base = { invariant: 'deposit-fate' as const, appointmentId: r.appointmentId };
    if (r.appointmentStatus !== 'cancelled') {
      if (r.depositState === 'paid' && r.paymentStatus !== 'disputed')
        out.push({
          ...base,
          detail: `The job is paid but its ${amount} deposit is still held, neither applied nor sent.`,
          fix: 'Transfer the deposit to the mechanic (it is part of the payout) and set deposit_state to transferred.',
        });
      continue;
    }
    if (r.depositState === 'paid' || r.depositState === 'due') {
      out.push({
        ...base,
        detail: `The job ended (cancelled by ${r.cancelledBy ?? 'nobody recorded'}) but its ${amount} deposit is still "${r.depositState}" (payment ${r.paymentStatus}): stranded.`,
        fix:
          r.depositState === 'paid'
            ? 'Refund the deposit to the owner from the console (Payments → Refund) unless the cancellation rule lets the mechanic keep it.'
            : 'Set deposit_state to none: nothing was charged.',
      });
      continue;
    }
    if (r.depositState !== 'kept' && r.depositState !== 'transferred') continue;
    const stoppedBefore =
      r.mechanicStatus !== 'approved' &&
      r.mechanicReviewedAt !== null &&
      (r.keptAt === null || r.mechanicReviewedAt <= r.keptAt);
    const why =
      r.cancelledBy !== 'owner'
        ? `the end was caused by ${r.cancelledBy === 'stopped' ? 'the mechanic being stopped (re-listed)' : `the ${r.cancelledBy ?? 'unknown party'}`}`
        : r.confirmedAt === null
          ? 'the owner cancelled before the mechanic confirmed'
          : stoppedBefore
            ? `the mechanic was ${r.mechanicStatus} before the deposit went to him`
            : null;
    if (why)
      out.push({
        ...base,
        detail: `The ${amount} deposit went to the mechanic ("${r.depositState}") although ${why}.`,
        fix: 'Reverse the deposit transfer in Stripe and refund the deposit to the owner; set deposit_state to refunded.',
      });
  }
  return out;
}

/** The job's money from its own log: what was charged, refunded, sent, and what the platform kept. */
export interface JobLedger {
  appointmentId: string;
  paymentStatus: string;
  chargedCents: number;
  refundedCents: number;
  transferredCents: number;
  feeCents: number;
  /** charged - refunded - transferred - fee. */
  heldCents: number;
  /** The payment row's own refunded_cents, to compare with the log. */
  rowRefundedCents: number;
  ended: boolean;
}

export async function jobLedgers(db: Db, appointmentIds?: readonly string[]): Promise<JobLedger[]> {
  if (appointmentIds && appointmentIds.length === 0) return [];
  const rows = await sql<{
    appointmentId: string;
    paymentStatus: string;
    charged: string;
    refunded: string;
    transferred: string;
    fee: string;
    paid: boolean;
    rowRefunded: string;
    ended: boolean;
  }>`
    select p.appointment_id, p.status as payment_status,
      coalesce(sum(e.amount_cents) filter (where e.kind in ('deposit_charged', 'charged')), 0) as charged,
      coalesce(sum(e.amount_cents) filter (where e.kind = 'refund'), 0) as refunded,
      coalesce(sum(e.amount_cents) filter (where e.kind in ('deposit_transferred', 'deposit_kept', 'transferred')), 0)
        - coalesce(sum(e.amount_cents) filter (where e.kind = 'transfer_reversed'), 0) as transferred,
      p.fee_cents as fee,
      p.paid_at is not null as paid,
      p.refunded_cents as row_refunded,
      (a.status = 'cancelled' or p.paid_at is not null) as ended
    from payments p
    join appointments a on a.id = p.appointment_id
    left join payment_events e on e.payment_id = p.id
    ${appointmentIds ? sql`where p.appointment_id in (${sql.join(appointmentIds)})` : sql``}
    group by p.id, a.status`.execute(db);
  return rows.rows.map((r) => {
    const charged = Number(r.charged);
    const refunded = Number(r.refunded);
    const transferred = Number(r.transferred);
    // The fee the platform keeps: refunds beyond the mechanic's share come out of it (docs/decisions/0390).
    const fee = feeKept(Number(r.fee), charged, refunded, r.paid);
    return {
      appointmentId: r.appointmentId,
      paymentStatus: r.paymentStatus,
      chargedCents: charged,
      refundedCents: refunded,
      transferredCents: transferred,
      feeCents: fee,
      heldCents: charged - refunded - transferred - fee,
      rowRefundedCents: Number(r.rowRefunded),
      ended: r.ended,
    };
  });
}

function balanceViolations(ledgers: JobLedger[]): Violation[] {
  const out: Violation[] = [];
  for (const l of ledgers) {
    const base = { invariant: 'money-balance' as const, appointmentId: l.appointmentId };
    const sums = `charged ${cents(l.chargedCents)} − refunded ${cents(l.refundedCents)} = transferred ${cents(l.transferredCents)} + fee ${cents(l.feeCents)} + held ${cents(l.heldCents)}`;
    if (l.heldCents < 0)
      out.push({
        ...base,
        detail: `More left the platform than it took in: ${sums} (payment ${l.paymentStatus}).`,
        fix: 'Reverse the part of the mechanic’s transfer the refund covered (Stripe transfer reversal), or record the platform’s loss.',
      });
    else if (l.ended && l.heldCents !== 0 && l.paymentStatus !== 'disputed')
      out.push({
        ...base,
        detail: `The job ended but ${cents(l.heldCents)} is still held: ${sums} (payment ${l.paymentStatus}).`,
        fix: 'Refund the held amount to the owner or transfer it to the mechanic, as the cancellation rule says.',
      });
    if (l.rowRefundedCents !== l.refundedCents)
      out.push({
        ...base,
        detail: `The payment says ${cents(l.rowRefundedCents)} refunded, its log ${cents(l.refundedCents)}.`,
        fix: 'Read the refunds of the payment in Stripe and set refunded_cents to their sum.',
      });
  }
  return out;
}

async function entryPerJob(db: Db): Promise<Violation[]> {
  const rows = await sql<{ appointmentId: string; current: string; pendingCorrections: string }>`
    select a.id as appointment_id,
      count(r.id) filter (where r.status = 'signed' or (r.status = 'draft' and r.supersedes_id is null)) as current,
      count(r.id) filter (where r.status = 'draft' and r.supersedes_id is not null) as pending_corrections
    from appointments a
    left join maintenance_records r on r.appointment_id = a.id
    where a.status = 'completed'
    group by a.id
    having count(r.id) filter (where r.status = 'signed' or (r.status = 'draft' and r.supersedes_id is null)) <> 1
        or count(r.id) filter (where r.status = 'draft' and r.supersedes_id is not null) > 1`.execute(db);
  return rows.rows.map((r) => ({
    invariant: 'entry-per-job',
    appointmentId: r.appointmentId,
    detail:
      Number(r.current) === 0
        ? 'The job is completed but has no logbook entry, draft or signed.'
        : `The job is completed with ${r.current} current entries and ${r.pendingCorrections} pending corrections.`,
    fix:
      Number(r.current) === 0
        ? 'Open the job’s record as the mechanic (GET /api/appointments/:id/record drafts it) and have him sign it.'
        : 'Keep the newest entry and mark the others superseded (supersedes_id pointing at the kept one).',
  }));
}

async function signedEntryJobCompleted(db: Db): Promise<Violation[]> {
  const rows = await sql<{ appointmentId: string; status: string }>`
    select distinct r.appointment_id, a.status
    from maintenance_records r
    join appointments a on a.id = r.appointment_id
    where r.status in ('signed', 'superseded') and a.status <> 'completed'`.execute(db);
  return rows.rows.map((r) => ({
    invariant: 'signed-entry-job-completed',
    appointmentId: r.appointmentId,
    detail: `A logbook entry of this job is signed but the job is "${r.status}".`,
    fix: 'Complete the job (the work was signed for) or, if the work was not done, mark the entry superseded by a corrected one.',
  }));
}

/** Every row that breaks an invariant, or only those of the given appointments. */
export async function findViolations(db: Db, appointmentIds?: readonly string[]): Promise<Violation[]> {
  const found = [
    ...(await paidBeforeSigned(db)),
    ...(await depositFate(db)),
    ...balanceViolations(await jobLedgers(db)),
    ...(await entryPerJob(db)),
    ...(await signedEntryJobCompleted(db)),
  ];
  if (!appointmentIds) return found;
  const only = new Set(appointmentIds);
  return found.filter((v) => only.has(v.appointmentId));
}

/** A Stripe object as the stand-in (or Stripe's list endpoints) records it. */
export interface StripeRecord {
  object: string;
  id: string;
  amount?: unknown;
  status?: unknown;
  payment_intent?: unknown;
  metadata?: unknown;
  [key: string]: unknown;
}

/**
 * The job's money as Stripe's own records say: succeeded charges, their refunds, the transfers.
 * Compared with the job's log: a write lost on either side shows here.
 */
export function compareWithStripe(ledgers: JobLedger[], objects: Iterable<StripeRecord>): Violation[] {
  const intents = new Map<string, { appointmentId: string; amount: number }>();
  const stripe = new Map<string, { charged: number; refunded: number; transferred: number }>();
  const of = (id: string) => {
    let s = stripe.get(id);
    if (!s) stripe.set(id, (s = { charged: 0, refunded: 0, transferred: 0 }));
    return s;
  };
  const all = [...objects];
  for (const o of all) {
    const appointmentId = (o.metadata as Record<string, string> | undefined)?.['appointmentId'];
    if (!appointmentId) continue;
    if (o.object === 'payment_intent' && o.status === 'succeeded') {
      intents.set(o.id, { appointmentId, amount: Number(o.amount) });
      of(appointmentId).charged += Number(o.amount);
    }
    if (o.object === 'transfer') of(appointmentId).transferred += Number(o.amount) - Number(o['amount_reversed'] ?? 0);
  }
  for (const o of all) {
    if (o.object !== 'refund' || typeof o.payment_intent !== 'string') continue;
    const intent = intents.get(o.payment_intent);
    if (intent) of(intent.appointmentId).refunded += Number(o.amount);
  }
  const out: Violation[] = [];
  for (const l of ledgers) {
    const s = stripe.get(l.appointmentId) ?? { charged: 0, refunded: 0, transferred: 0 };
    const diffs = [
      ['charged', l.chargedCents, s.charged],
      ['refunded', l.refundedCents, s.refunded],
      ['transferred', l.transferredCents, s.transferred],
    ].filter(([, ours, theirs]) => ours !== theirs);
    if (diffs.length)
      out.push({
        invariant: 'money-balance',
        appointmentId: l.appointmentId,
        detail: `Our log and Stripe disagree: ${diffs.map(([what, ours, theirs]) => `${String(what)} ${cents(ours as number)} here, ${cents(theirs as number)} in Stripe`).join('; ')}.`,
        fix: 'Stripe is the truth for money moved: replay its events for the job (Dashboard → Events → Resend) or write the missing payment_events rows.',
      });
  }
  return out;
}
