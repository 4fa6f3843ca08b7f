import { isUuid } from '../../contract/ids.ts';
import { VETTING_MESSAGES } from '../../contract/mechanic-vetting.ts';
import type { Access } from '../../contract/routes.ts';
import type { Role } from '../../contract/roles.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../db/client.ts';
import type { UsersTable } from '../db/tables/auth.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { verifyAccessToken, type VerifiedClaims } from './token.server.ts';

export type UserRow = Selectable<UsersTable>;

/** What a guard reads of the request: its headers and a database handle. */
export interface GuardContext {
  req: Request;
  db: Db;
}

/** The signed-in caller of a route whose access is not public, handed to its handler by `withApi`. */
export interface Session {
  user: UserRow;
  claims: VerifiedClaims;
}

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
export async function getSession(ctx: GuardContext): Promise<Session | null> {
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

/** 401 unless a valid, unrevoked token of an existing user is presented. */
export async function requireSession(ctx: GuardContext): Promise<Session> {
  if (!bearer(ctx.req)) throw unauthorized('Authentication required');
  const session = await getSession(ctx);
  if (!session) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
  return session;
}

/** 403 when the user's role is not one of `roles` (the wording every role-limited route answers). */
function requireRoleOf(user: UserRow, roles: readonly Role[]): void {
  if (!roles.includes(user.role)) throw forbidden(`This requires the ${roles.join(' or ')} role`);
}

/**
 * A route that reads or changes a job (appointments, change orders, work orders, records,
 * documents): a mechanic who is not approved (rejected or suspended, or never approved) has no job
 * left to act on: 403 with the reason, whatever job they had before
 * (docs/decisions/0093-mechanic-vetting.md).
 */
function requireApprovedForJobs(user: UserRow): void {
  if (user.role === 'mechanic' && user.mechanicStatus !== 'approved') {
    throw forbidden(user.mechanicStatus === 'rejected' ? VETTING_MESSAGES.stopped : VETTING_MESSAGES.pendingRequests);
  }
}

/**
 * The route table's `access` (docs/decisions/0430), checked by `withApi` before the handler:
 * 401 without a valid session, then 403 for a role the route does not name, then (for a job
 * route) 403 for a mechanic who is not approved. Answers the caller's session.
 */
export async function authorise(ctx: GuardContext, access: Exclude<Access, 'public'>): Promise<Session> {
  const session = await requireSession(ctx);
  if (access === 'signedIn') return session;
  if ('roles' in access) {
    requireRoleOf(session.user, access.roles);
  } else {
    requireRoleOf(session.user, access.job);
    requireApprovedForJobs(session.user);
  }
  return session;
}
