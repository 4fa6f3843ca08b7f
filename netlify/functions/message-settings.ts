import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { messageSettings, saveMessageSettings } from '../../src/features/conversations/settings.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The signed-in user's message digest settings: texts on or off, and the browser's time zone.
export default withApi(
  serve(ROUTES.messageSettings, async (ctx) => reply(ROUTES.messageSettings, await messageSettings(ctx.db, ctx.user))),
  serve(ROUTES.messageSettingsSave, async (ctx) => {
    const { user } = ctx;
    return reply(
      ROUTES.messageSettingsSave,
      await saveMessageSettings(ctx.db, user, await ctx.input(ROUTES.messageSettingsSave)),
    );
  }),
);

export const config: Config = { path: '/api/message-settings' };
