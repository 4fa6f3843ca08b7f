import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { isUuid } from '../../src/contract/ids.ts';
import { unlockAccount } from '../../src/features/auth/sessions.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// An administrator clears the sign-in lockout of an account (docs/decisions/0096).
export default withApi(
  serve(ROUTES.adminUserUnlock, async (ctx) => {
    const id = ctx.params.id;
    if (!isUuid(id)) throw notFound('User not found');
    const user = await ctx.db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
    if (!user) throw notFound('User not found');
    await unlockAccount(ctx.db, user.email);
    return reply(ROUTES.adminUserUnlock, { success: true, message: 'The account can sign in again.' });
  }),
);

export const config: Config = { path: '/api/admin/users/:id/unlock' };
