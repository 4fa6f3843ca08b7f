import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply } from '../../src/server/http/reply.ts';
import { addLeadTags } from '../../src/features/marketing/leads.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// Add Tags: the tags are added to each selected lead's tags.
export default withApi(
  serve(ROUTES.marketingTags, async (ctx) => {
    const { lead_ids, tags } = await ctx.input(ROUTES.marketingTags);
    const updated = await addLeadTags(ctx.db, lead_ids, tags);
    return reply(ROUTES.marketingTags, {
      success: true,
      updated,
      message: `Tags added to ${updated} lead${updated === 1 ? '' : 's'}`,
    });
  }),
);

export const config: Config = { path: '/api/apollo/leads/tags' };
