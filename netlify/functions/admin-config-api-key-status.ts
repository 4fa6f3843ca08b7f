import type { Config } from '@netlify/functions';
import { ApiKeyStatusQuerySchema } from '../../src/contract/admin-config.ts';
import { setApiKeyStatus } from '../../src/features/admin/api-keys.server.ts';
import { readFormOrJson } from '../../src/features/admin/form-body.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { parseWith, withApi } from '../../src/server/http/with-api.ts';

// PUT ?status=active|inactive (or the same field in the body): Activate / Deactivate.
export default withApi({
  PUT: async (ctx) => {
    await requireRole(ctx, 'admin');
    const status = ctx.url.searchParams.get('status') ?? (await readFormOrJson(ctx.req))['status'];
    const { status: wanted } = parseWith(ApiKeyStatusQuerySchema, { status });
    return { success: true, data: await setApiKeyStatus(ctx.db, ctx.params['id'], wanted) };
  },
});

export const config: Config = { path: '/api/admin/config/api-keys/:id/status' };
