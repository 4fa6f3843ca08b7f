import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../contract/roles.ts';
import { SESSION_HOURS_BOUNDS } from '../../contract/settings-catalog.ts';
import { env } from '../env.ts';

export const TOKEN_ISSUER = 'skyward-mobile-aviation';
export const TOKEN_AUDIENCE = 'skyward-app';
/** Until the session_hours setting says otherwise (docs/decisions/0190-settings-catalog.md). */
export const TOKEN_TTL_SECONDS = SESSION_HOURS_BOUNDS.default * 60 * 60;

export interface TokenClaims {
  sub: string;
  role: Role;
  /** The user's token version when it was issued; a later bump revokes it (migration 0010). */
  tv?: number;
}

export interface VerifiedClaims {
  sub: string;
  role: Role;
  tv: number;
  /** Unique id of this token, so logout can revoke just it. */
  jti: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

function secret(): Uint8Array<ArrayBuffer> {
  const value = env().JWT_SECRET;
  if (!value) throw new Error('JWT_SECRET is not configured');
  return new TextEncoder().encode(value);
}

/**
 * The secret as a Web Crypto key, imported once per secret: given the raw bytes, jose imports a key
 * on every verification, which was half its cost (137 against 77 µs a token, measured here), paid on
 * every signed-in call.
 */
let verifyKey: { value: string; key: Promise<CryptoKey> } | undefined;
function verificationKey(): Promise<CryptoKey> {
  const value = env().JWT_SECRET ?? '';
  if (verifyKey?.value !== value) {
    const key = crypto.subtle.importKey('raw', secret(), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKey = { value, key };
  }
  return verifyKey.key;
}

export async function signAccessToken(claims: TokenClaims, ttlSeconds = TOKEN_TTL_SECONDS): Promise<string> {
  return new SignJWT({ role: claims.role, tv: claims.tv ?? 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(crypto.randomUUID())
    .setSubject(claims.sub)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret());
}

/**
 * Verifies signature, algorithm (pinned: no `none`, no RS/HS confusion), issuer, audience and
 * expiry. jose checks `exp` only when present, so it is required explicitly. Null when invalid.
 */
export async function verifyAccessToken(token: string): Promise<VerifiedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await verificationKey(), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub', 'iat', 'jti'],
    });
    const role = payload['role'];
    const tv = payload['tv'] ?? 0;
    if (typeof payload.sub !== 'string' || (role !== 'pilot' && role !== 'mechanic' && role !== 'admin')) return null;
    if (
      typeof tv !== 'number' ||
      !Number.isInteger(tv) ||
      typeof payload.jti !== 'string' ||
      typeof payload.exp !== 'number'
    )
      return null;
    return { sub: payload.sub, role, tv, jti: payload.jti, exp: payload.exp };
  } catch {
    return null;
  }
}
