import { sql, type RawBuilder } from 'kysely';
import type { ProposalStatus } from '../../contract/appointment-schedule.ts';
import { AOG_MACHINE } from '../../contract/aog-machine.ts';
import {
  BID_MACHINE,
  CHANGE_ORDER_MACHINE,
  PAYMENT_MACHINE,
  PAYMENT_MACHINE_STATUSES,
  UPCOMING_APPOINTMENT_STATUSES,
  can,
  fromStates,
} from '../../contract/machines.ts';
import { supersededReason, type OutboxValidWhile } from '../../contract/outbox-validity.ts';
import type { PaymentStatus } from '../../contract/payments.ts';

const PAYMENT_DUE: PaymentStatus = 'payment_due';
/** A job that cannot start for want of a working card (the payment machine's refusal of startWork). */
const WITHOUT_WORKING_CARD = PAYMENT_MACHINE_STATUSES.filter((s) => !can(PAYMENT_MACHINE, s, 'startWork'));
const PROPOSAL_OPEN: ProposalStatus = 'open';
const OFFER_OPEN = 'open';
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));

/**
 * Each rule of src/contract/outbox-validity.ts as a condition on the outbox row being claimed
 * (`outbox.about_id` is the row the rule reads; for the payment rules, the job's appointment). One place for all of them: the claim evaluates
 * them in its own statement, so a payment made a moment before the claim drops its "payment due".
 */
const HOLDS: Record<OutboxValidWhile, RawBuilder<boolean>> = {
  payment_due: sql`exists (select 1 from payments p where p.appointment_id = outbox.about_id
    and p.status = ${PAYMENT_DUE})`,
  card_needed: sql`exists (select 1 from payments p where p.appointment_id = outbox.about_id
    and p.status in (${list(WITHOUT_WORKING_CARD)}))`,
  booking_upcoming: sql`exists (select 1 from appointments a where a.id = outbox.about_id
    and a.status in (${list(UPCOMING_APPOINTMENT_STATUSES)}))`,
  // The rules below read the job (appointment, request or call) rather than one change order,
  // quote, proposal or offer: notices of one job share one email (docs/decisions/0183), which
  // holds while any of what it asks is still open.
  proposal_open: sql`exists (select 1 from appointment_proposals p where p.appointment_id = outbox.about_id
    and p.status = ${PROPOSAL_OPEN})`,
  change_order_open: sql`exists (select 1 from change_orders c where c.appointment_id = outbox.about_id
    and c.status in (${list(fromStates(CHANGE_ORDER_MACHINE, 'decide'))}))`,
  quote_open: sql`exists (select 1 from bids b where b.service_request_id = outbox.about_id
    and b.status in (${list(fromStates(BID_MACHINE, 'accept'))}))`,
  aog_call_open: sql`exists (select 1 from aog_reports r where r.id = outbox.about_id
    and r.status in (${list(fromStates(AOG_MACHINE, 'dispatch'))}))`,
  aog_offer_open: sql`exists (select 1 from aog_offers o join aog_reports r on r.id = o.aog_id
    where r.id = outbox.about_id and o.status = ${OFFER_OPEN} and r.status in (${list(fromStates(AOG_MACHINE, 'dispatch'))}))`,
};

/** True while the claimed row's rule holds; a row with no rule (or one this code does not know) always holds. */
export const stillHolds: RawBuilder<boolean> = sql<boolean>`(outbox.valid_while is null or case outbox.valid_while ${sql.join(
  (Object.keys(HOLDS) as OutboxValidWhile[]).map((rule) => sql`when ${rule} then ${HOLDS[rule]}`),
  sql` `,
)} else true end)`;

/** The sentence recorded on a dropped row, by its rule. */
export const supersededSentence: RawBuilder<string> = sql<string>`case outbox.valid_while ${sql.join(
  (Object.keys(HOLDS) as OutboxValidWhile[]).map((rule) => sql`when ${rule} then ${supersededReason(rule)}`),
  sql` `,
)} end`;
