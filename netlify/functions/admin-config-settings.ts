import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { SettingCategorySchema } from '../../src/contract/admin-config.ts';
import { readFormOrJson } from '../../src/server/http/form-body.server.ts';
import { listAllSettings, listSettings, upsertSetting } from '../../src/server/settings.server.ts';
import { purgeBlogPages } from '../../src/features/blog/cache-purge.server.ts';
import { TAG_SITE_SETTINGS } from '../../src/features/site/site-cache.ts';
import { badRequest, notFound } from '../../src/server/http/errors.ts';
import { parseWith, serve, withApi } from '../../src/server/http/with-api.ts';

export default withApi(
  // Every setting, for the console's one-call Settings tab.
  serve(ROUTES.adminSettingsAll, async (ctx) => {
    return reply(ROUTES.adminSettingsAll, { success: true, data: await listAllSettings(ctx.db) });
  }),
  serve(ROUTES.adminSettings, async (ctx) => {
    const category = parseWith(SettingCategorySchema, ctx.params.category);
    return reply(ROUTES.adminSettings, { success: true, data: await listSettings(ctx.db, category) });
  }),
  serve(ROUTES.adminSetting, async (ctx) => {
    const category = parseWith(SettingCategorySchema, ctx.params.category);
    const one = (await listSettings(ctx.db, category)).find((s) => s.setting_key === ctx.params.key);
    if (!one) throw notFound('Setting not found');
    return reply(ROUTES.adminSetting, { success: true, data: one });
  }),
  // PUT /{category}/{setting_key} with the Add/Update Setting dialog's form data (or JSON).
  serve(ROUTES.adminSettingSave, async (ctx) => {
    const admin = ctx.user;
    const category = parseWith(SettingCategorySchema, ctx.params.category);
    const body = await readFormOrJson(ctx.req);
    const key = ctx.params.key;
    const named = typeof body['setting_key'] === 'string' ? body['setting_key'].trim() : '';
    if (named && named !== key) throw badRequest(`setting_key: the body says ${named} but the URL says ${key}`);
    const form = parseWith(ROUTES.adminSettingSave.input, { ...body, setting_key: key });
    const saved = await upsertSetting(ctx.db, category, form, admin.id);
    // The public pages read some settings through the CDN: let them see the change now.
    await purgeBlogPages([TAG_SITE_SETTINGS]);
    return reply(ROUTES.adminSettingSave, { success: true, data: saved });
  }),
);

export const config: Config = {
  path: [
    '/api/admin/config/settings',
    '/api/admin/config/settings/:category',
    '/api/admin/config/settings/:category/:key',
  ],
};
