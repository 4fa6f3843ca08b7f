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
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { HttpError, notFound } from '../../src/server/http/errors.ts';
import { withApi } from '../../src/server/http/with-api.ts';

const BASE = '/api/admin/mechanics';

// Mechanic vetting (docs/decisions/0093): GET ?status=pending|approved|rejected&cursor=&limit=,
// POST /:id/approve, POST /:id/reject {reason}. Administrators only.
export default withApi({
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (segmentsAfter(ctx, BASE).length > 0) throw notFound('Not found');
    // The spec's array is the first page; the next page's cursor is in X-Next-Cursor and Link (0201).
    const page = await listMechanicsForReview(
      ctx.db,
      ctx.query(ROUTES.adminMechanics.query).status,
      readPage(ctx.url, MECHANIC_KEYS),
    );
    return reply(ROUTES.adminMechanics, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
  },
  POST: async (ctx) => {
    await requireRole(ctx, 'admin');
    const [id = '', action] = segmentsAfter(ctx, BASE);
    if (action === 'approve') return reply(ROUTES.adminMechanicApprove, await approveMechanic(ctx.db, id));
    if (action === 'reject')
      return reply(
        ROUTES.adminMechanicReject,
        await rejectMechanic(ctx.db, id, (await ctx.input(ROUTES.adminMechanicReject)).reason),
      );
    throw new HttpError(404, 'Not found');
  },
});

export const config: Config = {
  path: ['/api/admin/mechanics', '/api/admin/mechanics/:id/approve', '/api/admin/mechanics/:id/reject'],
};
