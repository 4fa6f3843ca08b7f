import {
  AIRMEN_FILE_NAMES,
  AIRMEN_FILES,
  AirmenMonthSchema,
  type AirmenFileKind,
} from '../../../contract/airmen-file.ts';
import { badRequest } from '../../../server/http/errors.ts';
import { parseWith } from '../../../server/http/with-api.ts';
import { readHeader, splitLines } from './csv.ts';
import { ZipReadError, readAirmenZip, type AirmenZip } from './zip-entries.ts';

/**
 * What a multipart POST /api/admin/airmen-file holds (docs/decisions/0120): the FAA's ZIP as
 * downloaded, or its two CSVs. A client need not know this product's field names: each file is
 * told by its field (`basic`, `cert`), else by its name (NONPILOT_BASIC.csv...), else by its
 * header line (CITY and STATE are the basic file's, TYPE and LEVEL the certificates'); a ZIP by
 * its first bytes. The month is the `month` field, else the ZIP's date, else this month.
 */

export type AirmenFormFiles =
  { kind: 'csv'; month: string; basic: File; cert: File } | { kind: 'zip'; month: string; file: File; zip: AirmenZip };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** Enough of a file to hold the FAA's header line. */
const HEADER_PROBE_BYTES = 4096;

const ATTACH_BOTH = `attach the FAA's ZIP, or ${AIRMEN_FILE_NAMES.basic} and ${AIRMEN_FILE_NAMES.cert}`;

async function isZip(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, ZIP_MAGIC.length).arrayBuffer());
  return ZIP_MAGIC.every((b, i) => head[i] === b);
}

/** The kind a CSV's file name says ('NONPILOT_CERT.csv', 'nonpilot_cert_2026-11.csv'), if any. */
function kindByName(name: string): AirmenFileKind | null {
  const base = name.split(/[\\/]/).pop()!.toLowerCase();
  if (!base.startsWith('nonpilot_')) return null;
  if (base.startsWith('nonpilot_basic')) return 'basic';
  if (base.startsWith('nonpilot_cert')) return 'cert';
  return null;
}

/** The kind a CSV's header line says, if it says exactly one. */
async function kindByHeader(file: File): Promise<AirmenFileKind | null> {
  const [first] = splitLines(null, new Uint8Array(await file.slice(0, HEADER_PROBE_BYTES).arrayBuffer()), true).lines;
  if (first === undefined) return null;
  const fits = AIRMEN_FILES.filter((k) => 'columns' in readHeader(k, first));
  return fits.length === 1 ? fits[0]! : null;
}

/** 'YYYY-MM', also taken as a date ('2026-11-01'); otherwise the schema's own message. */
function monthOf(raw: FormDataEntryValue | null): string | null {
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  const text = typeof raw === 'string' ? raw.trim() : '';
  const value = /^\d{4}-\d{2}-\d{2}$/.test(text) ? text.slice(0, 7) : text;
  return parseWith(AirmenMonthSchema, value);
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

export async function airmenFormFiles(form: FormData): Promise<AirmenFormFiles> {
  const month = monthOf(form.get('month'));
  const files: Array<{ field: string; file: File }> = [];
  for (const [field, value] of form.entries()) {
    if (value instanceof File && value.size > 0) files.push({ field, file: value });
  }
  if (files.length === 0) throw badRequest(`No file was attached: ${ATTACH_BOTH}`);

  const zips: File[] = [];
  for (const f of files) if (await isZip(f.file)) zips.push(f.file);
  if (zips.length > 0) {
    if (files.length > 1) throw badRequest(`Send the ZIP on its own, or the two CSVs without it: ${ATTACH_BOTH}`);
    const file = zips[0]!;
    try {
      const zip = await readAirmenZip(file);
      return { kind: 'zip', month: month ?? zip.month ?? thisMonth(), file, zip };
    } catch (error) {
      if (error instanceof ZipReadError) throw badRequest(error.message);
      throw error;
    }
  }

  const found: Partial<Record<AirmenFileKind, File>> = {};
  const unknown: File[] = [];
  for (const { field, file } of files) {
    const kind = AIRMEN_FILES.find((k) => k === field) ?? kindByName(file.name) ?? (await kindByHeader(file));
    if (!kind) unknown.push(file);
    else if (found[kind]) throw badRequest(`${AIRMEN_FILE_NAMES[kind]} was attached twice: ${ATTACH_BOTH}`);
    else found[kind] = file;
  }
  // One file left over and one kind missing: it is that kind, and its header is checked as such.
  const missing = AIRMEN_FILES.filter((k) => !found[k]);
  if (missing.length === 1 && unknown.length === 1) found[missing[0]!] = unknown.pop()!;
  if (unknown.length > 0) {
    const names = unknown.map((f) => f.name || 'a file').join(', ');
    throw badRequest(
      `${names}: not ${AIRMEN_FILE_NAMES.basic} or ${AIRMEN_FILE_NAMES.cert} (its header line is neither)`,
    );
  }
  for (const kind of AIRMEN_FILES) {
    if (!found[kind]) throw badRequest(`${kind}: attach ${AIRMEN_FILE_NAMES[kind]}`);
  }
  return { kind: 'csv', month: month ?? thisMonth(), basic: found.basic!, cert: found.cert! };
}
