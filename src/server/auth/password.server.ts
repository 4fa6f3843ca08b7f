import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at OWASP's recommended cost (N=2^17, r=8, p=1): about 128 MiB and ~240 ms per hash on
 * these machines. Node refuses that much memory unless maxmem is raised. Parameters are stored in
 * each hash so they can be raised later without invalidating old passwords.
 * See docs/decisions/0020-password-hashing.md.
 */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1, keyLength: 32 } as const;
const MAXMEM = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, params: { N: number; r: number; p: number; keyLength: number } = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params.keyLength, { N: params.N, r: params.r, p: params.p, maxmem: MAXMEM });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password nobody knows, made once with SCRYPT_PARAMS. Shipped ready-made so the
 * first unknown-email login of a fresh instance costs one verification, like every other.
 */
const DUMMY_HASH = 'scrypt$131072$8$1$io5LspWcL7Pk0Wi8T1d8Ng==$cDa0FmZih9N4kJxud5T0VqAarDeNCWtFGe4zn6XkYiw=';

/**
 * Spends the same time as a real verification for an email that has no account, so response
 * time does not tell whether an address is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH);
  return false;
}
