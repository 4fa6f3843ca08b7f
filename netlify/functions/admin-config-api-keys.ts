import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { apiKeyFormFor } from '../../src/contract/admin-api-keys.ts';
import { IntegrationTypeSchema } from '../../src/contract/admin-config.ts';
import {
  createApiKey,
  deleteApiKey,
  listAllApiKeys,
  listApiKeys,
  replaceApiKey,
} from '../../src/features/integrations/api-key-admin.server.ts';
import { purgeBlogPages } from '../../src/features/blog/cache-purge.server.ts';
import { TAG_SITE_SETTINGS } from '../../src/features/site/site-cache.ts';
import { readFormOrJson } from '../../src/server/http/form-body.server.ts';
import { parseWith, serve, withApi } from '../../src/server/http/with-api.ts';

/**
 * The public settings read carries Google Analytics' measurement ID (docs/decisions/0275), and
 * the CDN keeps it: any key write lets the public pages see the change at once.
 */
const purgePublicSettings = () => purgeBlogPages([TAG_SITE_SETTINGS]);

export default withApi(
  // Every key (masked), for the console's API Keys tab.
  serve(ROUTES.adminApiKeysAll, async (ctx) => {
    return reply(ROUTES.adminApiKeysAll, { success: true, data: await listAllApiKeys(ctx.db) });
  }),
  // One integration's keys (masked).
  serve(ROUTES.adminApiKeys, async (ctx) => {
    const integration = parseWith(IntegrationTypeSchema, ctx.params.integration);
    return reply(ROUTES.adminApiKeys, { success: true, data: await listApiKeys(ctx.db, integration) });
  }),
  // POST ?integration_type={type} with the form fields of the Add New API Key dialog.
  serve(ROUTES.adminApiKeyCreate, async (ctx) => {
    const admin = ctx.user;
    const integration = parseWith(IntegrationTypeSchema, ctx.url.searchParams.get('integration_type') ?? '');
    const form = parseWith(apiKeyFormFor(integration), await readFormOrJson(ctx.req));
    const data = await createApiKey(ctx.db, integration, form, admin.id);
    await purgePublicSettings();
    return reply(ROUTES.adminApiKeyCreate, { success: true, data });
  }),
  // PUT /:id {api_key, api_secret?, key_name?}: the key replaced in place.
  serve(ROUTES.adminApiKeyReplace, async (ctx) => {
    const form = parseWith(ROUTES.adminApiKeyReplace.input, await readFormOrJson(ctx.req));
    const data = await replaceApiKey(ctx.db, ctx.params.id, form);
    await purgePublicSettings();
    return reply(ROUTES.adminApiKeyReplace, { success: true, data });
  }),
  // DELETE /:id: the key removed; the next active key becomes primary if it was.
  serve(ROUTES.adminApiKeyDelete, async (ctx) => {
    const message = await deleteApiKey(ctx.db, ctx.params.id);
    await purgePublicSettings();
    return reply(ROUTES.adminApiKeyDelete, { success: true, message });
  }),
);

export const config: Config = { path: ['/api/admin/config/api-keys', '/api/admin/config/api-keys/:integration'] };
