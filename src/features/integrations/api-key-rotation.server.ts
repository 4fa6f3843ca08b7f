import { sql } from 'kysely';
import { integrationLabel, type IntegrationType } from '../../contract/admin-config.ts';
import type { RotationPreview } from '../../contract/admin-api-keys.ts';
import type { Db } from '../../server/db/client.ts';
import { conflict } from '../../server/http/errors.ts';
import { planRotation } from './rotation.ts';
import { targetOf } from '../../contract/machines.ts';
import { API_KEY_MACHINE } from '../../contract/status-machines.ts';
import { lockIntegration, keysOf } from './api-keys.server.ts';

/** Rotates one integration's primary key per docs/decisions/0050-api-key-rotation.md. */
const skippedNote = (skipped: { keyName: string }[]) =>
  skipped.length ? ` Left out because their last test failed: ${skipped.map((k) => `"${k.keyName}"`).join(', ')}.` : '';

/** What Rotate would do, without doing it: the console says it before the admin confirms. */
export async function previewRotation(
  db: Db,
  integration: IntegrationType,
  batchSize: number,
): Promise<RotationPreview> {
  const keys = await keysOf(db, integration);
  const plan = planRotation(keys, batchSize, new Date());
  const names = (ids: string[]) => keys.filter((k) => ids.includes(k.id)).map((k) => k.keyName);
  if (!plan.ok)
    return {
      canRotate: false,
      newPrimary: null,
      currentPrimary: keys.find((k) => k.isPrimary)?.keyName ?? null,
      skipped: plan.skipped.map((k) => k.keyName),
      expiring: names(plan.expire),
    };
  return {
    canRotate: plan.changed,
    newPrimary: plan.newPrimary.keyName,
    currentPrimary: plan.previousPrimary?.keyName ?? null,
    skipped: plan.skipped.map((k) => k.keyName),
    expiring: names(plan.expire),
  };
}

export async function rotateApiKeys(db: Db, integration: IntegrationType, batchSize: number): Promise<string> {
  const label = integrationLabel(integration);
  // The transaction commits expiries even when nothing is left to rotate; the 409 follows after.
  const outcome = await db.transaction().execute(async (trx) => {
    await lockIntegration(trx, integration);
    const keys = await keysOf(trx, integration);
    const plan = planRotation(keys, batchSize, new Date());
    if (plan.expire.length) {
      await trx
        .updateTable('apiKeys')
        .set({ status: targetOf(API_KEY_MACHINE, 'expire'), isPrimary: false, updatedAt: sql`now()` })
        .where('id', 'in', plan.expire)
        .execute();
    }
    const expired = plan.expire.length
      ? ` ${plan.expire.length} expired key${plan.expire.length === 1 ? '' : 's'} retired.`
      : '';
    if (!plan.ok)
      return {
        ok: false as const,
        message:
          plan.reason === 'all_failed_test'
            ? `No ${label} key can become primary: every active key failed its last test (${plan.skipped.map((k) => `"${k.keyName}"`).join(', ')}).${expired} Fix a key and press Test first.`
            : `No active ${label} keys to rotate.${expired} Add or activate a key first.`,
      };
    if (!plan.changed) {
      return {
        ok: true as const,
        message: `Only one active ${label} key ("${plan.newPrimary.keyName}"): it stays primary.${expired}`,
      };
    }
    await trx
      .updateTable('apiKeys')
      .set({ isPrimary: false, updatedAt: sql`now()` })
      .where('integrationType', '=', integration)
      .where('isPrimary', '=', true)
      .execute();
    await trx
      .updateTable('apiKeys')
      .set({ isPrimary: true, usageCount: 0, lastRotatedAt: sql`now()`, updatedAt: sql`now()` })
      .where('id', '=', plan.newPrimary.id)
      .execute();
    if (plan.previousPrimary) {
      await trx
        .updateTable('apiKeys')
        .set({ lastRotatedAt: sql`now()` })
        .where('id', '=', plan.previousPrimary.id)
        .execute();
    }
    return {
      ok: true as const,
      message: `Rotated ${label} keys: "${plan.newPrimary.keyName}" is now primary (rotation pool of ${plan.pool.length}).${expired}${skippedNote(plan.skipped)}`,
    };
  });
  if (!outcome.ok) throw conflict(outcome.message);
  return outcome.message;
}
