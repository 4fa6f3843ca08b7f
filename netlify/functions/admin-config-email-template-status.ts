import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { setEmailTemplateActive } from '../../src/server/email/templates.server.ts';
import { readFormOrJson } from '../../src/server/http/form-body.server.ts';
import { badRequest } from '../../src/server/http/errors.ts';
import { parseWith, serve, withApi } from '../../src/server/http/with-api.ts';

// PUT ?active=true|false (or is_active / active in the body): activate or deactivate a template.
export default withApi(
  serve(ROUTES.adminTemplateStatus, async (ctx) => {
    const q = ctx.url.searchParams;
    const body = q.has('active') || q.has('is_active') ? {} : await readFormOrJson(ctx.req);
    const active = q.get('active') ?? q.get('is_active') ?? body['active'] ?? body['is_active'];
    if (active === undefined || active === null) throw badRequest('active: say true or false');
    const parsed = parseWith(ROUTES.adminTemplateStatus.input, { active });
    return reply(ROUTES.adminTemplateStatus, {
      success: true,
      data: await setEmailTemplateActive(ctx.db, ctx.params.id, parsed.active),
    });
  }),
);

export const config: Config = { path: '/api/admin/config/email-templates/:id/status' };
