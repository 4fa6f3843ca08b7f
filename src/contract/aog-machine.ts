import { AOG_OFFER_STATUSES, AOG_STATUSES, type AogJobStatus, type AogOfferStatus, type AogStatus } from './aog.ts';
import { machine, refuse, to } from './machines.ts';

/**
 * An aircraft-on-ground call's statuses as a machine, like the other statuses
 * (status-machines.ts, docs/decisions/0008): open while it looks for a mechanic, accepted once one
 * is dispatched, then what that mechanic reports until fixed; the owner may cancel only while it
 * is open. The server moves a call only through `transition()` (a row) or `fromStates()` /
 * `targetOf()` (the escalation's conditional update). The refusals are the sentences the product
 * answered before the table, word for word. Its own file: the booking work extends
 * status-machines.ts this week, and AOG is its own feature (docs/decisions/0260).
 */

export const AOG_STATUS_VALUES = AOG_STATUSES.map((s) => s.value) as readonly AogStatus[];

/**
 * `offer`, `dispatch` (an owner's accept or an administrator's assignment), `escalate` (the radius
 * widens), `cancel`, and one action for each status the dispatched mechanic reports.
 */
export type AogAction = 'offer' | 'dispatch' | 'escalate' | 'cancel' | AogJobStatus;

const CANCELLED = 'The owner cancelled this call';
const TAKEN = 'This aircraft on ground already has a mechanic';
const CLOSED = 'This call is closed';
const FIXED = 'This aircraft on ground is fixed: the job goes on in its appointment';
const DISPATCHED = 'A mechanic is already dispatched: cancel the appointment with them instead';

/** Only an open call takes offers, a dispatch or a wider radius. */
const whileOpen = {
  open: to('open'),
  accepted: refuse(TAKEN),
  en_route: refuse(TAKEN),
  on_site: refuse(TAKEN),
  diagnosing: refuse(TAKEN),
  parts_needed: refuse(TAKEN),
  fixed: refuse(TAKEN),
  ferry_permit_needed: refuse(TAKEN),
  cancelled: refuse(CANCELLED),
} as const;

/** The dispatched mechanic reports `status` from any live status (the order is theirs to tell). */
const report = (status: AogJobStatus) => ({
  open: refuse(CLOSED),
  accepted: to(status),
  en_route: to(status),
  on_site: to(status),
  diagnosing: to(status),
  parts_needed: to(status),
  fixed: refuse(FIXED),
  ferry_permit_needed: to(status),
  cancelled: refuse(CLOSED),
});

export const AOG_MACHINE = machine<AogStatus, AogAction>('aircraft on ground', AOG_STATUS_VALUES, {
  /** A mechanic offers (or changes their offer): the call stays open. */
  offer: whileOpen,
  dispatch: { ...whileOpen, open: to('accepted') },
  /** Nobody offered in time: the radius widens, the call stays open. */
  escalate: whileOpen,
  /** Cancelling a cancelled call answers it again (no second notice). */
  cancel: {
    open: to('cancelled'),
    accepted: refuse(DISPATCHED),
    en_route: refuse(DISPATCHED),
    on_site: refuse(DISPATCHED),
    diagnosing: refuse(DISPATCHED),
    parts_needed: refuse(DISPATCHED),
    fixed: refuse(DISPATCHED),
    ferry_permit_needed: refuse(DISPATCHED),
    cancelled: to('cancelled'),
  },
  en_route: report('en_route'),
  on_site: report('on_site'),
  diagnosing: report('diagnosing'),
  parts_needed: report('parts_needed'),
  fixed: report('fixed'),
  ferry_permit_needed: report('ferry_permit_needed'),
});

/**
 * A mechanic's offer on a call: `accept` is the one dispatched, `decline` every other offer once a
 * mechanic is dispatched or the owner cancels. The call's lock orders these writes, so the server
 * takes their status with `targetOf()` in its update of many offers at once.
 */
export type AogOfferAction = 'accept' | 'decline';

export const AOG_OFFER_MACHINE = machine<AogOfferStatus, AogOfferAction>('offer', AOG_OFFER_STATUSES, {
  accept: { open: to('accepted'), accepted: to('accepted'), declined: refuse('This offer was declined') },
  decline: { open: to('declined'), accepted: refuse('This offer was accepted'), declined: to('declined') },
});
