import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { SummaryQuerySchema } from '../../src/contract/dashboard-summary.ts';
import { mechanicSummary, ownerSummary } from '../../src/features/marketplace/summary.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The dashboards' counters and sums, counted by the database (docs/decisions/0203): the owner's
// Overview and the mechanic's Overview and Earnings.
export default withApi(
  serve(ROUTES.mechanicSummary, async (ctx) => {
    const mechanic = ctx.user;
    const { tz } = ctx.query(SummaryQuerySchema);
    return reply(ROUTES.mechanicSummary, await mechanicSummary(ctx.db, mechanic, tz ?? 'UTC'));
  }),
  serve(ROUTES.ownerSummary, async (ctx) => {
    const owner = ctx.user;
    return reply(ROUTES.ownerSummary, await ownerSummary(ctx.db, owner.id));
  }),
);

export const config: Config = { path: ['/api/dashboard/owner-summary', '/api/dashboard/mechanic-summary'] };
