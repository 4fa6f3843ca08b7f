import { HttpError, badRequest } from './errors.ts';

/** JSON bodies of this product are small forms; anything bigger is refused before parsing. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * A JSON body up to this size is still read when it is over the limit, only to say which field
 * made it too large ("Request body too large" alone does not say which). Never stored.
 */
export const INSPECT_OVERSIZED_BYTES = 1024 * 1024;

const tooLargeText = (limit: number) => `Request body too large: the limit is ${Math.round(limit / 1024)} KB`;

function tooLarge(limit: number): HttpError {
  return new HttpError(413, tooLargeText(limit));
}

/** An over-limit JSON body that could still be read: the caller names the field that is too long. */
export class OversizedBody extends HttpError {
  readonly parsed: unknown;
  constructor(limit: number, parsed: unknown) {
    super(413, tooLargeText(limit));
    this.parsed = parsed;
  }
}

/** Reads the body as bytes, refusing it as soon as it passes `limit` (the header may lie or be absent). */
export async function readBodyBytes(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  return readUpTo(req, limit, limit);
}

async function readUpTo(req: Request, limit: number, cap: number): Promise<Uint8Array> {
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
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
  const declared = Number(req.headers.get('content-length') ?? '');
  const cap = Math.max(limit, INSPECT_OVERSIZED_BYTES);
  if (Number.isFinite(declared) && declared > cap) throw tooLarge(limit);
  const bytes = await readUpTo(req, limit, cap);
  const text = new TextDecoder().decode(bytes).trim();
  if (bytes.byteLength > limit) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      throw tooLarge(limit);
    }
    throw new OversizedBody(limit, parsed);
  }
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('Request body must be valid JSON');
  }
}
