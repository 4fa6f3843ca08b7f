import { describe, expect, it } from 'vitest';
import {
  QUOTE_STANDING_LABELS,
  quoteStanding,
  APPOINTMENT_MACHINE,
  BID_MACHINE,
  CANCELLABLE_REQUEST_STATUSES,
  CHANGE_ORDER_MACHINE,
  QUOTABLE_REQUEST_STATUSES,
  REQUEST_MACHINE,
  UPCOMING_APPOINTMENT_STATUSES,
  ACTIVE_JOB_STATUSES,
  FINISHED_APPOINTMENT_STATUSES,
  APPOINTMENT_STATUSES,
  fromStates,
  step,
  targetOf,
  type Machine,
} from './machines.ts';

/**
 * Every (status, action) pair of every machine, with what it must give: the next status, or the
 * exact 409 sentence (clients and API checks read these words). A pair missing here, or a table
 * that changes, fails.
 */
const EXPECTED: Record<string, Record<string, Record<string, string>>> = {
  'service request': {
    match: {
      pending: '-> matched',
      matched: 'This service request is already matched',
      quoted: 'This service request already has quotes',
      approved: 'A quote has already been accepted for this service request',
      in_progress: 'Work on this service request has already started',
      completed: 'This service request is completed',
      cancelled: 'This service request was cancelled',
    },
    unmatch: {
      pending: 'This service request has no matched mechanic',
      matched: '-> pending',
      quoted: 'This service request already has quotes',
      approved: 'A quote has already been accepted for this service request',
      in_progress: 'Work on this service request has already started',
      completed: 'This service request is completed',
      cancelled: 'This service request was cancelled',
    },
    bid: {
      pending: 'This service request is not open for quotes yet',
      matched: '-> quoted',
      quoted: '-> quoted',
      approved: 'A quote has already been accepted for this service request',
      in_progress: 'Work on this service request has already started',
      completed: 'This service request is completed and no longer accepts quotes',
      cancelled: 'This service request was cancelled and no longer accepts quotes',
    },
    accept: {
      pending: 'This service request has no quotes to accept yet',
      matched: 'This service request has no quotes to accept yet',
      quoted: '-> approved',
      approved: 'A quote has already been accepted for this service request',
      in_progress: 'This service request is in progress and its quotes can no longer be accepted',
      completed: 'This service request is completed and its quotes can no longer be accepted',
      cancelled: 'This service request is cancelled and its quotes can no longer be accepted',
    },
    cancel: {
      pending: '-> cancelled',
      matched: '-> cancelled',
      quoted: '-> cancelled',
      approved: '-> cancelled',
      in_progress: 'Work on this service request has started, so it can no longer be cancelled',
      completed: 'This service request is completed and can no longer be cancelled',
      cancelled: 'This service request is already cancelled',
    },
    start: {
      pending: 'This service request has no accepted quote yet',
      matched: 'This service request has no accepted quote yet',
      quoted: 'This service request has no accepted quote yet',
      approved: '-> in_progress',
      in_progress: 'Work on this service request has already started',
      completed: 'This service request is completed',
      cancelled: 'This service request was cancelled',
    },
    complete: {
      pending: 'Work on this service request has not started',
      matched: 'Work on this service request has not started',
      quoted: 'Work on this service request has not started',
      approved: 'Work on this service request has not started',
      in_progress: '-> completed',
      completed: 'This service request is completed',
      cancelled: 'This service request was cancelled',
    },
    relist: {
      pending: 'This service request has no accepted quote to replace',
      matched: 'This service request has no accepted quote to replace',
      quoted: 'This service request has no accepted quote to replace',
      approved: '-> cancelled',
      in_progress: '-> cancelled',
      completed: 'This service request is completed',
      cancelled: 'This service request was cancelled',
    },
  },
  quote: {
    accept: {
      pending: '-> accepted',
      accepted: 'This quote can no longer be accepted',
      declined: 'This quote can no longer be accepted',
    },
    decline: {
      pending: '-> declined',
      accepted: 'This quote was accepted',
      declined: 'This quote was already declined',
    },
  },
  appointment: {
    confirm: {
      scheduled: '-> confirmed',
      confirmed: 'This appointment is already confirmed',
      in_progress: 'An appointment that is in progress cannot be confirmed',
      completed: 'This appointment is already completed',
      cancelled: 'This appointment was cancelled',
    },
    start: {
      scheduled: 'Confirm the appointment before starting work',
      confirmed: '-> in_progress',
      in_progress: 'Work on this appointment has already started',
      completed: 'This appointment is already completed',
      cancelled: 'This appointment was cancelled',
    },
    complete: {
      scheduled: 'Start the work before completing it',
      confirmed: 'Start the work before completing it',
      in_progress: '-> completed',
      completed: 'This appointment is already completed',
      cancelled: 'This appointment was cancelled',
    },
    cancel: {
      scheduled: '-> cancelled',
      confirmed: '-> cancelled',
      in_progress: 'Work on this appointment has started, so it can no longer be cancelled',
      completed: 'This appointment is already completed',
      cancelled: 'This appointment was cancelled',
    },
    rate: {
      scheduled: 'You can rate a job once it is completed',
      confirmed: 'You can rate a job once it is completed',
      in_progress: 'You can rate a job once it is completed',
      completed: '-> completed',
      cancelled: 'You can rate a job once it is completed',
    },
    changeOrder: {
      scheduled: 'Change orders can be added once work has started',
      confirmed: 'Change orders can be added once work has started',
      in_progress: '-> in_progress',
      completed: 'This appointment is already completed',
      cancelled: 'This appointment was cancelled',
    },
    stop: {
      scheduled: '-> cancelled',
      confirmed: '-> cancelled',
      in_progress: '-> cancelled',
      completed: 'This appointment is already completed',
      cancelled: 'This appointment was cancelled',
    },
  },
  'change order': {
    decide: {
      pending: '-> decided',
      decided: 'This change order was already decided',
    },
    completeJob: {
      pending:
        'A change order is waiting for the owner’s decision; the job cannot be completed until the owner decides it',
      decided: '-> decided',
    },
  },
};

const MACHINES = [REQUEST_MACHINE, BID_MACHINE, APPOINTMENT_MACHINE, CHANGE_ORDER_MACHINE] as Machine<string, string>[];

describe.each(MACHINES.map((m) => [m.name, m] as const))('the %s machine', (name, machine) => {
  const expected = EXPECTED[name]!;

  it('has exactly the expected actions', () => {
    expect([...machine.actions].sort()).toEqual(Object.keys(expected).sort());
  });

  const pairs = machine.actions.flatMap((action) => machine.states.map((state) => [state, action] as const));
  it.each(pairs)('%s + %s', (state, action) => {
    const outcome = step(machine, state, action);
    const got = 'to' in outcome ? `-> ${outcome.to}` : outcome.refuse;
    expect(got).toBe(expected[action]![state]);
    if ('to' in outcome) expect(machine.states).toContain(outcome.to);
    else expect(outcome.refuse.length).toBeGreaterThan(0);
  });
});

describe('groups derived from the tables', () => {
  it('quotes are taken while matched or quoted; the owner cancels until work starts', () => {
    expect(QUOTABLE_REQUEST_STATUSES).toEqual(['matched', 'quoted']);
    expect(CANCELLABLE_REQUEST_STATUSES).toEqual(['pending', 'matched', 'quoted', 'approved']);
    expect(UPCOMING_APPOINTMENT_STATUSES).toEqual(['scheduled', 'confirmed']);
  });

  it('every appointment status is in exactly one phase of the appointments list, or a job would vanish from it', () => {
    const phases = [...ACTIVE_JOB_STATUSES, ...FINISHED_APPOINTMENT_STATUSES];
    expect([...phases].sort()).toEqual([...APPOINTMENT_STATUSES].sort());
    expect(new Set(phases).size).toBe(phases.length);
  });

  it('bulk updates move rows the one way an action leads', () => {
    expect(targetOf(BID_MACHINE, 'decline')).toBe('declined');
    expect(fromStates(BID_MACHINE, 'decline')).toEqual(['pending']);
    expect(targetOf(APPOINTMENT_MACHINE, 'cancel')).toBe('cancelled');
    expect(targetOf(REQUEST_MACHINE, 'match')).toBe('matched');
  });
});

describe('where a quote stands', () => {
  it('says an accepted quote whose job was called off was accepted, then cancelled', () => {
    expect(quoteStanding('accepted', 'approved')).toBe('accepted');
    expect(quoteStanding('accepted', 'completed')).toBe('accepted');
    // Cancelled by either side, or re-listed: every way the request's machine calls a job off.
    expect(targetOf(REQUEST_MACHINE, 'relist')).toBe(targetOf(REQUEST_MACHINE, 'cancel'));
    expect(quoteStanding('accepted', targetOf(REQUEST_MACHINE, 'cancel'))).toBe('accepted_then_cancelled');
    expect(QUOTE_STANDING_LABELS[quoteStanding('accepted', 'cancelled')]).toBe('Accepted, then cancelled');
    expect(quoteStanding('declined', 'cancelled')).toBe('declined');
    expect(quoteStanding('pending', 'quoted')).toBe('pending');
  });
});
