import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';

/**
 * Backups are encrypted with age (https://age-encryption.org/v1, docs/decisions/0342): an open
 * format with independent implementations, so an operator opens one without this product:
 *   age -d -i .data/backup-key.txt FILE.zip.age > FILE.zip
 * (`apt install age`, or `npx age-encryption`'s library). The key is an X25519 age identity
 * (`AGE-SECRET-KEY-1...`): BACKUP_KEY when set, else the key file beside the local data, made on
 * the first backup. Without the key a backup cannot be read by anyone, this product included.
 */
export const AGE_HEADER = 'age-encryption.org/v1';
const IDENTITY = /^AGE-SECRET-KEY-1[0-9A-Z]+$/;

export interface BackupKey {
  identity: string;
  /** Where it came from, as the commands tell the operator. */
  source: string;
  /** Made just now (a new key file). */
  created: boolean;
}

function parseIdentity(text: string, source: string): string {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !l.startsWith('#'));
  if (!line || !IDENTITY.test(line))
    throw new Error(`${source} is not an age X25519 identity (a line AGE-SECRET-KEY-1...; make one with age-keygen)`);
  return line;
}

/**
 * The backup key: BACKUP_KEY (the identity itself), else `keyFile`. With `create`, a missing key
 * file is made (mode 0600, in age-keygen's format, so `age -i` reads it).
 */
export async function backupKey(options: {
  env: Record<string, string | undefined>;
  keyFile: string;
  create: boolean;
}): Promise<BackupKey> {
  const given = options.env['BACKUP_KEY']?.trim();
  if (given) return { identity: parseIdentity(given, 'BACKUP_KEY'), source: 'BACKUP_KEY', created: false };
  if (existsSync(options.keyFile))
    return {
      identity: parseIdentity(readFileSync(options.keyFile, 'utf8'), options.keyFile),
      source: options.keyFile,
      created: false,
    };
  if (!options.create)
    throw new Error(
      `No backup key: set BACKUP_KEY to the age identity the backup was made with (no ${options.keyFile})`,
    );
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  mkdirSync(path.dirname(options.keyFile), { recursive: true });
  writeFileSync(options.keyFile, `# created: ${new Date().toISOString()}\n# public key: ${recipient}\n${identity}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  chmodSync(options.keyFile, 0o600);
  return { identity, source: options.keyFile, created: true };
}

export async function encryptArchive(plain: Uint8Array, identity: string): Promise<Uint8Array> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(await identityToRecipient(identity));
  return encrypter.encrypt(plain);
}

export const isEncrypted = (bytes: Uint8Array) =>
  new TextDecoder().decode(bytes.subarray(0, AGE_HEADER.length)) === AGE_HEADER;

/** Decrypts an age archive; a wrong key or a changed byte is refused (age authenticates every chunk). */
export async function decryptArchive(bytes: Uint8Array, identity: string, file: string): Promise<Uint8Array> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  try {
    return await decrypter.decrypt(bytes);
  } catch (error) {
    throw new Error(
      `${file} cannot be decrypted with this key (wrong key, or the file was changed): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
