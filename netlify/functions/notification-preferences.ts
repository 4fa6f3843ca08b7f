import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { emailPreference, setEmailPreference } from '../../src/features/marketplace/notifications.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Whether the signed-in user's marketplace notifications also arrive by email.
export default withApi(
  serve(ROUTES.emailPreference, async (ctx) =>
    reply(ROUTES.emailPreference, await emailPreference(ctx.db, ctx.user.id)),
  ),
  serve(ROUTES.emailPreferenceSave, async (ctx) => {
    const { user } = ctx;
    const { emailNotifications } = await ctx.input(ROUTES.emailPreferenceSave);
    return reply(ROUTES.emailPreferenceSave, await setEmailPreference(ctx.db, user.id, emailNotifications));
  }),
);

export const config: Config = { path: '/api/enhanced/notifications/preferences' };
