import { DEFAULT_MAX_BODY_BYTES, readBodyBytes } from './body.ts';
import { badRequest } from './errors.ts';

/** Form data from body bytes already read (within a limit); a malformed body is a 400. */
export async function parseFormData(bytes: Uint8Array, contentType: string): Promise<FormData> {
  try {
    return await new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw badRequest('Request body is not valid form data');
  }
}

/**
 * The body of a config write as a plain object: multipart/form-data and urlencoded forms (what
 * the spec's client sends) or JSON. Form values stay text; the zod schemas read text. Files are
 * refused: no config field is a file.
 */
export async function readFormOrJson(req: Request, limit = DEFAULT_MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  // Only the media type is compared without case: the multipart boundary is case-sensitive.
  const header = req.headers.get('content-type') ?? '';
  const mediaType = header.split(';')[0]!.trim().toLowerCase();
  const bytes = await readBodyBytes(req, limit);
  if (bytes.byteLength === 0) return {};
  if (mediaType === 'multipart/form-data' || mediaType === 'application/x-www-form-urlencoded') {
    const form = await parseFormData(bytes, header);
    const out: Record<string, string> = {};
    for (const [name, value] of form.entries()) {
      if (typeof value !== 'string') throw badRequest(`${name}: files are not accepted here`);
      out[name] = value;
    }
    return out;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badRequest('Request body must be form data or valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw badRequest('Request body must be an object');
  return parsed as Record<string, unknown>;
}
