import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { recordsToSign } from '../../src/features/records/records-to-sign.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The annuals another mechanic's quote named this IA to sign (docs/decisions/0140-who-signs-the-annual.md).
export default withApi(
  serve(ROUTES.recordsToSign, async (ctx) => {
    const mechanic = ctx.user;
    return reply(ROUTES.recordsToSign, await recordsToSign(ctx.db, mechanic));
  }),
);

export const config: Config = { path: '/api/records/to-sign' };
