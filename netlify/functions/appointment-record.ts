import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { correctRecord, getRecord, updateRecord } from '../../src/features/records/records.server.ts';
import { signRecord } from '../../src/features/records/record-sign.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';
import { paymentOnSigned } from '../../src/features/payments/hooks.server.ts';

// The maintenance record of a completed job: read (owner, its mechanic), edit while a draft, sign,
// correct (its mechanic). docs/decisions/0130-signed-maintenance-records.md
export default withApi(
  serve(ROUTES.record, async (ctx) => {
    return reply(ROUTES.record, await getRecord(ctx.db, ctx.user, ctx.params.id));
  }),
  serve(ROUTES.recordUpdate, async (ctx) => {
    const { user } = ctx;
    const data = await ctx.input(ROUTES.recordUpdate);
    return reply(ROUTES.recordUpdate, await updateRecord(ctx.db, user, ctx.params.id, data));
  }),
  serve(ROUTES.recordSign, async (ctx) => {
    const { user } = ctx;
    const signed = await signRecord(ctx.db, user, ctx.params.id, await ctx.input(ROUTES.recordSign));
    await paymentOnSigned(ctx.db, ctx.params.id);
    return reply(ROUTES.recordSign, signed);
  }),
  serve(ROUTES.recordCorrect, async (ctx) => {
    const { user } = ctx;
    return reply(ROUTES.recordCorrect, await correctRecord(ctx.db, user, ctx.params.id), { status: 201 });
  }),
);

export const config: Config = {
  path: ['/api/appointments/:id/record', '/api/appointments/:id/record/sign', '/api/appointments/:id/record/correct'],
};
