import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import {
  MECHANIC_KEYS,
  approveMechanic,
  listMechanicsForReview,
  rejectMechanic,
} from '../../src/features/admin/mechanic-vetting.server.ts';
import { pageHeaders, readPage } from '../../src/server/http/paging.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Mechanic vetting (docs/decisions/0093): GET ?status=pending|approved|rejected&cursor=&limit=,
// POST /:id/approve {apNumber, iaAuthorization, verifyIa} (what was reviewed: 0350), POST /:id/reject {reason}. Administrators only.
export default withApi(
  serve(ROUTES.adminMechanics, async (ctx) => {
    // The spec's array is the first page; the next page's cursor is in X-Next-Cursor and Link (0201).
    const page = await listMechanicsForReview(
      ctx.db,
      ctx.query(ROUTES.adminMechanics.query).status,
      readPage(ctx.url, MECHANIC_KEYS),
    );
    return reply(ROUTES.adminMechanics, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
  }),
  serve(ROUTES.adminMechanicApprove, async (ctx) => {
    const reviewed = await ctx.input(ROUTES.adminMechanicApprove);
    return reply(ROUTES.adminMechanicApprove, await approveMechanic(ctx.db, ctx.params.id, reviewed));
  }),
  serve(ROUTES.adminMechanicReject, async (ctx) => {
    const { reason } = await ctx.input(ROUTES.adminMechanicReject);
    return reply(ROUTES.adminMechanicReject, await rejectMechanic(ctx.db, ctx.params.id, reason));
  }),
);

export const config: Config = {
  path: ['/api/admin/mechanics', '/api/admin/mechanics/:id/approve', '/api/admin/mechanics/:id/reject'],
};
