import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { SITE_SETTINGS_HEADERS } from '../../src/features/site/site-cache.ts';
import { reply } from '../../src/server/http/reply.ts';
import { withApi } from '../../src/server/http/with-api.ts';
import { siteSettings } from '../../src/server/settings.server.ts';

// The public part of the settings: whether the discount popup is offered, the business hours.
export default withApi({
  GET: async (ctx) =>
    reply(ROUTES.siteSettings, { success: true, data: await siteSettings(ctx.db) }, { headers: SITE_SETTINGS_HEADERS }),
});

export const config: Config = { path: '/api/site/settings' };
