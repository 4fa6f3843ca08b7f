import type { Config } from '@netlify/functions';
import { ROUTES } from '../../src/contract/routes.ts';
import { reply, replyWith } from '../../src/server/http/reply.ts';
import { inboxCsvFilename, inboxToCsv } from '../../src/features/inbox/inbox-csv.ts';
import { exportInbox, inboxSummary, listAdministrators } from '../../src/features/inbox/inbox-list.server.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// The inbox's side calls: the dashboard's two cards, who can be assigned, and the CSV of the filtered list.
export default withApi(
  serve(ROUTES.adminInboxSummary, async (ctx) => {
    return reply(ROUTES.adminInboxSummary, await inboxSummary(ctx.db));
  }),
  serve(ROUTES.adminInboxAdministrators, async (ctx) => {
    return reply(ROUTES.adminInboxAdministrators, { items: await listAdministrators(ctx.db) });
  }),
  serve(ROUTES.adminInboxExport, async (ctx) => {
    const q = ctx.query(ROUTES.adminInboxExport.query);
    const { items, truncated } = await exportInbox(ctx.db, q.kind, q);
    return replyWith(
      ROUTES.adminInboxExport,
      new Response(inboxToCsv(q.kind, items), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${inboxCsvFilename(q.kind)}"`,
          'cache-control': 'no-store',
          // Past the bound the file stops; the header says so rather than a silent cut.
          'x-export-truncated': truncated ? '1' : '0',
        },
      }),
    );
  }),
);

// The routes' own paths, written out: another name under /api/admin/inbox/ is no route of this function.
export const config: Config = {
  path: ['/api/admin/inbox/summary', '/api/admin/inbox/administrators', '/api/admin/inbox/export'],
};
