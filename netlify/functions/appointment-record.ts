import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { correctRecord, getRecord, signRecord, updateRecord } from '../../src/features/records/records.server.ts';
import { requireJobUser } from '../../src/server/auth/guards.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { reply } from '../../src/server/http/reply.ts';
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { withApi } from '../../src/server/http/with-api.ts';
import { paymentOnSigned } from '../../src/features/payments/hooks.server.ts';

// The maintenance record of a completed job: read (owner, its mechanic), edit while a draft, sign,
// correct (its mechanic). docs/decisions/0130-signed-maintenance-records.md
export default withApi({
  GET: async (ctx) => {
    const [id = ''] = segmentsAfter(ctx, '/api/appointments');
    return reply(ROUTES.record, await getRecord(ctx.db, await requireJobUser(ctx), id));
  },
  PUT: async (ctx) => {
    const [id = ''] = segmentsAfter(ctx, '/api/appointments');
    const user = await requireJobUser(ctx);
    return reply(ROUTES.recordUpdate, await updateRecord(ctx.db, user, id, await ctx.input(ROUTES.recordUpdate)));
  },
  POST: async (ctx) => {
    const [id = '', , action] = segmentsAfter(ctx, '/api/appointments');
    const user = await requireJobUser(ctx);
    if (action === 'sign') {
      const signed = await signRecord(ctx.db, user, id, await ctx.input(ROUTES.recordSign));
      await paymentOnSigned(ctx.db, id);
      return reply(ROUTES.recordSign, signed);
    }
    if (action === 'correct')
      return reply(ROUTES.recordCorrect, await correctRecord(ctx.db, user, id), { status: 201 });
    throw notFound('Not found');
  },
});

export const config: Config = {
  path: ['/api/appointments/:id/record', '/api/appointments/:id/record/sign', '/api/appointments/:id/record/correct'],
};
