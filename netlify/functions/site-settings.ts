import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { SITE_SETTINGS_HEADERS } from '../../src/features/site/site-cache.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';
import { siteSettings } from '../../src/server/settings.server.ts';
import { siteAnalytics } from '../../src/features/integrations/analytics.server.ts';

// The public part of the settings: whether the discount popup is offered, the business hours,
// and Google Analytics' measurement ID when one is set (docs/decisions/0275).
export default withApi(
  serve(ROUTES.siteSettings, async (ctx) => {
    const [settings, analytics] = await Promise.all([siteSettings(ctx.db), siteAnalytics(ctx.db)]);
    return reply(
      ROUTES.siteSettings,
      { success: true, data: { ...settings, analytics } },
      { headers: SITE_SETTINGS_HEADERS },
    );
  }),
);

export const config: Config = { path: '/api/site/settings' };
