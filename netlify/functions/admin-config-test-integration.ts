import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { integrationLabel, IntegrationTypeSchema } from '../../src/contract/admin-config.ts';
import { credentialsFor, recordKeyTest } from '../../src/features/integrations/api-keys.server.ts';
import { testIntegration } from '../../src/features/admin/config/test-integration.server.ts';
import { DecryptionError } from '../../src/server/crypto.server.ts';
import { parseWith, serve, withApi } from '../../src/server/http/with-api.ts';

// Calls the provider's harmless endpoint with the primary key (or ?key_id=): passed or failed, never a 500.
export default withApi(
  serve(ROUTES.adminTestIntegration, async (ctx) => {
    const integration = parseWith(IntegrationTypeSchema, ctx.params.integration);
    const label = integrationLabel(integration);
    const keyId = ctx.url.searchParams.get('key_id') ?? undefined;
    let creds;
    try {
      creds = await credentialsFor(ctx.db, integration, keyId);
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error;
      return reply(ROUTES.adminTestIntegration, {
        success: false,
        message: `${label} integration test failed: ${error.message}`,
      });
    }
    if (!creds)
      return reply(ROUTES.adminTestIntegration, {
        success: false,
        message: `${label} integration test failed: no active ${label} API key. Add or activate one first.`,
      });
    const result = await testIntegration(integration, creds);
    await recordKeyTest(ctx.db, creds.id, result.success);
    return reply(ROUTES.adminTestIntegration, result);
  }),
);

export const config: Config = { path: '/api/admin/config/test-integration/:integration' };
