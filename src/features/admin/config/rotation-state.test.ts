import { describe, expect, it } from 'vitest';
import type { ApiKeyView } from '../../../contract/admin-api-keys.ts';
import { rotationBlocked } from './rotation-state.ts';

// Rotate is disabled, with the reason, when no other key can become primary.

let n = 0;
function key(overrides: Partial<ApiKeyView>): ApiKeyView {
  n += 1;
  return {
    id: `k${n}`,
    integration_type: 'stripe',
    key_name: `Key ${n}`,
    api_key: '••••',
    has_secret: false,
    is_primary: false,
    priority: n,
    daily_limit: null,
    monthly_limit: null,
    additional_config: {},
    status: 'active',
    usage_count: 0,
    created_at: new Date(2026, 0, n).toISOString(),
    last_used_at: null,
    last_rotated_at: null,
    expires_at: null,
    last_tested_at: null,
    last_test_ok: null,
    ...overrides,
  };
}

describe('rotationBlocked', () => {
  it('blocks a lone primary key, and keys that all failed their last test', () => {
    expect(rotationBlocked([key({ key_name: 'Only', is_primary: true })])).toBe(
      'Only “Only” can be primary: add or activate another key to rotate.',
    );
    expect(rotationBlocked([key({ is_primary: true, last_test_ok: false }), key({ last_test_ok: false })])).toBe(
      'No key can become primary: every active key failed its last test.',
    );
    expect(rotationBlocked([key({ status: 'inactive' })])).toBe('No active key to rotate to.');
  });

  it('lets a rotation through when another active key can take over', () => {
    expect(rotationBlocked([key({ is_primary: true }), key({})])).toBeNull();
    // The other key failed its test: only the primary is left, so nothing would change.
    expect(rotationBlocked([key({ key_name: 'Main', is_primary: true }), key({ last_test_ok: false })])).toBe(
      'Only “Main” can be primary: add or activate another key to rotate.',
    );
  });
});
