import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../contract/roles.ts';
import { env } from '../env.ts';

export const TOKEN_ISSUER = 'skyward-mobile-aviation';
export const TOKEN_AUDIENCE = 'skyward-app';
export const TOKEN_TTL_SECONDS = 8 * 60 * 60;

export interface TokenClaims {
  sub: string;
  role: Role;
}

function secret(): Uint8Array {
  const value = env().JWT_SECRET;
  if (!value) throw new Error('JWT_SECRET is not configured');
  return new TextEncoder().encode(value);
}

export async function signAccessToken(claims: TokenClaims, ttlSeconds = TOKEN_TTL_SECONDS): Promise<string> {
  return new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
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
export async function verifyAccessToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret(), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub', 'iat'],
    });
    const role = payload['role'];
    if (typeof payload.sub !== 'string' || (role !== 'pilot' && role !== 'mechanic' && role !== 'admin')) return null;
    return { sub: payload.sub, role };
  } catch {
    return null;
  }
}
