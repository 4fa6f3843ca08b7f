import type { Config } from '@netlify/functions';
import { LogbookPdfQuerySchema, LogbookQuerySchema } from '../../src/contract/records.ts';
import { RecordsPacketQuerySchema } from '../../src/contract/records-packet.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { LOGBOOK_KEYS, logbookPage, logbookRows } from '../../src/features/records/logbook-page.server.ts';
import { cursorKey, pageHeaders, readPage } from '../../src/server/http/paging.ts';
import {
  PACKET_ENTRY_KEYS,
  packetAircraft,
  packetEntries,
  packetStatus,
} from '../../src/features/records/records-packet.server.ts';
import { recordsPacketPdf } from '../../src/features/records/records-packet-pdf.server.ts';
import { logbookPdf } from '../../src/features/records/record-pdf.server.ts';
import { shopsOf } from '../../src/features/records/shops.server.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { reply, replyWith } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

// An aircraft's logbook for its owner: the signed entries newest first a page at a time (cursor
// paging, docs/decisions/0201), or all of them as one PDF; and its records packet
// (docs/decisions/0398), the PDF or with ?format=json its content, the entries paged.
export default withApi(
  serve(ROUTES.logbook, async (ctx) => {
    const owner = ctx.user;
    // ?q= (or ?search=) keeps the entries whose text holds every word, as the Logbook's search box does.
    const { q, search } = ctx.query(LogbookQuerySchema);
    const page = await logbookPage(ctx.db, owner, ctx.params.id, readPage(ctx.url, LOGBOOK_KEYS), q ?? search ?? '');
    return reply(ROUTES.logbook, page.rows, { headers: pageHeaders(ctx.url, page.nextCursor) });
  }),
  serve(ROUTES.logbookPdf, async (ctx) => {
    const owner = ctx.user;
    // ?layout=sticker prints each entry on 6 x 4 inch labels; ?entry= one entry only.
    const { layout, entry } = ctx.query(LogbookPdfQuerySchema);
    const all = await logbookRows(ctx.db, owner, ctx.params.id);
    const rows = entry ? all.filter((r) => r.id === entry) : all;
    if (entry && rows.length === 0) throw notFound('Logbook entry not found');
    const tail = rows[0]?.aircraftLabel.split(',')[0] ?? 'aircraft';
    const bytes = await logbookPdf(rows, `Logbook, ${tail}`, {
      layout: layout ?? 'page',
      shops: await shopsOf(
        ctx.db,
        rows.map((r) => r.mechanicId),
      ),
    });
    return replyWith(
      ROUTES.logbookPdf,
      new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="logbook-${tail.replace(/[^A-Za-z0-9-]/g, '')}${layout === 'sticker' ? '-stickers' : ''}.pdf"`,
          'cache-control': 'no-store',
        },
      }),
    );
  }),
  serve(ROUTES.recordsPacket, async (ctx) => {
    const owner = ctx.user;
    const { format } = ctx.query(RecordsPacketQuerySchema);
    const aircraft = await packetAircraft(ctx.db, owner, ctx.params.id);
    // Read before the status, so a bad cursor is a 400 before any work.
    const page = format === 'json' ? readPage(ctx.url, PACKET_ENTRY_KEYS) : null;
    const status = await packetStatus(ctx.db, aircraft);
    if (page) {
      const entries = await packetEntries(ctx.db, owner, aircraft, page);
      return replyWith(
        ROUTES.recordsPacket,
        Response.json(
          { ...status, entries: entries.rows, nextCursor: entries.nextCursor },
          { headers: { 'cache-control': 'no-store', ...pageHeaders(ctx.url, entries.nextCursor) } },
        ),
      );
    }
    const bytes = await recordsPacketPdf({
      status,
      entries: (p) => packetEntries(ctx.db, owner, aircraft, p),
      keyOf: (cursor) => cursorKey(cursor, PACKET_ENTRY_KEYS),
    });
    return replyWith(
      ROUTES.recordsPacket,
      new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="records-packet-${aircraft.tailNumber.replace(/[^A-Za-z0-9-]/g, '')}-${status.preparedOn}.pdf"`,
          'cache-control': 'no-store',
        },
      }),
    );
  }),
);

export const config: Config = {
  path: ['/api/aircraft/:id/logbook', '/api/aircraft/:id/logbook/pdf', '/api/aircraft/:id/records-packet'],
};
