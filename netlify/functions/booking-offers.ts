import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { BOOKING } from '../../src/contract/booking.ts';
import { OFFER_KEYS, listOffers } from '../../src/features/booking/offers.server.ts';
import { requireOwner } from '../../src/features/booking/owner-aircraft.server.ts';
import { pageHeaders, readPage } from '../../src/server/http/paging.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Mechanics who serve the aircraft's home airport with a flat rate for the service, and their open
// starts: soonest first, a page at a time (the next page's cursor in X-Next-Cursor).
export default withApi(
  serve(ROUTES.bookingOffers, async (ctx) => {
    const owner = ctx.user;
    requireOwner(owner);
    const query = ctx.query(ROUTES.bookingOffers.query);
    const page = await listOffers(
      ctx.db,
      owner.id,
      query,
      new Date(),
      readPage(ctx.url, OFFER_KEYS, BOOKING.offersPage),
    );
    return reply(ROUTES.bookingOffers, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
  }),
);

export const config: Config = { path: '/api/booking/offers' };
