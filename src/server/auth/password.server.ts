import {
  argon2 as argon2Callback,
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

/**
 * Passwords are argon2id at RFC 9106's second recommended setting (64 MiB, t=3, p=1), stored as
 * PHC strings (`$argon2id$v=19$m=65536,t=3,p=1$salt$hash`): ~190 ms a hash on these machines,
 * built into Node since 24.7. Hashes from before (scrypt N=2^17, `scrypt$N$r$p$salt$key`) still
 * verify, and sign-in replaces them (and any weaker argon2id) with the current scheme.
 * See docs/decisions/0020-password-hashing.md.
 */
export interface Argon2Params {
  /** Memory in KiB. */
  memory: number;
  passes: number;
  parallelism: number;
}

export const ARGON2_PARAMS: Argon2Params = { memory: 65536, passes: 3, parallelism: 1 };
/** argon2id at 1 MiB, one pass: for accounts nobody keeps (test users, a throw-away local product). */
export const THROW_AWAY_ARGON2_PARAMS: Argon2Params = { memory: 1024, passes: 1, parallelism: 1 };

/** The cost new hashes are made at, and below which a sign-in replaces a hash. */
let currentParams: Argon2Params = ARGON2_PARAMS;

/**
 * Makes new hashes at THROW_AWAY_ARGON2_PARAMS in this process. Only the local product started on
 * data thrown away after the run calls it (`--scratch`, the browser tests' instance:
 * scripts/lib/product.ts), where the hundreds of sign-ups of a test run each spent ~200 ms of CPU
 * on a hash nobody will ever attack. No function a deploy runs calls it: there every hash is
 * ARGON2_PARAMS (docs/decisions/0497-throw-away-hash-cost.md).
 */
export function hashAtThrowAwayCost(): void {
  currentParams = THROW_AWAY_ARGON2_PARAMS;
}
const SALT_BYTES = 16;
const TAG_BYTES = 32;
const SCRYPT_MAXMEM = 256 * 1024 * 1024;

const normalize = (password: string) => password.normalize('NFKC');
const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

function argon2id(password: string, salt: Buffer, tagLength: number, params: Argon2Params): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    argon2Callback('argon2id', { message: normalize(password), nonce: salt, tagLength, ...params }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(normalize(password), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, params: Argon2Params = currentParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const tag = await argon2id(password, salt, TAG_BYTES, params);
  return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${b64(salt)}$${b64(tag)}`;
}

interface ParsedArgon2 {
  params: Argon2Params;
  salt: Buffer;
  tag: Buffer;
}

function parseArgon2(stored: string): ParsedArgon2 | null {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (!match) return null;
  const [, m, t, p, salt, tag] = match;
  return {
    params: { memory: Number(m), passes: Number(t), parallelism: Number(p) },
    salt: Buffer.from(salt!, 'base64'),
    tag: Buffer.from(tag!, 'base64'),
  };
}

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const argon = parseArgon2(stored);
  if (argon) return sameBytes(await argon2id(password, argon.salt, argon.tag.length, argon.params), argon.tag);
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT_MAXMEM,
  });
  return sameBytes(actual, expected);
}

/** True when a stored hash is not argon2id at the current cost (currentParams): replace it at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const argon = parseArgon2(stored);
  if (!argon) return true;
  const { memory, passes, parallelism } = argon.params;
  return memory < currentParams.memory || passes < currentParams.passes || parallelism !== currentParams.parallelism;
}

/**
 * A hash of a random password nobody knows, made once with ARGON2_PARAMS. Shipped ready-made so the
 * first unknown-email login of a fresh instance costs one verification, like every other.
 */
const DUMMY_HASH = '$argon2id$v=19$m=65536,t=3,p=1$XKxlihchmdIfuyKCcuvqsA$NDvLw9agwcuAcDt/q3URUjCAuhN7EQCfC3ocAYJbZ9U';

/**
 * Spends the same time as a real verification for an email that has no account, so response
 * time does not tell whether an address is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH);
  return false;
}
