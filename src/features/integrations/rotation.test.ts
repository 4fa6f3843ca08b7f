import { describe, expect, it } from 'vitest';
import { planRotation, type RotatableKey } from './rotation.ts';

const now = new Date('2026-03-01T12:00:00Z');
let n = 0;
function key(over: Partial<RotatableKey> = {}): RotatableKey {
  n += 1;
  return {
    id: `k${n}`,
    keyName: `Key ${n}`,
    status: 'active',
    isPrimary: false,
    priority: 1,
    createdAt: new Date(2026, 0, n),
    expiresAt: null,
    ...over,
  };
}

describe('planRotation', () => {
  it('moves the primary to the next active key by priority and wraps around', () => {
    const a = key({ priority: 1, isPrimary: true });
    const b = key({ priority: 2 });
    const c = key({ priority: 3 });
    const first = planRotation([c, b, a], 3, now);
    expect(first.ok && first.newPrimary.id).toBe(b.id);
    const wrapped = planRotation([{ ...a, isPrimary: false }, b, { ...c, isPrimary: true }], 3, now);
    expect(wrapped.ok && wrapped.newPrimary.id).toBe(a.id);
  });

  it('breaks priority ties by age', () => {
    const older = key({ priority: 2, createdAt: new Date('2025-01-01') });
    const newer = key({ priority: 2, createdAt: new Date('2025-06-01') });
    const primary = key({ priority: 1, isPrimary: true });
    const plan = planRotation([newer, primary, older], 3, now);
    expect(plan.ok && plan.pool.map((k) => k.id)).toEqual([primary.id, older.id, newer.id]);
    expect(plan.ok && plan.newPrimary.id).toBe(older.id);
  });

  it('only rotates within the first batch_size keys', () => {
    const keys = [1, 2, 3, 4, 5].map((p) => key({ priority: p, isPrimary: p === 3 }));
    const plan = planRotation(keys, 3, now);
    expect(plan.ok && plan.newPrimary.priority).toBe(1);
    const outside = planRotation(
      keys.map((k) => ({ ...k, isPrimary: k.priority === 5 })),
      3,
      now,
    );
    expect(outside.ok && outside.newPrimary.priority).toBe(1);
  });

  it('skips inactive keys and expires keys past their date', () => {
    const a = key({ priority: 1, isPrimary: true });
    const off = key({ priority: 2, status: 'inactive' });
    const stale = key({ priority: 3, expiresAt: new Date('2026-02-01') });
    const c = key({ priority: 4 });
    const plan = planRotation([a, off, stale, c], 3, now);
    expect(plan.expire).toEqual([stale.id]);
    expect(plan.ok && plan.newPrimary.id).toBe(c.id);
  });

  it('makes the first key primary when none is, and reports no change for a single key', () => {
    const a = key({ priority: 2 });
    const plan = planRotation([a], 3, now);
    expect(plan.ok && plan.newPrimary.id).toBe(a.id);
    expect(plan.ok && plan.changed).toBe(true);
    const again = planRotation([{ ...a, isPrimary: true }], 3, now);
    expect(again.ok && again.changed).toBe(false);
  });

  it('fails without an active key', () => {
    expect(planRotation([key({ status: 'inactive' })], 3, now)).toMatchObject({ ok: false, reason: 'no_active_keys' });
    expect(planRotation([], 3, now).ok).toBe(false);
  });
});
