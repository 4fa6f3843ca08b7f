import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import {
  createEmailTemplate,
  listEmailTemplates,
  updateEmailTemplate,
} from '../../src/server/email/templates.server.ts';
import { readFormOrJson } from '../../src/server/http/form-body.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { parseWith, serve, withApi } from '../../src/server/http/with-api.ts';

// HTML emails are bigger than the usual form.
const MAX_BODY = 256 * 1024;

export default withApi(
  { maxBodyBytes: MAX_BODY },
  serve(ROUTES.adminTemplates, async (ctx) => {
    return reply(ROUTES.adminTemplates, { success: true, data: await listEmailTemplates(ctx.db) });
  }),
  serve(ROUTES.adminTemplate, async (ctx) => {
    const one = (await listEmailTemplates(ctx.db)).find((t) => t.id === ctx.params.id);
    if (!one) throw notFound('Email template not found');
    return reply(ROUTES.adminTemplate, { success: true, data: one });
  }),
  serve(ROUTES.adminTemplateCreate, async (ctx) => {
    const template = parseWith(ROUTES.adminTemplateCreate.input, await readFormOrJson(ctx.req, MAX_BODY));
    return reply(ROUTES.adminTemplateCreate, { success: true, data: await createEmailTemplate(ctx.db, template) });
  }),
  serve(ROUTES.adminTemplateUpdate, async (ctx) => {
    const template = parseWith(ROUTES.adminTemplateUpdate.input, await readFormOrJson(ctx.req, MAX_BODY));
    return reply(ROUTES.adminTemplateUpdate, {
      success: true,
      data: await updateEmailTemplate(ctx.db, ctx.params.id, template),
    });
  }),
);

export const config: Config = { path: ['/api/admin/config/email-templates', '/api/admin/config/email-templates/:id'] };
