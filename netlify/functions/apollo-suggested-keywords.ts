import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { SUGGESTED_KEYWORDS } from '../../src/features/marketing/keywords.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Keywords by target role. Admin only, although the spec's old client sent no token.
export default withApi(
  serve(ROUTES.marketingKeywords, async () => {
    return reply(ROUTES.marketingKeywords, { success: true, data: SUGGESTED_KEYWORDS });
  }),
);

export const config: Config = { path: '/api/apollo/suggested-keywords' };
