import { Inflate } from 'fflate';
import { AIRMEN_FILE_MAX_BYTES, AIRMEN_FILE_NAMES, type AirmenFileKind } from '../../../contract/airmen-file.ts';

/**
 * Reading the FAA's monthly ZIP in the browser (docs/decisions/0120): the central directory is read
 * from the end of the file, the two non-pilot entries are found by name, and each is inflated as a
 * stream from slices of the file, cut into the chunks the import takes. Neither the ZIP nor an
 * entry is ever in memory whole: one slice of compressed bytes and about one chunk of output are.
 */

/** Anything the console can say about the ZIP as it is: its message is shown to the administrator. */
export class ZipReadError extends Error {
  override name = 'ZipReadError';
}

export interface ZipEntry {
  /** The path inside the ZIP, folders included. */
  name: string;
  /** 0 stored, 8 deflate; anything else is refused when the entry is read. */
  method: number;
  /** General purpose flags: bit 0 encrypted. */
  flags: number;
  crc32: number;
  compressedSize: number;
  /** Uncompressed size, what the import is told. */
  size: number;
  localHeaderOffset: number;
  /** The entry's modification date as written in the ZIP (MS-DOS date), or null when unset. */
  modified: { year: number; month: number; day: number } | null;
}

export interface AirmenZip {
  basic: ZipEntry;
  cert: ZipEntry;
  /** 'YYYY-MM' of the later of the two entries' dates: the month the FAA wrote the file. */
  month: string | null;
  /** 'YYYY-MM-DD' of that date. */
  dated: string | null;
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_EOCD64 = 0x06064b50;
const SIG_EOCD64_LOCATOR = 0x07064b50;
const EOCD_BYTES = 22;
const EOCD64_BYTES = 56;
const LOCATOR_BYTES = 20;
const LOCAL_HEADER_BYTES = 30;
const CENTRAL_HEADER_BYTES = 46;
const MAX_COMMENT = 0xffff;
/** The FAA's ZIP holds a handful of entries; a directory this large is not that file. */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;
/** Compressed bytes read from the file at a time, and handed to the inflater at a time. */
export const ZIP_READ_BYTES = 1024 * 1024;
const INFLATE_PUSH_BYTES = 64 * 1024;

const METHOD_NAMES: Record<number, string> = {
  1: 'Shrink',
  6: 'Implode',
  9: 'Deflate64',
  12: 'BZIP2',
  14: 'LZMA',
  93: 'Zstandard',
  95: 'XZ',
  98: 'PPMd',
};

const UNZIP_YOURSELF = 'unzip it on your computer and upload the two CSV files instead';

async function readBytes(file: Blob, start: number, length: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await file.slice(start, start + length).arrayBuffer());
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
function u64(b: Uint8Array, at: number): number {
  const high = u32(b, at + 4);
  if (high >= 0x200000) throw new ZipReadError('The ZIP declares a size or offset too large to be real: it is damaged');
  return high * 0x1_0000_0000 + u32(b, at);
}

const incomplete = () =>
  new ZipReadError('The ZIP is incomplete (it ends before its own directory says it does): download it again');

/** Where the central directory is, from the End Of Central Directory record (and its ZIP64 form). */
async function findDirectory(file: Blob): Promise<{ offset: number; size: number }> {
  const tailStart = Math.max(0, file.size - (EOCD_BYTES + MAX_COMMENT + LOCATOR_BYTES));
  const tail = await readBytes(file, tailStart, file.size - tailStart);
  // The record ends the file but for its comment; scanning back, a comment that happens to hold the
  // signature is passed over by checking that the comment length lands on the end of the file.
  let at = -1;
  for (let i = tail.length - EOCD_BYTES; i >= 0; i -= 1) {
    if (u32(tail, i) === SIG_EOCD && i + EOCD_BYTES + u16(tail, i + 20) === tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) {
    for (let i = tail.length - EOCD_BYTES; i >= 0; i -= 1) {
      if (u32(tail, i) === SIG_EOCD) {
        at = i;
        break;
      }
    }
  }
  if (at < 0) {
    const head = await readBytes(file, 0, 4);
    if (head.length === 4 && u32(head, 0) === SIG_LOCAL) {
      throw new ZipReadError('The ZIP is incomplete (the directory at its end is missing): download it again');
    }
    throw new ZipReadError('This file is not a ZIP archive: choose the FAA’s ZIP download, or its two CSV files');
  }
  if (u16(tail, at + 4) !== 0 || u16(tail, at + 6) !== 0) {
    throw new ZipReadError(`This ZIP is split into several parts, which the console cannot read: ${UNZIP_YOURSELF}`);
  }
  let size = u32(tail, at + 12);
  let offset = u32(tail, at + 16);
  const locator = at - LOCATOR_BYTES;
  if (locator >= 0 && u32(tail, locator) === SIG_EOCD64_LOCATOR) {
    const where = u64(tail, locator + 8);
    const record = await readBytes(file, where, EOCD64_BYTES);
    if (record.length < EOCD64_BYTES || u32(record, 0) !== SIG_EOCD64) {
      throw new ZipReadError('The ZIP’s directory (ZIP64) is damaged: download it again');
    }
    size = u64(record, 40);
    offset = u64(record, 48);
  }
  if (offset + size > file.size) throw incomplete();
  if (size > MAX_DIRECTORY_BYTES) {
    throw new ZipReadError('This ZIP holds far more files than the FAA’s download: choose the FAA’s ZIP');
  }
  return { offset, size };
}

function decodeName(bytes: Uint8Array, utf8: boolean): string {
  // Names without the UTF-8 flag are in code page 437: the same as ASCII for the FAA's names.
  return new TextDecoder(utf8 ? 'utf-8' : 'latin1').decode(bytes);
}

function dosDate(raw: number): ZipEntry['modified'] {
  const day = raw & 31;
  const month = (raw >> 5) & 15;
  const year = (raw >> 9) + 1980;
  return day >= 1 && month >= 1 && month <= 12 ? { year, month, day } : null;
}

/** Every entry of the ZIP's central directory (folders included), read from the end of the file. */
export async function readZipDirectory(file: Blob): Promise<ZipEntry[]> {
  const { offset, size } = await findDirectory(file);
  const dir = await readBytes(file, offset, size);
  if (dir.length !== size) throw incomplete();
  const entries: ZipEntry[] = [];
  let p = 0;
  while (p + CENTRAL_HEADER_BYTES <= dir.length) {
    if (u32(dir, p) !== SIG_CENTRAL) break;
    const flags = u16(dir, p + 8);
    const nameLength = u16(dir, p + 28);
    const extraLength = u16(dir, p + 30);
    const commentLength = u16(dir, p + 32);
    const end = p + CENTRAL_HEADER_BYTES + nameLength + extraLength + commentLength;
    if (end > dir.length) break;
    let compressedSize = u32(dir, p + 20);
    let uncompressed = u32(dir, p + 24);
    let localHeaderOffset = u32(dir, p + 42);
    // The ZIP64 extra field holds, in this order, each 64-bit value whose 32-bit field is all ones.
    const extra = dir.subarray(
      p + CENTRAL_HEADER_BYTES + nameLength,
      p + CENTRAL_HEADER_BYTES + nameLength + extraLength,
    );
    for (let e = 0; e + 4 <= extra.length;) {
      const id = u16(extra, e);
      const length = u16(extra, e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        const next = () => {
          if (q + 8 > e + 4 + length)
            throw new ZipReadError('The ZIP’s directory (ZIP64) is damaged: download it again');
          const v = u64(extra, q);
          q += 8;
          return v;
        };
        if (uncompressed === 0xffffffff) uncompressed = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = next();
      }
      e += 4 + length;
    }
    entries.push({
      name: decodeName(
        dir.subarray(p + CENTRAL_HEADER_BYTES, p + CENTRAL_HEADER_BYTES + nameLength),
        (flags & 0x800) !== 0,
      ),
      method: u16(dir, p + 10),
      flags,
      crc32: u32(dir, p + 16),
      compressedSize,
      size: uncompressed,
      localHeaderOffset,
      modified: dosDate(u16(dir, p + 14)),
    });
    p = end;
  }
  if (entries.length === 0) throw new ZipReadError('This ZIP is empty or its directory is damaged: download it again');
  return entries;
}

const baseName = (path: string) => path.split(/[/\\]/).at(-1) ?? path;
const isFolder = (e: ZipEntry) => e.name.endsWith('/') || e.name.endsWith('\\');

/** Refuses, with the reason, an entry the console cannot stream: encrypted, unknown method, empty, too large. */
function checkReadable(entry: ZipEntry, label: string): void {
  if ((entry.flags & 0x1) !== 0 || entry.method === 99) {
    throw new ZipReadError(`${label} is encrypted (password-protected) in this ZIP: ${UNZIP_YOURSELF}`);
  }
  if (entry.method !== 0 && entry.method !== 8) {
    const name = METHOD_NAMES[entry.method]
      ? `${METHOD_NAMES[entry.method]} (method ${entry.method})`
      : `method ${entry.method}`;
    throw new ZipReadError(
      `${label} is compressed with ${name}; the console reads only stored and Deflate entries: ${UNZIP_YOURSELF}`,
    );
  }
  if (entry.size === 0) throw new ZipReadError(`${label} is empty in this ZIP`);
  if (entry.size > AIRMEN_FILE_MAX_BYTES) {
    throw new ZipReadError(`${label} is larger than 2 GB in this ZIP: this is not the FAA file`);
  }
}

/**
 * NONPILOT_BASIC.csv and NONPILOT_CERT.csv among the ZIP's entries: by file name, in any folder and
 * any case; the FAA's other files (PILOT_BASIC.csv...) are left alone.
 */
export function findAirmenEntries(entries: readonly ZipEntry[]): AirmenZip {
  const found: Partial<Record<AirmenFileKind, ZipEntry>> = {};
  for (const kind of ['basic', 'cert'] as const) {
    const wanted = AIRMEN_FILE_NAMES[kind].toLowerCase();
    const matches = entries.filter((e) => !isFolder(e) && baseName(e.name).toLowerCase() === wanted);
    if (matches.length > 1) {
      throw new ZipReadError(
        `The ZIP holds ${AIRMEN_FILE_NAMES[kind]} more than once (${matches.map((e) => e.name).join(', ')}): ${UNZIP_YOURSELF}`,
      );
    }
    if (matches[0]) found[kind] = matches[0];
  }
  const missing = (['basic', 'cert'] as const).filter((k) => !found[k]).map((k) => AIRMEN_FILE_NAMES[k]);
  if (missing.length > 0 || !found.basic || !found.cert) {
    const held = entries.filter((e) => !isFolder(e)).map((e) => baseName(e.name));
    const shown = held.length > 6 ? `${held.slice(0, 6).join(', ')}...` : held.join(', ');
    throw new ZipReadError(`The ZIP does not hold ${missing.join(' or ')}; it holds ${shown || 'no files'}`);
  }
  checkReadable(found.basic, AIRMEN_FILE_NAMES.basic);
  checkReadable(found.cert, AIRMEN_FILE_NAMES.cert);
  const dates = [found.basic.modified, found.cert.modified]
    .filter((d): d is NonNullable<typeof d> => d !== null)
    .map((d) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`)
    .sort();
  const dated = dates.at(-1) ?? null;
  return { basic: found.basic, cert: found.cert, dated, month: dated ? dated.slice(0, 7) : null };
}

/** Reads the ZIP's directory and finds the two files, or says what is wrong with it. */
export async function readAirmenZip(file: Blob): Promise<AirmenZip> {
  return findAirmenEntries(await readZipDirectory(file));
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** CRC-32 (the ZIP's), carried across pieces: start with 0, pass each piece and the last result. */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let c = ~previous;
  for (let i = 0; i < bytes.length; i += 1) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/**
 * The entry's uncompressed bytes, in pieces of exactly `chunkSize` (the last one shorter), read from
 * the file in slices of `readBytes` and inflated as they come. The whole entry's CRC-32 and size are
 * checked before its last piece is given out, so a damaged entry never reaches its end: the caller
 * has sent every piece but the last when the error is thrown.
 */
export async function* entryChunks(
  file: Blob,
  entry: ZipEntry,
  chunkSize: number,
  options: { readBytes?: number } = {},
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  const label = baseName(entry.name);
  checkReadable(entry, label);
  const head = await readBytes(file, entry.localHeaderOffset, LOCAL_HEADER_BYTES);
  if (head.length < LOCAL_HEADER_BYTES) throw incomplete();
  if (u32(head, 0) !== SIG_LOCAL)
    throw new ZipReadError(`${label} cannot be found where the ZIP’s directory puts it: the ZIP is damaged`);
  const dataStart = entry.localHeaderOffset + LOCAL_HEADER_BYTES + u16(head, 26) + u16(head, 28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > file.size) throw incomplete();

  const pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let produced = 0;
  let given = 0;
  let crc = 0;
  const take = (piece: Uint8Array) => {
    produced += piece.length;
    if (produced > entry.size) {
      throw new ZipReadError(
        `${label} in the ZIP holds more than the ${entry.size} bytes its directory says: the ZIP is damaged`,
      );
    }
    crc = crc32(piece, crc);
    if (piece.length > 0) pending.push(piece);
    pendingBytes += piece.length;
  };
  const cut = (length: number): Uint8Array<ArrayBuffer> => {
    const out = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const first = pending[0]!;
      const n = Math.min(first.length, length - filled);
      out.set(first.subarray(0, n), filled);
      filled += n;
      if (n === first.length) pending.shift();
      else pending[0] = first.subarray(n);
    }
    pendingBytes -= length;
    given += length;
    return out;
  };
  // A chunk goes out as soon as it is full unless it may be the entry's last, which waits for the check.
  const ready = () => pendingBytes >= chunkSize && given + chunkSize < entry.size;

  const inflater =
    entry.method === 8
      ? new Inflate((data) => {
          take(data);
        })
      : null;
  const step = options.readBytes ?? ZIP_READ_BYTES;
  for (let pos = dataStart; pos < dataEnd;) {
    const end = Math.min(pos + step, dataEnd);
    const bytes = await readBytes(file, pos, end - pos);
    if (bytes.length !== end - pos) throw incomplete();
    for (let i = 0; i < bytes.length; i += INFLATE_PUSH_BYTES) {
      const piece = bytes.subarray(i, i + INFLATE_PUSH_BYTES);
      if (inflater) {
        try {
          inflater.push(piece, end === dataEnd && i + INFLATE_PUSH_BYTES >= bytes.length);
        } catch (error) {
          if (error instanceof ZipReadError) throw error;
          const why = error instanceof Error ? error.message : String(error);
          throw new ZipReadError(
            `${label} in the ZIP cannot be inflated (${why}): the ZIP is damaged or cut short; download it again`,
          );
        }
      } else {
        take(piece);
      }
      while (ready()) yield cut(chunkSize);
    }
    pos = end;
  }
  if (produced !== entry.size) {
    throw new ZipReadError(
      `${label} in the ZIP holds ${produced} bytes where its directory says ${entry.size}: the ZIP is damaged or cut short; download it again`,
    );
  }
  if (crc !== entry.crc32) {
    throw new ZipReadError(`${label} in the ZIP is damaged (its CRC-32 check failed): download the ZIP again`);
  }
  while (pendingBytes > 0) yield cut(Math.min(chunkSize, pendingBytes));
}
