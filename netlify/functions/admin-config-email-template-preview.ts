import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { previewEmailTemplate } from '../../src/server/email/templates.server.ts';
import { readFormOrJson } from '../../src/server/http/form-body.server.ts';
import { parseWith, serve, withApi } from '../../src/server/http/with-api.ts';

// The template with firstName, lastName and userId filled from sample data (or the body's values).
export default withApi(
  serve(ROUTES.adminTemplatePreview, async (ctx) => {
    const sample = parseWith(ROUTES.adminTemplatePreview.input, await readFormOrJson(ctx.req));
    return reply(ROUTES.adminTemplatePreview, {
      success: true,
      data: await previewEmailTemplate(ctx.db, ctx.params.id, sample),
    });
  }),
);

export const config: Config = { path: '/api/admin/config/email-templates/:id/preview' };
