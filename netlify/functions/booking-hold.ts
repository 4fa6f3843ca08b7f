import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { releaseHold } from '../../src/features/booking/holds.server.ts';
import { requireOwner } from '../../src/features/booking/owner-aircraft.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The owner lets a hold go: its days are free again at once.
export default withApi(
  serve(ROUTES.bookingHoldRelease, async (ctx) => {
    const owner = ctx.user;
    requireOwner(owner);
    await releaseHold(ctx.db, owner, ctx.params.id);
    return reply(ROUTES.bookingHoldRelease, { success: true });
  }),
);

export const config: Config = { path: '/api/booking/holds/:id' };
