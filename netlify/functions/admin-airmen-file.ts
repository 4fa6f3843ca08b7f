import type { Config } from '@netlify/functions';
import { AIRMEN_CHUNK_BYTES, AIRMEN_SINGLE_REQUEST_MAX_BYTES } from '../../src/contract/airmen-file.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { parseKind, putChunk } from '../../src/features/admin/airmen-file/import-chunks.server.ts';
import { importFromForm } from '../../src/features/admin/airmen-file/import-form.server.ts';
import { lastImport, startImport } from '../../src/features/admin/airmen-file/import.server.ts';
import { readBodyBytes } from '../../src/server/http/body.ts';
import { parseFormData } from '../../src/server/http/form-body.server.ts';
import { reply } from '../../src/server/http/reply.ts';
import { serve, withApi } from '../../src/server/http/with-api.ts';

/** Room for the multipart envelope around the two files. */
const FORM_ENVELOPE_BYTES = 64 * 1024;

// The FAA airmen file (docs/decisions/0120), administrators only:
// GET the last import; POST multipart (month, basic, cert) imports small files at once, POST JSON
// { month, basicSize, certSize } starts a chunked import; PUT /:id/basic|cert/chunks/:index sends
// the next chunk of one file as raw bytes.
export default withApi(
  { maxBodyBytes: AIRMEN_CHUNK_BYTES + FORM_ENVELOPE_BYTES },
  serve(ROUTES.adminAirmenFile, async (ctx) => {
    return reply(ROUTES.adminAirmenFile, await lastImport(ctx.db));
  }),
  serve(ROUTES.adminAirmenFileStart, async (ctx) => {
    const admin = ctx.user;
    const header = ctx.req.headers.get('content-type') ?? '';
    if (header.split(';')[0]!.trim().toLowerCase() === 'multipart/form-data') {
      const bytes = await readBodyBytes(ctx.req, AIRMEN_SINGLE_REQUEST_MAX_BYTES + FORM_ENVELOPE_BYTES);
      const form = await parseFormData(bytes, header);
      return reply(ROUTES.adminAirmenFileStart, await importFromForm(ctx.db, admin.id, form), { status: 201 });
    }
    const data = await ctx.input(ROUTES.adminAirmenFileStart);
    return reply(ROUTES.adminAirmenFileStart, await startImport(ctx.db, admin.id, data), { status: 201 });
  }),
  serve(ROUTES.adminAirmenFileChunk, async (ctx) => {
    const kind = parseKind(ctx.params.file);
    const bytes = await readBodyBytes(ctx.req, AIRMEN_CHUNK_BYTES);
    return reply(ROUTES.adminAirmenFileChunk, await putChunk(ctx.db, ctx.params.id, kind, ctx.params.index, bytes));
  }),
);

export const config: Config = {
  path: ['/api/admin/airmen-file', '/api/admin/airmen-file/:id/:file/chunks/:index'],
};
