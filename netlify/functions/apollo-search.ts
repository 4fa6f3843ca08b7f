import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { NO_KEYWORD_MESSAGE } from '../../src/contract/marketing.ts';
import { runLeadSearch } from '../../src/features/marketing/search.server.ts';
import { readJson } from '../../src/server/http/body.ts';
import { badRequest } from '../../src/server/http/errors.ts';
import { parseWith, serve, withApi } from '../../src/server/http/with-api.ts';

export default withApi(
  serve(ROUTES.marketingSearch, async (ctx) => {
    const admin = ctx.user;
    const body = await readJson(ctx.req);
    const result = ROUTES.marketingSearch.input.safeParse(body);
    // The spec's exact sentence, not prefixed with the field name.
    if (!result.success && result.error.issues.some((i) => i.message === NO_KEYWORD_MESSAGE))
      throw badRequest(NO_KEYWORD_MESSAGE);
    const search = parseWith(ROUTES.marketingSearch.input, body);
    return reply(ROUTES.marketingSearch, await runLeadSearch(ctx.db, search, admin.id));
  }),
);

export const config: Config = { path: '/api/apollo/search' };
