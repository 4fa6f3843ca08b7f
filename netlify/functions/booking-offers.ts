import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { listOffers, requireOwner } from '../../src/features/booking/booking.server.ts';
import { requireUser } from '../../src/server/auth/guards.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// Mechanics who serve the aircraft's home airport with a flat rate for the service, and their open starts.
export default withApi({
  GET: async (ctx) => {
    const owner = await requireUser(ctx);
    requireOwner(owner);
    const query = ctx.query(ROUTES.bookingOffers.query);
    return reply(ROUTES.bookingOffers, await listOffers(ctx.db, owner.id, query));
  },
});

export const config: Config = { path: '/api/booking/offers' };
