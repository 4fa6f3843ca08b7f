import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { checkDatabase } from '../../src/server/db/health.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// For uptime checks: 200 { database: "ok" } when the database answers, else 503 (no details).
export default withApi(serve(ROUTES.health, async (ctx) => reply(ROUTES.health, await checkDatabase(ctx.db))));

export const config: Config = { path: '/api/health' };
