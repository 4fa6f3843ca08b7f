import {
  ALLOWED_EXTENSIONS,
  CONTENT_TYPES,
  DOCUMENT_MESSAGES,
  DOCUMENT_TEXT,
  EXTENSION_KIND,
  MAX_DOCUMENT_BYTES,
  type AllowedExtension,
  type FileKind,
} from '../../contract/documents.ts';

/**
 * What a file really is, read from its first bytes (magic numbers), and whether that agrees with
 * its name. Pure: the Upload Document dialog checks the head of a file with it before sending, the
 * server checks every byte of it before storing (docs/decisions/0061).
 */

export type Sniffed = FileKind | 'executable' | 'unknown';

const KIND_NAMES: Record<FileKind, string> = {
  pdf: 'a PDF',
  jpeg: 'a JPEG image',
  png: 'a PNG image',
  text: 'plain text',
};

const startsWith = (bytes: Uint8Array, magic: readonly number[], offset = 0) =>
  bytes.length >= offset + magic.length && magic.every((b, i) => bytes[offset + i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
/** Windows PE/DOS (MZ), ELF, Mach-O (both byte orders, 32/64-bit, universal), WebAssembly. */
const EXECUTABLES: readonly (readonly number[])[] = [
  [0x4d, 0x5a],
  [0x7f, 0x45, 0x4c, 0x46],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  [0x00, 0x61, 0x73, 0x6d],
];

/** Bytes a text file may not hold: C0 controls other than \t \n \f \r, and DEL. NUL included. */
function isForbiddenControl(b: number): boolean {
  return (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f;
}

const utf8 = () => new TextDecoder('utf-8', { fatal: true });

/**
 * Plain text: valid UTF-8 without NUL or other control bytes. `complete` false means `bytes` is only
 * the head of the file, which may end inside a multi-byte character.
 */
export function isPlainText(bytes: Uint8Array, complete = true): boolean {
  for (const b of bytes) if (isForbiddenControl(b)) return false;
  try {
    // stream: true keeps a trailing partial character pending instead of failing on it.
    utf8().decode(bytes, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/** The kind of content `bytes` (the whole file, or with `complete` false its head) holds. */
export function sniff(bytes: Uint8Array, complete = true): Sniffed {
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  // Text first: a note that happens to start with 'MZ' is still a note. Real executables hold NUL
  // or DEL bytes, so they never pass as text.
  if (isPlainText(bytes, complete)) return 'text';
  if (EXECUTABLES.some((magic) => startsWith(bytes, magic))) return 'executable';
  return 'unknown';
}

/** 'Report.PDF' -> 'pdf'; null without an extension. */
export function extensionOf(fileName: string): string | null {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return null;
  return base.slice(dot + 1).toLowerCase();
}

export function isAllowedExtension(ext: string | null): ext is AllowedExtension {
  return ext !== null && (ALLOWED_EXTENSIONS as readonly string[]).includes(ext);
}

/**
 * The name kept for a file: the last path segment (old browsers send 'C:\fakepath\x.pdf'), control
 * characters removed, at most 255 characters with the extension kept.
 */
export function cleanFileName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '')
    .split('')
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  if (base.length <= DOCUMENT_TEXT.fileName) return base;
  const ext = extensionOf(base);
  const tail = ext ? `.${ext}` : '';
  return base.slice(0, DOCUMENT_TEXT.fileName - tail.length) + tail;
}

export type FileProblem = { status: 400 | 413 | 415; detail: string };
export type FileCheck =
  { ok: true; kind: FileKind; contentType: string; extension: AllowedExtension } | ({ ok: false } & FileProblem);

const fail = (status: FileProblem['status'], detail: string): { ok: false } & FileProblem => ({
  ok: false,
  status,
  detail,
});

/** Size limits alone (known before any byte is read: a chunked upload declares its size). */
export function checkSize(size: number): FileProblem | null {
  if (size <= 0) return { status: 400, detail: DOCUMENT_MESSAGES.empty };
  if (size > MAX_DOCUMENT_BYTES) return { status: 413, detail: DOCUMENT_MESSAGES.tooLarge };
  return null;
}

/** The name alone: an extension from the allowed list. */
export function checkName(fileName: string): FileProblem | null {
  const ext = extensionOf(fileName);
  if (!isAllowedExtension(ext)) {
    return { status: 415, detail: `${DOCUMENT_MESSAGES.badType}${ext ? ` (not .${ext})` : ''}` };
  }
  return null;
}

/**
 * Name and content together. `complete` false checks only the head of a file (the dialog before
 * sending, the first chunk of a chunked upload); the server always ends with the whole file.
 */
export function checkContent(fileName: string, bytes: Uint8Array, complete = true): FileCheck {
  const nameProblem = checkName(fileName);
  if (nameProblem) return fail(nameProblem.status, nameProblem.detail);
  const extension = extensionOf(fileName) as AllowedExtension;
  const expected = EXTENSION_KIND[extension];
  const found = sniff(bytes, complete);
  if (found === 'executable') return fail(415, `Executable files cannot be uploaded. ${DOCUMENT_MESSAGES.badType}`);
  if (found !== expected) {
    const what = found === 'unknown' ? 'not a file type we accept' : KIND_NAMES[found];
    return fail(
      415,
      `The file's content does not match its .${extension} name (it is ${what}). ${DOCUMENT_MESSAGES.badType}`,
    );
  }
  return { ok: true, kind: expected, contentType: CONTENT_TYPES[expected], extension };
}

/** Every check on a whole file: size, then name and content. */
export function checkFile(fileName: string, bytes: Uint8Array): FileCheck {
  const sizeProblem = checkSize(bytes.byteLength);
  if (sizeProblem) return fail(sizeProblem.status, sizeProblem.detail);
  return checkContent(fileName, bytes, true);
}

/** Bytes of a file's head the checks need (the longest magic number, with room to spare). */
export const HEAD_BYTES = 4096;
