import { CONFIG_LIMITS } from '../../../contract/admin-config.ts';
import type { ApiKeyView } from '../../../contract/admin-api-keys.ts';
import { planRotation } from '../../integrations/rotation.ts';

/**
 * Whether Rotate can move the primary to another key now, by the server's own rule
 * (planRotation): null when it can, else why not, said on the disabled button (Rotate
 * stayed enabled after the dialog said no key could become primary, then failed).
 */
export function rotationBlocked(keys: readonly ApiKeyView[], now = new Date()): string | null {
  const plan = planRotation(
    keys.map((k) => ({
      id: k.id,
      keyName: k.key_name,
      status: k.status,
      isPrimary: k.is_primary,
      priority: k.priority,
      createdAt: new Date(k.created_at),
      expiresAt: k.expires_at ? new Date(k.expires_at) : null,
      lastTestOk: k.last_test_ok,
    })),
    CONFIG_LIMITS.rotateBatchSize,
    now,
  );
  if (!plan.ok)
    return plan.reason === 'all_failed_test'
      ? 'No key can become primary: every active key failed its last test.'
      : 'No active key to rotate to.';
  if (!plan.changed) return `Only “${plan.newPrimary.keyName}” can be primary: add or activate another key to rotate.`;
  return null;
}
