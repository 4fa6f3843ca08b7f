import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { addSquawk, updateSquawk } from '../../src/features/maintenance/maintenance.server.ts';
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { requireUser } from '../../src/server/auth/guards.server.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { reply } from '../../src/server/http/reply.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// Squawks (discrepancies) the owner records on an aircraft, and their resolution.
export default withApi({
  POST: async (ctx) => {
    const [aircraftId = '', , squawkId] = segmentsAfter(ctx, '/api/aircraft');
    if (squawkId !== undefined) throw new HttpError(405, 'Method POST not allowed', { headers: { Allow: 'PATCH' } });
    const user = await requireUser(ctx);
    return reply(ROUTES.squawkAdd, await addSquawk(ctx.db, user.id, aircraftId, await ctx.input(ROUTES.squawkAdd)), {
      status: 201,
    });
  },
  PATCH: async (ctx) => {
    const [aircraftId = '', , squawkId] = segmentsAfter(ctx, '/api/aircraft');
    if (squawkId === undefined) throw new HttpError(405, 'Method PATCH not allowed', { headers: { Allow: 'POST' } });
    const user = await requireUser(ctx);
    return reply(
      ROUTES.squawkUpdate,
      await updateSquawk(ctx.db, user.id, aircraftId, squawkId, await ctx.input(ROUTES.squawkUpdate)),
    );
  },
});

export const config: Config = { path: ['/api/aircraft/:id/squawks', '/api/aircraft/:id/squawks/:squawkId'] };
