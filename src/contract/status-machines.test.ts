import { describe, expect, it } from 'vitest';
import { fromStates, step, targetOf, type Machine } from './machines.ts';
import { RECORD_MESSAGES } from './records.ts';
import {
  AIRMEN_IMPORT_MACHINE,
  API_KEY_MACHINE,
  OUTBOX_MACHINE,
  RECORD_MACHINE,
  SQUAWK_MACHINE,
} from './status-machines.ts';

// The refusals a user meets, word for word as the product answered them before the machines
// (API tests read them too); every other pair of each table is walked below.
const outcome = <S extends string, A extends string>(m: Machine<S, A>, from: S, action: A) => {
  const s = step(m, from, action);
  return 'to' in s ? `-> ${s.to}` : s.refuse;
};

describe('logbook entry', () => {
  it('a draft is edited and signed; a signed entry is final until its correction supersedes it', () => {
    expect(outcome(RECORD_MACHINE, 'draft', 'sign')).toBe('-> signed');
    expect(outcome(RECORD_MACHINE, 'signed', 'sign')).toBe(RECORD_MESSAGES.signed);
    expect(outcome(RECORD_MACHINE, 'signed', 'edit')).toBe(
      'This entry is signed and can no longer be edited: make a correction instead',
    );
    expect(outcome(RECORD_MACHINE, 'draft', 'correct')).toBe('Only a signed entry can be corrected');
    expect(outcome(RECORD_MACHINE, 'signed', 'supersede')).toBe('-> superseded');
    expect(fromStates(RECORD_MACHINE, 'edit')).toEqual(['draft']);
  });
});

describe('squawk', () => {
  it('resolves once; reopening is always allowed', () => {
    expect(outcome(SQUAWK_MACHINE, 'open', 'resolve')).toBe('-> resolved');
    expect(outcome(SQUAWK_MACHINE, 'resolved', 'resolve')).toMatch(/already resolved/);
    expect(fromStates(SQUAWK_MACHINE, 'reopen')).toEqual(['open', 'resolved']);
    expect(targetOf(SQUAWK_MACHINE, 'resolve')).toBe('resolved');
  });
});

describe('outbox message', () => {
  it('moves pending -> sending -> sent, pending or dead; only a dead one is retried, with the sentence naming the status', () => {
    expect(fromStates(OUTBOX_MACHINE, 'claim')).toEqual(['pending']);
    for (const action of ['release', 'sent', 'retryLater', 'giveUp', 'interrupted'] as const)
      expect(fromStates(OUTBOX_MACHINE, action)).toEqual(['sending']);
    expect(targetOf(OUTBOX_MACHINE, 'retryLater')).toBe('pending');
    expect(targetOf(OUTBOX_MACHINE, 'giveUp')).toBe('dead');
    expect(outcome(OUTBOX_MACHINE, 'sent', 'retry')).toBe('Only dead messages can be retried; this one is sent');
    expect(outcome(OUTBOX_MACHINE, 'pending', 'retry')).toBe('Only dead messages can be retried; this one is pending');
    expect(outcome(OUTBOX_MACHINE, 'dead', 'retry')).toBe('-> pending');
  });
});

describe('API key', () => {
  it('an expired key is never activated; a rotation expires any key', () => {
    expect(outcome(API_KEY_MACHINE, 'inactive', 'activate')).toBe('-> active');
    expect(outcome(API_KEY_MACHINE, 'expired', 'activate')).toMatch(/expired/);
    expect(fromStates(API_KEY_MACHINE, 'expire')).toEqual(['active', 'inactive', 'expired']);
  });
});

describe('airmen file import', () => {
  it('takes chunks while receiving; a finished import refuses with the sentence naming its status', () => {
    expect(outcome(AIRMEN_IMPORT_MACHINE, 'receiving', 'receive')).toBe('-> receiving');
    expect(outcome(AIRMEN_IMPORT_MACHINE, 'completed', 'receive')).toBe('This import is completed; start a new upload');
    expect(outcome(AIRMEN_IMPORT_MACHINE, 'failed', 'receive')).toBe('This import is failed; start a new upload');
    expect(fromStates(AIRMEN_IMPORT_MACHINE, 'fail')).toEqual(['receiving']);
  });
});

describe('every table is total', () => {
  it.each([RECORD_MACHINE, SQUAWK_MACHINE, OUTBOX_MACHINE, API_KEY_MACHINE, AIRMEN_IMPORT_MACHINE] as Machine<
    string,
    string
  >[])('$name', (m) => {
    for (const action of m.actions) {
      for (const status of m.states) {
        const s = m.table[action]?.[status];
        expect(s, `${m.name}: ${action} from ${status}`).toBeDefined();
        if (s && 'to' in s) expect(m.states).toContain(s.to);
        if (s && 'refuse' in s) expect(s.refuse.length).toBeGreaterThan(10);
      }
    }
  });
});
