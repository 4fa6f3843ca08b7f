/**
 * `Content-Disposition: attachment` for a stored file name (RFC 6266): an ASCII `filename` every
 * client understands, and the exact name as UTF-8 in `filename*` (RFC 8187, formerly 5987) for
 * those that read it. Names come from users: quotes, backslashes and line breaks must never reach
 * the header as they are (header injection, broken parsing).
 */

/** attr-char of RFC 8187: everything else is percent-encoded. */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

export function encodeRfc8187(value: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(value)) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x80 && ATTR_CHAR.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Printable ASCII only, without the characters a quoted-string would need escaped. */
export function asciiFallback(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // 'é' -> 'e' rather than '_'
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_')
    .trim();
  return ascii || 'download';
}

export function attachmentDisposition(fileName: string): string {
  const name = fileName.replace(/[\r\n]/g, ' ').trim() || 'download';
  const fallback = asciiFallback(name);
  const encoded = encodeRfc8187(name);
  return fallback === name
    ? `attachment; filename="${fallback}"`
    : `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
