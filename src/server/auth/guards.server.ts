import { isUuid } from '../../contract/ids.ts';
import type { Role } from '../../contract/roles.ts';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/tables/auth.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { ApiContext } from '../http/with-api.ts';
import { verifyAccessToken } from './token.server.ts';

export type UserRow = Selectable<UsersTable>;

function bearer(req: Request): string | null {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The signed-in user, or null. The token proves who it is; the role is read from the database so
 * a changed or deleted account takes effect at once.
 */
export async function getUser(ctx: ApiContext): Promise<UserRow | null> {
  const token = bearer(ctx.req);
  if (!token) return null;
  const claims = await verifyAccessToken(token);
  if (!claims || !isUuid(claims.sub)) return null;
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', claims.sub).executeTakeFirst();
  return user ?? null;
}

/** 401 unless a valid token of an existing user is presented. */
export async function requireUser(ctx: ApiContext): Promise<UserRow> {
  const token = bearer(ctx.req);
  if (!token) throw unauthorized('Authentication required');
  const user = await getUser(ctx);
  if (!user) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
  return user;
}

/** 401 without a valid session, 403 when the user's role is not one of `roles`. */
export async function requireRole(ctx: ApiContext, ...roles: Role[]): Promise<UserRow> {
  const user = await requireUser(ctx);
  if (!roles.includes(user.role)) throw forbidden(`This requires the ${roles.join(' or ')} role`);
  return user;
}
