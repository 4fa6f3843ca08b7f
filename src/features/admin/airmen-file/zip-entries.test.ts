import { zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { airmenCsv } from '../../../../tests/helpers/airmen-file.ts';
import { crc32, entryChunks, readAirmenZip, readZipDirectory, ZipReadError, type ZipEntry } from './zip-entries.ts';

const text = (s: string) => new TextEncoder().encode(s);
const CHUNK = 64 * 1024;
// About 300 KB of BASIC and 330 KB of CERT: several 64 KiB chunks each.
const files = airmenCsv(3_000);
const basic = text(files.basic);
const cert = text(files.cert);
const decoy = text(airmenCsv(50, {}, 99).basic);
const OCTOBER = new Date(2026, 9, 15, 12);

function zipOf(entries: Zippable, level: 0 | 6 = 6): Uint8Array<ArrayBuffer> {
  return zipSync(entries, { level, mtime: OCTOBER });
}

const blob = (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes]);

async function unzip(file: Blob, entry: ZipEntry, chunkSize = CHUNK, readBytes?: number) {
  const chunks: Uint8Array[] = [];
  for await (const c of entryChunks(file, entry, chunkSize, readBytes ? { readBytes } : {})) chunks.push(c);
  return chunks;
}

const joined = (chunks: Uint8Array[]) => {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

/** Where the central directory header of `name` starts in a ZIP written by zipSync (no comment). */
function centralHeaderOf(zip: Uint8Array, name: string): number {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const eocd = zip.length - 22;
  let p = view.getUint32(eocd + 16, true);
  while (view.getUint32(p, true) === 0x02014b50) {
    const n = view.getUint16(p + 28, true);
    if (new TextDecoder().decode(zip.subarray(p + 46, p + 46 + n)) === name) return p;
    p += 46 + n + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  throw new Error(`no ${name}`);
}

/**
 * The same archive as ZIP64: every size and offset of the central directory moved to the ZIP64
 * extra field (the 32-bit fields all ones), then a ZIP64 end record, its locator, and an end record
 * whose counts and offsets are all ones, as writers do past 4 GB or 65,535 entries.
 */
function toZip64(zip: Uint8Array): Uint8Array<ArrayBuffer> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const eocd = zip.length - 22;
  const count = view.getUint16(eocd + 10, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  const headers: Uint8Array[] = [];
  for (let p = cdOffset, i = 0; i < count; i += 1) {
    const n = view.getUint16(p + 28, true);
    const x = view.getUint16(p + 30, true);
    const c = view.getUint16(p + 32, true);
    const h = new Uint8Array(46 + n + x + 28 + c);
    const hv = new DataView(h.buffer);
    h.set(zip.subarray(p, p + 46 + n + x), 0);
    hv.setUint16(6, 45, true);
    hv.setUint32(20, 0xffffffff, true);
    hv.setUint32(24, 0xffffffff, true);
    hv.setUint32(42, 0xffffffff, true);
    hv.setUint16(30, x + 28, true);
    const e = 46 + n + x;
    hv.setUint16(e, 0x0001, true);
    hv.setUint16(e + 2, 24, true);
    hv.setBigUint64(e + 4, BigInt(view.getUint32(p + 24, true)), true);
    hv.setBigUint64(e + 12, BigInt(view.getUint32(p + 20, true)), true);
    hv.setBigUint64(e + 20, BigInt(view.getUint32(p + 42, true)), true);
    h.set(zip.subarray(p + 46 + n + x, p + 46 + n + x + c), e + 28);
    headers.push(h);
    p += 46 + n + x + c;
  }
  const cdSize = headers.reduce((s, h) => s + h.length, 0);
  const out = new Uint8Array(cdOffset + cdSize + 56 + 20 + 22);
  const ov = new DataView(out.buffer);
  out.set(zip.subarray(0, cdOffset), 0);
  let at = cdOffset;
  for (const h of headers) {
    out.set(h, at);
    at += h.length;
  }
  const eocd64 = at;
  ov.setUint32(at, 0x06064b50, true);
  ov.setBigUint64(at + 4, 44n, true);
  ov.setUint16(at + 12, 45, true);
  ov.setUint16(at + 14, 45, true);
  ov.setBigUint64(at + 24, BigInt(count), true);
  ov.setBigUint64(at + 32, BigInt(count), true);
  ov.setBigUint64(at + 40, BigInt(cdSize), true);
  ov.setBigUint64(at + 48, BigInt(cdOffset), true);
  at += 56;
  ov.setUint32(at, 0x07064b50, true);
  ov.setBigUint64(at + 8, BigInt(eocd64), true);
  ov.setUint32(at + 16, 1, true);
  at += 20;
  ov.setUint32(at, 0x06054b50, true);
  ov.setUint16(at + 8, 0xffff, true);
  ov.setUint16(at + 10, 0xffff, true);
  ov.setUint32(at + 12, 0xffffffff, true);
  ov.setUint32(at + 16, 0xffffffff, true);
  return out;
}

/** The archive with a comment after its end record (the record's last field says how long). */
function withComment(zip: Uint8Array, comment: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(zip.length + comment.length);
  out.set(zip, 0);
  out.set(comment, zip.length);
  new DataView(out.buffer).setUint16(zip.length - 2, comment.length, true);
  return out;
}

const faaZip = (level: 0 | 6 = 6) =>
  zipOf(
    { 'PILOT_BASIC.csv': decoy, 'NONPILOT_BASIC.csv': basic, 'NONPILOT_CERT.csv': cert, 'PILOT_CERT.csv': decoy },
    level,
  );

async function expectZipError(work: Promise<unknown>, message: string | RegExp) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ZipReadError);
  if (typeof message === 'string') expect((error as Error).message).toBe(message);
  else expect((error as Error).message).toMatch(message);
}

describe('the FAA airmen ZIP, read in the browser', () => {
  it('finds the two non-pilot files among the others and streams each, deflated, in chunks of the import’s size', async () => {
    const file = blob(faaZip());
    const zip = await readAirmenZip(file);
    expect(zip.basic).toMatchObject({ name: 'NONPILOT_BASIC.csv', method: 8, size: basic.length, crc32: crc32(basic) });
    expect(zip.cert).toMatchObject({ name: 'NONPILOT_CERT.csv', method: 8, size: cert.length });
    expect(zip.month).toBe('2026-10');
    expect(zip.dated).toBe('2026-10-15');
    for (const [entry, bytes] of [
      [zip.basic, basic],
      [zip.cert, cert],
    ] as const) {
      // Small read slices cross every boundary: slice, inflater push and chunk.
      const chunks = await unzip(file, entry, CHUNK, 4099);
      expect(chunks.length).toBe(Math.ceil(bytes.length / CHUNK));
      expect(chunks.slice(0, -1).every((c) => c.length === CHUNK)).toBe(true);
      expect(joined(chunks)).toEqual(bytes);
    }
  });

  it('streams stored entries the same way', async () => {
    const file = blob(faaZip(0));
    const zip = await readAirmenZip(file);
    expect(zip.basic.method).toBe(0);
    expect(zip.basic.compressedSize).toBe(basic.length);
    expect(joined(await unzip(file, zip.basic, CHUNK, 10_000))).toEqual(basic);
    expect(joined(await unzip(file, zip.cert))).toEqual(cert);
  });

  // Builds a 20,000-person file first: on a loaded 2-core machine that alone can pass the default
  // 5 s limit of a test (it failed once while the whole unit suite ran beside other work).
  it(
    'gives a chunk out before it has read the whole entry (memory stays about one slice and one chunk)',
    {
      timeout: 30_000,
    },
    async () => {
      const big = text(airmenCsv(20_000).basic);
      const bytes = zipOf({ 'NONPILOT_BASIC.csv': big, 'NONPILOT_CERT.csv': cert }, 0);
      let read = 0;
      class CountingBlob extends Blob {
        override slice(start?: number, end?: number): Blob {
          read += (end ?? this.size) - (start ?? 0);
          return super.slice(start, end);
        }
      }
      const file = new CountingBlob([bytes]);
      const zip = await readAirmenZip(file);
      read = 0;
      const chunks = entryChunks(file, zip.basic, CHUNK, { readBytes: 128 * 1024 });
      const first = await chunks.next();
      expect(first.value?.length).toBe(CHUNK);
      expect(read).toBeLessThanOrEqual(128 * 1024 + 30);
      await chunks.return(undefined);
    },
  );

  it('finds the files inside a folder, whatever their case', async () => {
    const file = blob(
      zipOf({
        'Releasable Airmen 2026-10': {
          'nonpilot_basic.csv': basic,
          'NonPilot_Cert.CSV': cert,
          'pilot_basic.csv': decoy,
        },
      }),
    );
    const zip = await readAirmenZip(file);
    expect(zip.basic.name).toBe('Releasable Airmen 2026-10/nonpilot_basic.csv');
    expect(zip.cert.name).toBe('Releasable Airmen 2026-10/NonPilot_Cert.CSV');
    expect(joined(await unzip(file, zip.cert))).toEqual(cert);
  });

  it('names exactly what the ZIP lacks', async () => {
    await expectZipError(
      readAirmenZip(blob(zipOf({ 'PILOT_BASIC.csv': decoy, 'NONPILOT_BASIC.csv': basic }))),
      'The ZIP does not hold NONPILOT_CERT.csv; it holds PILOT_BASIC.csv, NONPILOT_BASIC.csv',
    );
    await expectZipError(
      readAirmenZip(blob(zipOf({ 'PILOT_BASIC.csv': decoy, 'PILOT_CERT.csv': decoy }))),
      'The ZIP does not hold NONPILOT_BASIC.csv or NONPILOT_CERT.csv; it holds PILOT_BASIC.csv, PILOT_CERT.csv',
    );
  });

  it('refuses a file that is not a ZIP, and a ZIP cut short', async () => {
    await expectZipError(readAirmenZip(blob(basic)), /^This file is not a ZIP archive/);
    await expectZipError(readAirmenZip(new Blob([])), /^This file is not a ZIP archive/);
    const whole = faaZip();
    await expectZipError(readAirmenZip(blob(whole.slice(0, whole.length - 100))), /^The ZIP is incomplete/);
  });

  it('stops before the last chunk of an entry whose CRC-32 does not match', async () => {
    // The second file is exactly three chunks long: its last full chunk is held for the check too.
    const exact = basic.slice(0, 3 * CHUNK);
    for (const content of [basic, exact]) {
      const bytes = zipOf({ 'NONPILOT_BASIC.csv': content, 'NONPILOT_CERT.csv': cert });
      const at = centralHeaderOf(bytes, 'NONPILOT_BASIC.csv');
      new DataView(bytes.buffer).setUint32(at + 16, crc32(content) ^ 1, true);
      const file = blob(bytes);
      const zip = await readAirmenZip(file);
      const given: Uint8Array[] = [];
      const error = await (async () => {
        for await (const c of entryChunks(file, zip.basic, CHUNK)) given.push(c);
      })().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ZipReadError);
      expect((error as Error).message).toBe(
        'NONPILOT_BASIC.csv in the ZIP is damaged (its CRC-32 check failed): download the ZIP again',
      );
      // Every chunk but the last went out; the import never receives the whole (wrong) file.
      expect(given.length).toBe(Math.ceil(content.length / CHUNK) - 1);
    }
  });

  it('says so when the compressed data is damaged or cut short', async () => {
    const bytes = faaZip();
    const at = centralHeaderOf(bytes, 'NONPILOT_CERT.csv');
    const view = new DataView(bytes.buffer);
    // The directory says the entry is shorter than it is: the deflate stream ends too early.
    view.setUint32(at + 20, view.getUint32(at + 20, true) - 500, true);
    const file = blob(bytes);
    const zip = await readAirmenZip(file);
    await expectZipError(
      unzip(file, zip.cert),
      /^NONPILOT_CERT\.csv in the ZIP cannot be inflated \(.+\): the ZIP is damaged or cut short/,
    );
  });

  it('refuses an encrypted entry and an unsupported compression method, naming the file', async () => {
    const encrypted = faaZip();
    const b = centralHeaderOf(encrypted, 'NONPILOT_BASIC.csv');
    encrypted[b + 8] = encrypted[b + 8]! | 1;
    await expectZipError(
      readAirmenZip(blob(encrypted)),
      'NONPILOT_BASIC.csv is encrypted (password-protected) in this ZIP: unzip it on your computer and upload the two CSV files instead',
    );
    const lzma = faaZip();
    new DataView(lzma.buffer).setUint16(centralHeaderOf(lzma, 'NONPILOT_CERT.csv') + 10, 14, true);
    await expectZipError(
      readAirmenZip(blob(lzma)),
      'NONPILOT_CERT.csv is compressed with LZMA (method 14); the console reads only stored and Deflate entries: unzip it on your computer and upload the two CSV files instead',
    );
  });

  it('reads a ZIP64 directory (64-bit sizes and offsets in the extra field)', async () => {
    const file = blob(toZip64(faaZip()));
    const entries = await readZipDirectory(file);
    expect(entries.map((e) => e.name)).toEqual([
      'PILOT_BASIC.csv',
      'NONPILOT_BASIC.csv',
      'NONPILOT_CERT.csv',
      'PILOT_CERT.csv',
    ]);
    const zip = await readAirmenZip(file);
    expect(zip.basic.size).toBe(basic.length);
    expect(zip.cert.size).toBe(cert.length);
    expect(joined(await unzip(file, zip.basic))).toEqual(basic);
    expect(joined(await unzip(file, zip.cert))).toEqual(cert);
  });

  it('reads a ZIP with a comment after its directory, even one holding the end record’s signature', async () => {
    for (const comment of [text('FAA releasable airmen, October 2026'), text('PK\x05\x06 and more text after it')]) {
      const file = blob(withComment(faaZip(), comment));
      const zip = await readAirmenZip(file);
      expect(joined(await unzip(file, zip.cert))).toEqual(cert);
    }
    const file = blob(withComment(toZip64(faaZip()), text('a comment')));
    expect((await readAirmenZip(file)).basic.size).toBe(basic.length);
  });

  it('computes the ZIP’s CRC-32 across pieces', () => {
    expect(crc32(text('123456789'))).toBe(0xcbf43926);
    expect(crc32(text('6789'), crc32(text('12345')))).toBe(0xcbf43926);
  });
});
