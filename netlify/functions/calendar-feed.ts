import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { calendarFeed } from '../../src/features/booking/calendar-feed.server.ts';
import { replyWith } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// A mechanic's jobs as an iCalendar feed for their phone, at a secret address (no sign-in: calendar apps cannot).
export default withApi(
  serve(ROUTES.calendarFeed, async (ctx) => {
    const text = await calendarFeed(ctx.db, ctx.params.token);
    const headers = {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'private, max-age=300',
      'Content-Disposition': 'inline; filename="skyward-jobs.ics"',
    };
    return replyWith(ROUTES.calendarFeed, new Response(text, { status: 200, headers }));
  }),
);

export const config: Config = { path: '/api/calendar/:token.ics' };
