import type { Config } from '@netlify/functions';
import { LogbookQuerySchema, matchingEntries } from '../../src/contract/records.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { logbook, logbookRows } from '../../src/features/records/records.server.ts';
import { logbookPdf } from '../../src/features/records/record-pdf.server.ts';
import { requireRole } from '../../src/server/auth/guards.server.ts';
import { reply, replyWith } from '../../src/server/http/reply.ts';
import { segmentsAfter } from '../../src/server/http/segments.ts';
import { withApi } from '../../src/server/http/with-api.ts';

// An aircraft's logbook for its owner: the signed entries newest first, or all of them as one PDF.
export default withApi({
  GET: async (ctx) => {
    const [id = '', , format] = segmentsAfter(ctx, '/api/aircraft');
    const owner = await requireRole(ctx, 'pilot');
    if (format !== 'pdf') {
      // ?q= (or ?search=) keeps the entries whose text holds every word, as the Logbook's search box does.
      const { q, search } = ctx.query(LogbookQuerySchema);
      const entries = await logbook(ctx.db, owner, id);
      return reply(ROUTES.logbook, matchingEntries(entries, q ?? search ?? ''));
    }
    const rows = await logbookRows(ctx.db, owner, id);
    const tail = rows[0]?.aircraftLabel.split(',')[0] ?? 'aircraft';
    const bytes = await logbookPdf(rows, `Logbook, ${tail}`);
    return replyWith(
      ROUTES.logbookPdf,
      new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="logbook-${tail.replace(/[^A-Za-z0-9-]/g, '')}.pdf"`, 'cache-control': 'no-store' },
      }),
    );
  },
});

export const config: Config = { path: ['/api/aircraft/:id/logbook', '/api/aircraft/:id/logbook/pdf'] };
