import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { aogAvailability, saveAogAvailability } from '../../src/features/aog/settings.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// A mechanic's "available for AOG calls": urgent calls then skip digests and quiet hours.
export default withApi(
  serve(ROUTES.aogAvailability, async (ctx) => reply(ROUTES.aogAvailability, await aogAvailability(ctx.db, ctx.user))),
  serve(ROUTES.aogAvailabilitySave, async (ctx) => {
    const mechanic = ctx.user;
    const { available } = await ctx.input(ROUTES.aogAvailabilitySave);
    return reply(ROUTES.aogAvailabilitySave, await saveAogAvailability(ctx.db, mechanic, available));
  }),
);

export const config: Config = { path: '/api/aog/availability' };
