import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/**
 * Netlify's local functions runtime (@netlify/functions-dev 2.x) reads a request body with
 * `request.text()` and marks it `isBase64Encoded` whenever the content type is not text-like, so the
 * function runtime base64-decodes UTF-8 text: every binary or multipart body (file uploads) arrives
 * corrupted. The platform base64-encodes such bodies before the runtime decodes them; doing the
 * same here gives functions on the local server exactly the bytes production gives them.
 * See docs/decisions/0060.
 */

/** Content types the runtime treats as text (the list of @netlify/dev-utils `shouldBase64Encode`). */
const TEXT_TYPES = new Set([
  'application/csp-report',
  'application/graphql',
  'application/json',
  'application/javascript',
  'application/x-www-form-urlencoded',
  'application/x-ndjson',
  'application/xml',
]);

export function isBase64EncodedByPlatform(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!type) return true;
  return !(type.startsWith('text/') || type.endsWith('+json') || type.endsWith('+xml') || TEXT_TYPES.has(type));
}

/**
 * The request to hand the emulator: unchanged, or for an /api/ call with a binary body, the same
 * request whose body is that body in base64 (what the runtime expects to decode).
 */
export async function withPlatformEncodedBody(req: IncomingMessage): Promise<IncomingMessage> {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD' || !req.url?.startsWith('/api/')) return req;
  if (!isBase64EncodedByPlatform(req.headers['content-type'])) return req;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const encoded = Readable.from([Buffer.from(Buffer.concat(chunks).toString('base64'))]);
  // The emulator reads method, url, headers and the body stream: the rest of IncomingMessage is unused.
  return Object.assign(encoded, { method, url: req.url, headers: req.headers, httpVersionMajor: req.httpVersionMajor }) as unknown as IncomingMessage;
}
