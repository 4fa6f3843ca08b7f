import { HttpError, badRequest } from './errors.ts';

/** JSON bodies of this product are small forms; anything bigger is refused before parsing. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body too large: the limit is ${Math.round(limit / 1024)} KB`);
}

/** Reads the body as bytes, refusing it as soon as it passes `limit` (the header may lie or be absent). */
export async function readBodyBytes(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Parses a JSON body within the size limit; an empty body is `{}` so schemas report missing fields. */
export async function readJson(req: Request, limit = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const bytes = await readBodyBytes(req, limit);
  const text = new TextDecoder().decode(bytes).trim();
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('Request body must be valid JSON');
  }
}
