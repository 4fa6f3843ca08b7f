import type { Config } from '@netlify/functions';
import { MechanicListQuerySchema, RejectMechanicSchema } from '../../src/contract/mechanic-vetting.ts';
import { approveMechanic, listMechanicsForReview, rejectMechanic } from '../../src/features/admin/mechanic-vetting.server.ts';
import { segmentsAfter } from '../../src/features/marketplace/routes.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { HttpError, notFound } from '../../src/server/http/errors.ts';
import { withApi } from '../../src/server/http/with-api.ts';

const BASE = '/api/admin/mechanics';

// Mechanic vetting (docs/decisions/0093): GET ?status=pending|approved|rejected,
// POST /:id/approve, POST /:id/reject {reason}. Administrators only.
export default withApi({
  GET: async (ctx) => {
    await requireRole(ctx, 'admin');
    if (segmentsAfter(ctx, BASE).length > 0) throw notFound('Not found');
    return listMechanicsForReview(ctx.db, ctx.query(MechanicListQuerySchema).status);
  },
  POST: async (ctx) => {
    await requireRole(ctx, 'admin');
    const [id = '', action] = segmentsAfter(ctx, BASE);
    if (action === 'approve') return approveMechanic(ctx.db, id);
    if (action === 'reject') return rejectMechanic(ctx.db, id, (await ctx.body(RejectMechanicSchema)).reason);
    throw new HttpError(404, 'Not found');
  },
});

export const config: Config = {
  path: ['/api/admin/mechanics', '/api/admin/mechanics/:id/approve', '/api/admin/mechanics/:id/reject'],
};
