import type { ApiKeyStatus } from '../../contract/admin-config.ts';

/** What rotation needs to know of a key. */
export interface RotatableKey {
  id: string;
  keyName: string;
  status: ApiKeyStatus;
  isPrimary: boolean;
  priority: number;
  createdAt: Date;
  expiresAt: Date | null;
  /** The outcome of the key's last Test (null: never tested). A key that failed is never promoted. */
  lastTestOk?: boolean | null;
}

export type RotationPlan =
  | { ok: false; reason: 'no_active_keys' | 'all_failed_test'; expire: string[]; skipped: RotatableKey[] }
  | {
      ok: true;
      /** Active keys left out because their last test failed. */
      skipped: RotatableKey[];
      /** Active keys whose expires_at has passed: they become `expired` and leave the rotation. */
      expire: string[];
      /** The keys taking part, in rotation order (at most batch_size). */
      pool: RotatableKey[];
      previousPrimary: RotatableKey | null;
      newPrimary: RotatableKey;
      /** False when the pool has one key and it already is the primary. */
      changed: boolean;
    };

/** Rotation order: priority (1 first), then the older key, then id so the order is total. */
export function byRotationOrder(a: RotatableKey, b: RotatableKey): number {
  return a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);
}

/**
 * The rotation rule of docs/decisions/0050-api-key-rotation.md:
 * 1. active keys past their expires_at expire;
 * 2. the pool is the first `batchSize` remaining active keys in rotation order, leaving out keys
 *    whose last test failed (a key that just failed its test was made primary);
 * 3. the primary moves to the key after the current primary in the pool, wrapping around; when
 *    the current primary is not in the pool (or there is none), the pool's first key becomes primary.
 * The caller resets the new primary's usage counter and stamps last_rotated_at.
 */
export function planRotation(keys: readonly RotatableKey[], batchSize: number, now: Date): RotationPlan {
  const expire = keys
    .filter((k) => k.status === 'active' && k.expiresAt !== null && k.expiresAt.getTime() <= now.getTime())
    .map((k) => k.id);
  const active = keys.filter((k) => k.status === 'active' && !expire.includes(k.id)).sort(byRotationOrder);
  // A key whose last test failed would be promoted only to fail: it waits until it passes a test.
  const skipped = active.filter((k) => k.lastTestOk === false);
  const live = active.filter((k) => k.lastTestOk !== false);
  if (active.length === 0) return { ok: false, reason: 'no_active_keys', expire, skipped };
  if (live.length === 0) return { ok: false, reason: 'all_failed_test', expire, skipped };
  const pool = live.slice(0, Math.max(1, batchSize));
  const previousPrimary = keys.find((k) => k.isPrimary) ?? null;
  const at = previousPrimary ? pool.findIndex((k) => k.id === previousPrimary.id) : -1;
  const newPrimary = at === -1 ? pool[0]! : pool[(at + 1) % pool.length]!;
  return {
    ok: true,
    expire,
    skipped,
    pool,
    previousPrimary,
    newPrimary,
    changed: newPrimary.id !== previousPrimary?.id,
  };
}
