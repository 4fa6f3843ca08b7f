import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { US_STATES } from '../../src/contract/us-states.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The 50 US states (code and name) a lead search can target.
export default withApi(
  serve(ROUTES.marketingStates, async () => {
    return reply(ROUTES.marketingStates, { success: true, data: [...US_STATES] });
  }),
);

export const config: Config = { path: '/api/apollo/states' };
