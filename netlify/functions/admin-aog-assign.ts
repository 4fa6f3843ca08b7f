import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { deliverNow } from '../../src/features/aog/deliver-now.server.ts';
import { assignMechanic } from '../../src/features/aog/offers.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Phone dispatch: an administrator assigns the mechanic they reached (201 with the appointment).
export default withApi(
  serve(ROUTES.adminAogAssign, async (ctx) => {
    const admin = ctx.user;
    const data = await ctx.input(ROUTES.adminAogAssign);
    const appointment = await assignMechanic(ctx.db, admin, ctx.params.id, data);
    ctx.after(deliverNow);
    return reply(ROUTES.adminAogAssign, appointment, { status: 201 });
  }),
);

export const config: Config = { path: '/api/admin/aog/:id/assign' };
