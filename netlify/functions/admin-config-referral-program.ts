import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { readFormOrJson } from '../../src/server/http/form-body.server.ts';
import { getReferralProgram, saveReferralProgram } from '../../src/features/admin/referral.server.ts';
import { parseWith, serve, withApi } from '../../src/server/http/with-api.ts';

export default withApi(
  serve(ROUTES.adminReferral, async (ctx) => {
    return reply(ROUTES.adminReferral, { success: true, data: await getReferralProgram(ctx.db) });
  }),
  serve(ROUTES.adminReferralSave, async (ctx) => {
    const admin = ctx.user;
    const terms = parseWith(ROUTES.adminReferralSave.input, await readFormOrJson(ctx.req));
    return reply(ROUTES.adminReferralSave, { success: true, data: await saveReferralProgram(ctx.db, terms, admin.id) });
  }),
);

export const config: Config = { path: '/api/admin/config/referral-program' };
