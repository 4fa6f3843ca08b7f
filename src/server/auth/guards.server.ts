import { isUuid } from '../../contract/ids.ts';
import { VETTING_MESSAGES } from '../../contract/mechanic-vetting.ts';
import type { Role } from '../../contract/roles.ts';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/tables/auth.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { ApiContext } from '../http/with-api.ts';
import { verifyAccessToken, type VerifiedClaims } from './token.server.ts';

export type UserRow = Selectable<UsersTable>;

export function bearer(req: Request): string | null {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The signed-in user and the claims of the token presented, or null. The token proves who it is;
 * the role is read from the database so a changed or deleted account takes effect at once. A token
 * whose version is older than the user's (logout-all, password change or reset) or whose id was
 * revoked by logout is refused: one query does both checks (docs/decisions/0090).
 */
export async function getSession(ctx: ApiContext): Promise<{ user: UserRow; claims: VerifiedClaims } | null> {
  const token = bearer(ctx.req);
  if (!token) return null;
  const claims = await verifyAccessToken(token);
  if (!claims || !isUuid(claims.sub) || !isUuid(claims.jti)) return null;
  const user = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', claims.sub)
    .where('tokenVersion', '=', claims.tv)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('revokedTokens').select('jti').where('jti', '=', claims.jti))))
    .executeTakeFirst();
  return user ? { user, claims } : null;
}

/** The signed-in user, or null. */
export async function getUser(ctx: ApiContext): Promise<UserRow | null> {
  return (await getSession(ctx))?.user ?? null;
}

/** 401 unless a valid, unrevoked token of an existing user is presented. */
export async function requireSession(ctx: ApiContext): Promise<{ user: UserRow; claims: VerifiedClaims }> {
  if (!bearer(ctx.req)) throw unauthorized('Authentication required');
  const session = await getSession(ctx);
  if (!session) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
  return session;
}

/** 401 unless a valid token of an existing user is presented. */
export async function requireUser(ctx: ApiContext): Promise<UserRow> {
  return (await requireSession(ctx)).user;
}

/** 401 without a valid session, 403 when the user's role is not one of `roles`. */
export async function requireRole(ctx: ApiContext, ...roles: Role[]): Promise<UserRow> {
  const user = await requireUser(ctx);
  if (!roles.includes(user.role)) throw forbidden(`This requires the ${roles.join(' or ')} role`);
  return user;
}

/**
 * The signed-in user, for a route that reads or changes a job (appointments, change orders, work
 * orders, records, documents). A mechanic who is not approved (rejected or suspended, or never
 * approved) has no job left to act on: 403 with the reason, whatever job they had before
 * (docs/decisions/0093-mechanic-vetting.md).
 */
export async function requireJobUser(ctx: ApiContext, ...roles: Role[]): Promise<UserRow> {
  const user = roles.length > 0 ? await requireRole(ctx, ...roles) : await requireUser(ctx);
  if (user.role === 'mechanic' && user.mechanicStatus !== 'approved') {
    throw forbidden(user.mechanicStatus === 'rejected' ? VETTING_MESSAGES.stopped : VETTING_MESSAGES.pendingRequests);
  }
  return user;
}
