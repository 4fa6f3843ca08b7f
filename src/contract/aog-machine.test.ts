import { describe, expect, it } from 'vitest';
import { AOG_JOB_STATUSES, type AogStatus } from './aog.ts';
import { AOG_MACHINE, type AogAction } from './aog-machine.ts';
import { fromStates, step, targetOf } from './machines.ts';

// The refusals an owner, a mechanic or an administrator meets, word for word as the product
// answered them before the table (tests/api/aog*.test.ts read some of them too).
const outcome = (from: AogStatus, action: AogAction) => {
  const s = step(AOG_MACHINE, from, action);
  return 'to' in s ? `-> ${s.to}` : s.refuse;
};

describe('aircraft on ground', () => {
  it('takes offers, a dispatch and a wider radius only while open', () => {
    for (const action of ['offer', 'dispatch', 'escalate'] as const) {
      expect(fromStates(AOG_MACHINE, action)).toEqual(['open']);
      expect(outcome('cancelled', action)).toBe('The owner cancelled this call');
      expect(outcome('en_route', action)).toBe('This aircraft on ground already has a mechanic');
      expect(outcome('fixed', action)).toBe('This aircraft on ground already has a mechanic');
    }
    expect(targetOf(AOG_MACHINE, 'dispatch')).toBe('accepted');
    expect(targetOf(AOG_MACHINE, 'escalate')).toBe('open');
  });

  it('the dispatched mechanic reports any job status while the call is live, not once fixed or closed', () => {
    for (const { value } of AOG_JOB_STATUSES) {
      expect(fromStates(AOG_MACHINE, value)).toEqual([
        'accepted',
        'en_route',
        'on_site',
        'diagnosing',
        'parts_needed',
        'ferry_permit_needed',
      ]);
      expect(targetOf(AOG_MACHINE, value)).toBe(value);
      expect(outcome('fixed', value)).toBe('This aircraft on ground is fixed: the job goes on in its appointment');
      expect(outcome('cancelled', value)).toBe('This call is closed');
      expect(outcome('open', value)).toBe('This call is closed');
    }
  });

  it('is cancelled only while open, and cancelling again answers it again', () => {
    expect(outcome('open', 'cancel')).toBe('-> cancelled');
    expect(outcome('cancelled', 'cancel')).toBe('-> cancelled');
    expect(outcome('accepted', 'cancel')).toBe(
      'A mechanic is already dispatched: cancel the appointment with them instead',
    );
  });
});
