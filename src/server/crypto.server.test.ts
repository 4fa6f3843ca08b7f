import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decryptSecret, DecryptionError, encryptSecret, isEncryptedValue } from './crypto.server.ts';
import { HttpError } from './http/errors.ts';

const KEY_A = Buffer.alloc(32, 1).toString('base64');
const KEY_B = Buffer.alloc(32, 2).toString('base64');
let saved: string | undefined;

beforeEach(() => {
  saved = process.env['CONFIG_ENCRYPTION_KEY'];
  process.env['CONFIG_ENCRYPTION_KEY'] = KEY_A;
});
afterEach(() => {
  if (saved === undefined) delete process.env['CONFIG_ENCRYPTION_KEY'];
  else process.env['CONFIG_ENCRYPTION_KEY'] = saved;
});

describe('encryptSecret / decryptSecret', () => {
  it('round-trips in the v1:iv:tag:data format with a fresh IV each time', () => {
    const a = encryptSecret('sk_test_123');
    const b = encryptSecret('sk_test_123');
    expect(a).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk_test_123');
    expect(isEncryptedValue(a)).toBe(true);
    expect(decryptSecret(a)).toBe('sk_test_123');
    expect(decryptSecret(encryptSecret('ünïcode ✈'))).toBe('ünïcode ✈');
  });
  it('refuses another key, a tampered value and a foreign format with a clear error', () => {
    const stored = encryptSecret('secret');
    process.env['CONFIG_ENCRYPTION_KEY'] = KEY_B;
    expect(() => decryptSecret(stored)).toThrow(/different CONFIG_ENCRYPTION_KEY/);
    process.env['CONFIG_ENCRYPTION_KEY'] = KEY_A;
    const parts = stored.split(':');
    const tampered = [parts[0], parts[1], parts[2], Buffer.from('other').toString('base64')].join(':');
    expect(() => decryptSecret(tampered)).toThrow(DecryptionError);
    expect(() => decryptSecret('plaintext')).toThrow(/v1 encrypted format/);
  });
  it('reports a missing or short key as a 503 naming the variable', () => {
    delete process.env['CONFIG_ENCRYPTION_KEY'];
    expect(() => encryptSecret('x')).toThrow(HttpError);
    process.env['CONFIG_ENCRYPTION_KEY'] = Buffer.alloc(16).toString('base64');
    expect(() => encryptSecret('x')).toThrow(/32 bytes/);
  });
});
