import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { placeHold } from '../../src/features/booking/holds.server.ts';
import { requireOwner } from '../../src/features/booking/owner-aircraft.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// A ten-minute hold on a mechanic's days; 409 with the next open starts when they were just taken.
export default withApi(
  serve(ROUTES.bookingHold, async (ctx) => {
    const owner = ctx.user;
    requireOwner(owner);
    const data = await ctx.input(ROUTES.bookingHold);
    return reply(ROUTES.bookingHold, await placeHold(ctx.db, owner, data), { status: 201 });
  }),
);

export const config: Config = { path: '/api/booking/holds' };
