import type { Config } from '@netlify/functions';
import { PreviewSampleSchema } from '../../src/contract/admin-config.ts';
import { previewEmailTemplate } from '../../src/features/admin/email-templates.server.ts';
import { readFormOrJson } from '../../src/features/admin/form-body.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { parseWith, withApi } from '../../src/server/http/with-api.ts';

// The template with firstName, lastName and userId filled from sample data (or the body's values).
export default withApi({
  POST: async (ctx) => {
    await requireRole(ctx, 'admin');
    const sample = parseWith(PreviewSampleSchema, await readFormOrJson(ctx.req));
    return { success: true, data: await previewEmailTemplate(ctx.db, ctx.params['id'], sample) };
  },
});

export const config: Config = { path: '/api/admin/config/email-templates/:id/preview' };
