import type { AppointmentStatus } from './appointments.ts';
import type { BidStatus } from './bids.ts';
import type { RequestStatus } from './service-requests.ts';
import type { ChangeOrderStatus } from './bid-lines.ts';
import type { PaymentStatus } from './payments.ts';

/**
 * The marketplace's three status machines (service request, bid, appointment) as tables: for every
 * (status, action) pair either the status the action leads to or the sentence that refuses it (a
 * 409 `detail`, word for word what clients and checks read). This is the only place statuses,
 * allowed actions and their refusals live: the server moves a row only through `transition()`
 * (src/server/http/transition.ts), its conditional updates take their `where status` from
 * `fromStates()`, and the dashboards decide which buttons to show with `can()`.
 * See docs/decisions/0041-marketplace-state-machine.md.
 */

/** Where an action leads from one status: the next status, or the refusal sentence. */
export type Step<S extends string> = { to: S } | { refuse: string };

export interface Machine<S extends string, A extends string> {
  name: string;
  states: readonly S[];
  actions: readonly A[];
  table: { readonly [a in A]: { readonly [s in S]: Step<S> } };
}

/** A machine from its table (every action names every status: the compiler checks it is total). */
export function machine<S extends string, A extends string>(
  name: string,
  states: readonly S[],
  table: { readonly [a in A]: { readonly [s in S]: Step<S> } },
): Machine<S, A> {
  return { name, states, actions: Object.keys(table) as A[], table };
}

export const to = <S extends string>(s: S) => ({ to: s });
export const refuse = (sentence: string) => ({ refuse: sentence });

/** The outcome of `action` on a row in status `from`. */
export function step<S extends string, A extends string>(m: Machine<S, A>, from: S, action: A): Step<S> {
  return m.table[action][from] ?? refuse(`This ${m.name} cannot be changed`);
}

/** Whether `action` is allowed from `from`. */
export function can<S extends string, A extends string>(m: Machine<S, A>, from: S, action: A): boolean {
  return 'to' in step(m, from, action);
}

/** The statuses `action` is allowed from (the `where status in (...)` of a conditional update). */
export function fromStates<S extends string, A extends string>(m: Machine<S, A>, action: A): S[] {
  return m.states.filter((s) => can(m, s, action));
}

/** The one status `action` leads to (for a bulk update that moves many rows the same way). */
export function targetOf<S extends string, A extends string>(m: Machine<S, A>, action: A): S {
  const targets = new Set(
    m.states.flatMap((s) => {
      const outcome = step(m, s, action);
      return 'to' in outcome ? [outcome.to] : [];
    }),
  );
  if (targets.size !== 1) throw new Error(`${m.name} action ${action} has ${targets.size} target statuses`);
  return [...targets][0]!;
}

// ---------------------------------------------------------------------------------------------
// Service request

export const REQUEST_STATUSES = [
  'pending',
  'matched',
  'quoted',
  'approved',
  'in_progress',
  'completed',
  'cancelled',
] as const satisfies readonly RequestStatus[];
export type RequestAction = 'match' | 'unmatch' | 'bid' | 'accept' | 'cancel' | 'start' | 'complete' | 'relist';

const closedToQuotes = {
  pending: refuse('This service request is not open for quotes yet'),
  approved: refuse('A quote has already been accepted for this service request'),
  in_progress: refuse('Work on this service request has already started'),
  completed: refuse('This service request is completed and no longer accepts quotes'),
  cancelled: refuse('This service request was cancelled and no longer accepts quotes'),
};
const quotesClosed = (status: string) =>
  refuse(`This service request is ${status} and its quotes can no longer be accepted`);
const requestFinal = {
  completed: refuse('This service request is completed'),
  cancelled: refuse('This service request was cancelled'),
};

export const REQUEST_MACHINE = machine<RequestStatus, RequestAction>('service request', REQUEST_STATUSES, {
  /** A mechanic now covers the request (matching). */
  match: {
    pending: to('matched'),
    matched: refuse('This service request is already matched'),
    quoted: refuse('This service request already has quotes'),
    approved: refuse('A quote has already been accepted for this service request'),
    in_progress: refuse('Work on this service request has already started'),
    ...requestFinal,
  },
  /** Its only match narrowed their radius away: back to waiting. */
  unmatch: {
    pending: refuse('This service request has no matched mechanic'),
    matched: to('pending'),
    quoted: refuse('This service request already has quotes'),
    approved: refuse('A quote has already been accepted for this service request'),
    in_progress: refuse('Work on this service request has already started'),
    ...requestFinal,
  },
  /** A matched mechanic quotes: the first quote makes it `quoted`, later ones keep it there. */
  bid: { ...closedToQuotes, matched: to('quoted'), quoted: to('quoted') },
  /** The owner accepts one quote. */
  accept: {
    pending: refuse('This service request has no quotes to accept yet'),
    matched: refuse('This service request has no quotes to accept yet'),
    quoted: to('approved'),
    approved: refuse('A quote has already been accepted for this service request'),
    in_progress: quotesClosed('in progress'),
    completed: quotesClosed('completed'),
    cancelled: quotesClosed('cancelled'),
  },
  /** The owner cancels until work starts. */
  cancel: {
    pending: to('cancelled'),
    matched: to('cancelled'),
    quoted: to('cancelled'),
    approved: to('cancelled'),
    in_progress: refuse('Work on this service request has started, so it can no longer be cancelled'),
    completed: refuse('This service request is completed and can no longer be cancelled'),
    cancelled: refuse('This service request is already cancelled'),
  },
  /** The mechanic starts the appointment's work. */
  start: {
    pending: refuse('This service request has no accepted quote yet'),
    matched: refuse('This service request has no accepted quote yet'),
    quoted: refuse('This service request has no accepted quote yet'),
    approved: to('in_progress'),
    in_progress: refuse('Work on this service request has already started'),
    ...requestFinal,
  },
  /** The mechanic completes the appointment. */
  complete: {
    pending: refuse('Work on this service request has not started'),
    matched: refuse('Work on this service request has not started'),
    quoted: refuse('Work on this service request has not started'),
    approved: refuse('Work on this service request has not started'),
    in_progress: to('completed'),
    ...requestFinal,
  },
  /** Its mechanic was rejected or suspended: the owner re-lists it as a new request. */
  relist: {
    pending: refuse('This service request has no accepted quote to replace'),
    matched: refuse('This service request has no accepted quote to replace'),
    quoted: refuse('This service request has no accepted quote to replace'),
    approved: to('cancelled'),
    in_progress: to('cancelled'),
    ...requestFinal,
  },
});

// ---------------------------------------------------------------------------------------------
// Bid (a mechanic's quote)

export const BID_STATUSES = ['pending', 'accepted', 'declined'] as const satisfies readonly BidStatus[];
export type BidAction = 'accept' | 'decline';

export const BID_MACHINE = machine<BidStatus, BidAction>('quote', BID_STATUSES, {
  accept: {
    pending: to('accepted'),
    accepted: refuse('This quote can no longer be accepted'),
    declined: refuse('This quote can no longer be accepted'),
  },
  /** Another quote was accepted, or the request was cancelled. */
  decline: {
    pending: to('declined'),
    accepted: refuse('This quote was accepted'),
    declined: refuse('This quote was already declined'),
  },
});

/**
 * Where a quote stands as its badge says it, for the owner and for its mechanic: its own status,
 * and for an accepted one whether the job it became was called off. An accepted quote stays
 * accepted in the record (the machine never moves it back); the request it answered reaching the
 * target of `cancel` (the owner cancelled, the mechanic cancelled, or it was re-listed) says so.
 */
export type QuoteStanding = BidStatus | 'accepted_then_cancelled';

export const QUOTE_STANDING_LABELS: Record<QuoteStanding, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  accepted_then_cancelled: 'Accepted, then cancelled',
  declined: 'Declined',
};

export function quoteStanding(quote: BidStatus, request: RequestStatus): QuoteStanding {
  if (quote !== targetOf(BID_MACHINE, 'accept')) return quote;
  return request === targetOf(REQUEST_MACHINE, 'cancel') ? 'accepted_then_cancelled' : quote;
}

// ---------------------------------------------------------------------------------------------
// Appointment

export const APPOINTMENT_STATUSES = [
  'scheduled',
  'confirmed',
  'in_progress',
  'completed',
  'cancelled',
] as const satisfies readonly AppointmentStatus[];
export type AppointmentAction = 'confirm' | 'start' | 'complete' | 'cancel' | 'rate' | 'changeOrder' | 'stop';
/** The actions the assigned mechanic takes through /api/appointments/{id}/{action}. */
export const MECHANIC_APPOINTMENT_ACTIONS = [
  'confirm',
  'start',
  'complete',
] as const satisfies readonly AppointmentAction[];
export type MechanicAppointmentAction = (typeof MECHANIC_APPOINTMENT_ACTIONS)[number];

const appointmentFinal = {
  completed: refuse('This appointment is already completed'),
  cancelled: refuse('This appointment was cancelled'),
};
const notYetRated = refuse('You can rate a job once it is completed');

export const APPOINTMENT_MACHINE = machine<AppointmentStatus, AppointmentAction>('appointment', APPOINTMENT_STATUSES, {
  confirm: {
    scheduled: to('confirmed'),
    confirmed: refuse('This appointment is already confirmed'),
    in_progress: refuse('An appointment that is in progress cannot be confirmed'),
    ...appointmentFinal,
  },
  start: {
    scheduled: refuse('Confirm the appointment before starting work'),
    confirmed: to('in_progress'),
    in_progress: refuse('Work on this appointment has already started'),
    ...appointmentFinal,
  },
  complete: {
    scheduled: refuse('Start the work before completing it'),
    confirmed: refuse('Start the work before completing it'),
    in_progress: to('completed'),
    ...appointmentFinal,
  },
  /** The owner cancelled the request before work started. */
  cancel: {
    scheduled: to('cancelled'),
    confirmed: to('cancelled'),
    in_progress: refuse('Work on this appointment has started, so it can no longer be cancelled'),
    ...appointmentFinal,
  },
  /** The owner rates a completed job (the status stays completed). */
  rate: {
    scheduled: notYetRated,
    confirmed: notYetRated,
    in_progress: notYetRated,
    completed: to('completed'),
    cancelled: notYetRated,
  },
  /** The assigned mechanic adds lines found during the work (a change order; the status stays). */
  changeOrder: {
    scheduled: refuse('Change orders can be added once work has started'),
    confirmed: refuse('Change orders can be added once work has started'),
    in_progress: to('in_progress'),
    completed: refuse('This appointment is already completed'),
    cancelled: refuse('This appointment was cancelled'),
  },
  /** Its mechanic can no longer work (rejected or suspended) and the owner re-lists the job, started or not. */
  stop: {
    scheduled: to('cancelled'),
    confirmed: to('cancelled'),
    in_progress: to('cancelled'),
    ...appointmentFinal,
  },
});

// ---------------------------------------------------------------------------------------------
// Change order (lines a mechanic adds during a job; the owner decides each).

export const CHANGE_ORDER_STATUSES = ['pending', 'decided'] as const satisfies readonly ChangeOrderStatus[];
export type ChangeOrderAction = 'decide' | 'completeJob';

export const CHANGE_ORDER_MACHINE = machine<ChangeOrderStatus, ChangeOrderAction>(
  'change order',
  CHANGE_ORDER_STATUSES,
  {
    /** The owner approves, defers or declines each of its lines. */
    decide: {
      pending: to('decided'),
      decided: refuse('This change order was already decided'),
    },
    /** The job is completed: every change order of it must have been decided (the status stays). */
    completeJob: {
      pending: refuse(
        'A change order is waiting for the owner’s decision; the job cannot be completed until the owner decides it',
      ),
      decided: to('decided'),
    },
  },
);

// ---------------------------------------------------------------------------------------------
// A job's payment through Skyward (docs/decisions/0230, 0310). The money steps that move it on
// Stripe's answer live in src/features/payments/ (owner-charges, mechanic-transfers and
// settle-cancellation, each under money.server.ts's lock); the steps a person takes or a job's
// step depends on go through this table.

export const PAYMENT_MACHINE_STATUSES = [
  'card_needed',
  'card_saved',
  'deposit_paid',
  'payment_due',
  'paid',
  'refunded',
  'disputed',
  'paid_outside',
] as const satisfies readonly PaymentStatus[];
export type PaymentAction =
  'startWork' | 'fail' | 'payOutside' | 'saveCard' | 'payDeposit' | 'pay' | 'dispute' | 'refund';

const noCardYet = refuse(
  'The owner has not saved a working card yet: they have been asked again. Start once it is saved, or mark the job paid outside Skyward',
);

export const PAYMENT_MACHINE = machine<PaymentStatus, PaymentAction>('payment', PAYMENT_MACHINE_STATUSES, {
  /** The mechanic starts work: only on a card that works (or money agreed outside Skyward). */
  startWork: {
    card_needed: noCardYet,
    card_saved: to('card_saved'),
    deposit_paid: to('deposit_paid'),
    // Before work starts only the deposit can be due: the card that was saved did not pay it.
    payment_due: noCardYet,
    paid: to('paid'),
    refunded: refuse('This job’s payment was refunded'),
    disputed: to('disputed'),
    paid_outside: to('paid_outside'),
  },
  /** A charge could not be made on the saved card (declined, authentication, the card gone). */
  fail: {
    card_needed: to('payment_due'),
    card_saved: to('payment_due'),
    deposit_paid: to('payment_due'),
    payment_due: to('payment_due'),
    paid: refuse('This job is already paid'),
    refunded: refuse('This job’s payment was refunded'),
    disputed: refuse('This job’s payment is disputed'),
    paid_outside: refuse('This job was paid outside Skyward'),
  },
  /** The mechanic says he was paid another way: only while nothing was charged through Skyward. */
  payOutside: {
    card_needed: to('paid_outside'),
    card_saved: to('paid_outside'),
    deposit_paid: refuse('A deposit was charged through Skyward for this job: it is paid through Skyward'),
    payment_due: to('paid_outside'),
    paid: refuse('This job is already paid through Skyward'),
    refunded: refuse('This job’s payment was refunded'),
    disputed: refuse('This job’s payment is disputed'),
    paid_outside: refuse('This job is already marked paid outside Skyward'),
  },
  /**
   * The money steps Stripe answers (src/features/payments/owner-charges.server.ts and its
   * neighbours, the webhook) take their status from here with `targetOf`: they run under the
   * payment's lock on what Stripe already did, so they record it rather than refuse it. The refusals say what the steps never ask.
   */
  /** The owner saved a working card before anything was charged. */
  saveCard: {
    card_needed: to('card_saved'),
    card_saved: to('card_saved'),
    deposit_paid: refuse('The deposit is paid: the new card pays the rest'),
    payment_due: refuse('A charge is due: the new card is charged at once'),
    paid: refuse('This job is already paid'),
    refunded: refuse('This job’s payment was refunded'),
    disputed: refuse('This job’s payment is disputed'),
    paid_outside: refuse('This job was paid outside Skyward'),
  },
  /** The parts deposit was charged. */
  payDeposit: {
    card_needed: to('deposit_paid'),
    card_saved: to('deposit_paid'),
    deposit_paid: to('deposit_paid'),
    payment_due: to('deposit_paid'),
    paid: refuse('This job is already paid'),
    refunded: refuse('This job’s payment was refunded'),
    disputed: refuse('This job’s payment is disputed'),
    paid_outside: refuse('This job was paid outside Skyward'),
  },
  /** The job's charge went through (a dispute still open keeps it disputed: see `dispute`). */
  pay: {
    card_needed: to('paid'),
    card_saved: to('paid'),
    deposit_paid: to('paid'),
    payment_due: to('paid'),
    paid: to('paid'),
    refunded: refuse('This job’s payment was refunded'),
    disputed: to('paid'),
    paid_outside: refuse('This job was paid outside Skyward'),
  },
  /** The owner's bank disputes a charge (or a dispute lost keeps it so). */
  dispute: {
    card_needed: refuse('Nothing was charged for this job'),
    card_saved: to('disputed'),
    deposit_paid: to('disputed'),
    payment_due: to('disputed'),
    paid: to('disputed'),
    refunded: to('disputed'),
    disputed: to('disputed'),
    paid_outside: refuse('This job was paid outside Skyward'),
  },
  /** Everything charged went back to the owner. */
  refund: {
    card_needed: refuse('Nothing was charged for this job'),
    card_saved: to('refunded'),
    deposit_paid: to('refunded'),
    payment_due: to('refunded'),
    paid: to('refunded'),
    refunded: to('refunded'),
    disputed: to('refunded'),
    paid_outside: refuse('This job was paid outside Skyward'),
  },
});

// ---------------------------------------------------------------------------------------------
// Groups of statuses the screens and queries use, derived from the tables where they can be.

/** A request takes quotes (and a mechanic sees it as open) while a bid is allowed. */
export const QUOTABLE_REQUEST_STATUSES: readonly RequestStatus[] = fromStates(REQUEST_MACHINE, 'bid');
/** The owner may cancel in these. */
export const CANCELLABLE_REQUEST_STATUSES: readonly RequestStatus[] = fromStates(REQUEST_MACHINE, 'cancel');
/** Open: still looking for or choosing a mechanic (matching re-checks these; the pilot counts them active). */
export const OPEN_REQUEST_STATUSES: readonly RequestStatus[] = ['pending', 'matched', 'quoted'];
export const ACTIVE_REQUEST_STATUSES: readonly RequestStatus[] = OPEN_REQUEST_STATUSES;
/** Appointments that are upcoming (pilot) and, with in_progress, active jobs (mechanic). */
export const UPCOMING_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = fromStates(APPOINTMENT_MACHINE, 'cancel');
export const ACTIVE_JOB_STATUSES: readonly AppointmentStatus[] = ['scheduled', 'confirmed', 'in_progress'];
/** Appointments whose work is over: done, or called off. */
export const FINISHED_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = ['completed', 'cancelled'];
