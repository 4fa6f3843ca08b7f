import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import {
  createEmailTemplate,
  listEmailTemplates,
  updateEmailTemplate,
} from '../../src/server/email/templates.server.ts';
import { readFormOrJson } from '../../src/server/http/form-body.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { HttpError, notFound } from '../../src/server/http/errors.ts';
import { parseWith, withApi } from '../../src/server/http/with-api.ts';

// HTML emails are bigger than the usual form.
const MAX_BODY = 256 * 1024;

export default withApi({
  maxBodyBytes: MAX_BODY,
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    const templates = await listEmailTemplates(ctx.db);
    const id = ctx.params['id'];
    if (id === undefined) return reply(ROUTES.adminTemplates, { success: true, data: templates });
    const one = templates.find((t) => t.id === id);
    if (!one) throw notFound('Email template not found');
    return reply(ROUTES.adminTemplate, { success: true, data: one });
  },
  POST: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (ctx.params['id'] !== undefined) throw new HttpError(405, 'Use PUT to edit a template');
    const template = parseWith(ROUTES.adminTemplateCreate.input, await readFormOrJson(ctx.req, MAX_BODY));
    return reply(ROUTES.adminTemplateCreate, { success: true, data: await createEmailTemplate(ctx.db, template) });
  },
  PUT: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (ctx.params['id'] === undefined) throw new HttpError(405, 'Add the template id to the URL to edit it');
    const template = parseWith(ROUTES.adminTemplateUpdate.input, await readFormOrJson(ctx.req, MAX_BODY));
    return reply(ROUTES.adminTemplateUpdate, {
      success: true,
      data: await updateEmailTemplate(ctx.db, ctx.params['id'], template),
    });
  },
});

export const config: Config = { path: ['/api/admin/config/email-templates', '/api/admin/config/email-templates/:id'] };
