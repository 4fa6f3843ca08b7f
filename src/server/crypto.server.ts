import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { HttpError } from './http/errors.ts';

/**
 * Secrets at rest (API keys, encrypted settings): AES-256-GCM with a 32-byte key from
 * CONFIG_ENCRYPTION_KEY (base64). Stored as `v1:<iv>:<tag>:<ciphertext>`, each part base64, so a
 * future key or algorithm gets a new version prefix and old rows stay readable.
 * See docs/decisions/0051-secrets-encryption.md.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored secret that cannot be read back: wrong key, tampered or not our format. */
export class DecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecryptionError';
  }
}

/**
 * The key, read at call time (tests and rotations change the environment). A missing or malformed
 * key is a deployment problem the admin must see, hence a 503 with the fix in the detail.
 */
function encryptionKey(): Buffer {
  const raw = process.env['CONFIG_ENCRYPTION_KEY']?.trim();
  if (!raw) {
    throw new HttpError(
      503,
      'Secret storage is not configured: set CONFIG_ENCRYPTION_KEY to 32 random bytes in base64',
    );
  }
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32) {
    throw new HttpError(503, `CONFIG_ENCRYPTION_KEY must be 32 bytes in base64 (it decodes to ${key.length} bytes)`);
  }
  return key;
}

export function isEncryptedValue(value: string): boolean {
  return value.startsWith(`${VERSION}:`) && value.split(':').length === 4;
}

export function encryptSecret(plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64'), tag.toString('base64'), data.toString('base64')].join(':');
}

export function decryptSecret(stored: string): string {
  const parts = stored.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new DecryptionError('Stored secret is not in the v1 encrypted format');
  }
  const [, ivB64, tagB64, dataB64] = parts as [string, string, string, string];
  const iv = Buffer.from(ivB64, 'base64');
  const tag = Buffer.from(tagB64, 'base64');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new DecryptionError('Stored secret is malformed (bad IV or authentication tag length)');
  }
  const key = encryptionKey();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(dataB64, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new DecryptionError(
      'Stored secret could not be decrypted: it was encrypted with a different CONFIG_ENCRYPTION_KEY or has been altered',
    );
  }
}
