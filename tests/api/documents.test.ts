import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cleanupUploads from '../../netlify/functions/cleanup-uploads.ts';
import documentsFunction from '../../netlify/functions/documents.ts';
import { api, call } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { testDb } from '../helpers/db.ts';
import { bid, createRequest, mechanicWithProfile, uniqueTail } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// The documents vault against the real functions, a real Postgres and Netlify's own Blobs server.
// Jobs sit around Burlington, VT (KBTV), where no other suite places mechanics.

const MB = 1024 * 1024;
const BASE = '/api/enhanced/documents';
let blobs: TestBlobs;

beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs?.stop();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A PDF-looking file of exactly `size` bytes (magic, random body, trailer). */
function pdf(size: number): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set(new TextEncoder().encode('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), 0);
  if (size > 64) bytes.set(new TextEncoder().encode('\n%%EOF\n'), size - 7);
  return bytes;
}
const text = (size: number) =>
  new TextEncoder().encode('Logbook entry: oil changed, 50 h.\n'.repeat(Math.ceil(size / 34)).slice(0, size));

interface Meta {
  title?: string;
  document_type?: string;
  description?: string;
  aircraft_id?: string;
  service_request_id?: string;
}

function uploadSingle(
  user: TestUser,
  name: string,
  bytes: Uint8Array,
  meta: Meta = { title: 'A document' },
  type = 'application/octet-stream',
) {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  for (const [key, value] of Object.entries(meta)) if (value !== undefined) form.set(key, value);
  return call('POST', `${BASE}/upload`, { rawBody: form, token: user.token });
}

function putChunk(user: TestUser, uploadId: string, index: number | string, bytes: Uint8Array) {
  return call('PUT', `${BASE}/uploads/${uploadId}/chunks/${index}`, {
    rawBody: bytes as Uint8Array<ArrayBuffer>,
    token: user.token,
    headers: { 'content-type': 'application/octet-stream' },
  });
}

function startUpload(user: TestUser, fileName: string, bytes: Uint8Array, meta: Record<string, unknown> = {}) {
  return callRoute(ROUTES.uploadStart, {
    body: { title: 'Chunked document', fileName, size: bytes.byteLength, sha256: sha256(bytes), ...meta },
    as: user,
  });
}

/** The whole chunked protocol: start, every chunk in order, complete. */
async function uploadChunked(user: TestUser, fileName: string, bytes: Uint8Array, meta: Record<string, unknown> = {}) {
  const started = await startUpload(user, fileName, bytes, meta);
  expect(started.status, started.text).toBe(201);
  const { uploadId, chunkSize, totalChunks } = started.body;
  for (let i = 0; i < totalChunks; i += 1) {
    const put = await putChunk(user, uploadId, i, bytes.subarray(i * chunkSize, (i + 1) * chunkSize));
    expect(put.status, put.text).toBe(200);
  }
  return callRoute(ROUTES.uploadComplete, { params: { uploadId }, unchecked: {}, as: user });
}

/** Downloads through the function module itself: the shared helper reads bodies as text. */
async function download(user: TestUser, id: string) {
  const res = await documentsFunction(
    new Request(`http://localhost:8888${BASE}/${id}/download`, { headers: { authorization: `Bearer ${user.token}` } }),
    {},
  );
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const list = async (user: TestUser, query = '') => {
  const res = await api.get(`${BASE}${query}`, { token: user.token });
  expect(res.status, res.text).toBe(200);
  return res.body as Array<{
    id: string;
    title: string;
    documentType: string;
    uploadedBy: { id: string; role: string } | null;
  }>;
};

async function blobKeys(prefix: string): Promise<string[]> {
  return (await blobs.store.list({ prefix })).blobs.map((b) => b.key);
}

async function aircraftOf(pilot: TestUser): Promise<string> {
  const res = await callRoute(ROUTES.aircraftAdd, {
    body: { tailNumber: uniqueTail(), make: 'Piper', model: 'PA-28-181 Archer' },
    as: pilot,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** A pilot's aircraft with a service request whose bid by `mechanic` the pilot accepted. */
async function acceptedJob() {
  const pilot = await createUser('pilot');
  const aircraftId = await aircraftOf(pilot);
  const mechanic = await mechanicWithProfile({ baseLocation: 'KBTV', serviceRadius: '5' });
  const request = await createRequest(pilot, {
    aircraftId,
    aircraftTailNumber: undefined,
    serviceLocation: 'KBTV',
    aircraftLocation: 'KBTV',
  });
  const quote = await bid(mechanic, request.id);
  const accepted = await callRoute(ROUTES.requestAccept, {
    params: { id: request.id },
    body: { bidId: quote.id },
    as: pilot,
  });
  expect(accepted.status, accepted.text).toBe(200);
  return { pilot, mechanic, aircraftId, requestId: request.id };
}

describe('uploading in one request (POST /api/enhanced/documents/upload)', () => {
  it('stores a 1 KB text file with its details and serves it back exactly', async () => {
    const pilot = await createUser('pilot', { firstName: 'Amelia', lastName: 'Earhart' });
    const aircraftId = await aircraftOf(pilot);
    const bytes = text(1024);
    const res = await uploadSingle(pilot, 'oil-change.txt', bytes, {
      title: '  Oil change log ',
      document_type: 'logbook',
      description: 'March oil change',
      aircraft_id: aircraftId,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Oil change log',
      documentType: 'logbook',
      description: 'March oil change',
      aircraftId,
      serviceRequestId: null,
      fileName: 'oil-change.txt',
      contentType: 'text/plain; charset=utf-8',
      sizeBytes: 1024,
      sha256: sha256(bytes),
      uploadedBy: { id: pilot.id, name: 'Amelia Earhart', role: 'pilot' },
      canDelete: true,
      downloadUrl: `${BASE}/${res.body.id}/download`,
      file: {
        name: 'oil-change.txt',
        size: 1024,
        contentType: 'text/plain; charset=utf-8',
        url: `${BASE}/${res.body.id}/download`,
      },
    });
    expect(Date.now() - new Date(res.body.uploadedAt).getTime()).toBeLessThan(60_000);

    expect((await list(pilot)).map((d) => d.id)).toEqual([res.body.id]);
    const file = await download(pilot, res.body.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="oil-change.txt"');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(file.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('stores a 4 MB PDF sent in one request', async () => {
    const pilot = await createUser('pilot');
    const bytes = pdf(4 * MB);
    const res = await uploadSingle(
      pilot,
      'Annual 2026.PDF',
      bytes,
      { title: 'Annual inspection', document_type: 'inspection_report' },
      'application/pdf',
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      contentType: 'application/pdf',
      sizeBytes: 4 * MB,
      documentType: 'inspection_report',
      aircraftId: null,
    });
    const file = await download(pilot, res.body.id);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Annual 2026.PDF"');
    expect(sha256(file.bytes)).toBe(sha256(bytes));
  });

  it('defaults the document type to other', async () => {
    const pilot = await createUser('pilot');
    const res = await uploadSingle(pilot, 'note.txt', text(10), { title: 'Note' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.documentType).toBe('other');
  });

  it('refuses an empty file, a missing file, a missing title and an unknown type with 400', async () => {
    const pilot = await createUser('pilot');
    const empty = await uploadSingle(pilot, 'empty.pdf', new Uint8Array(), { title: 'Empty' });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('The file is empty');

    const form = new FormData();
    form.set('title', 'No file');
    const noFile = await call('POST', `${BASE}/upload`, { rawBody: form, token: pilot.token });
    expect(noFile.status).toBe(400);
    expect(noFile.body.detail).toBe('Please select a file to upload');

    const noTitle = await uploadSingle(pilot, 'a.txt', text(10), { title: '   ' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.detail).toBe('Title is required');

    const badType = await uploadSingle(pilot, 'a.txt', text(10), { title: 'T', document_type: 'receipt' });
    expect(badType.status).toBe(400);
    expect(badType.body.detail).toBe(
      'Document type must be one of: logbook, certificate, invoice, work_order, inspection_report, photo, other',
    );

    const notMultipart = await callRoute(ROUTES.documentUpload, { unchecked: { title: 'JSON' }, as: pilot });
    expect(notMultipart.status).toBe(400);
    expect(detailOf(notMultipart)).toMatch(/multipart\/form-data/);
    expect(await list(pilot)).toEqual([]);
  });

  it('refuses files over 10 MB (413) and sends 4-10 MB files to the chunked upload', async () => {
    const pilot = await createUser('pilot');
    const tooBig = await uploadSingle(pilot, 'big.pdf', pdf(10 * MB + 1), { title: 'Too big' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.detail).toBe('Files can be at most 10 MB');
    const inParts = await uploadSingle(pilot, 'five.pdf', pdf(5 * MB), { title: 'Five' });
    expect(inParts.status).toBe(413);
    expect(inParts.body.detail).toMatch(/uploaded in parts/);
    expect(await list(pilot)).toEqual([]);
  });

  it('refuses a fake PDF, a renamed executable and types outside the list with 415', async () => {
    const pilot = await createUser('pilot');
    const fake = await uploadSingle(pilot, 'invoice.pdf', text(200), { title: 'Fake' }, 'application/pdf');
    expect(fake.status).toBe(415);
    expect(fake.body.detail).toBe(
      "The file's content does not match its .pdf name (it is plain text). Only PDF, JPG, JPEG, PNG or TXT files can be uploaded",
    );

    const exe = new Uint8Array(randomBytes(4096));
    exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00], 0);
    const renamed = await uploadSingle(pilot, 'invoice.pdf', exe, { title: 'Renamed exe' }, 'application/pdf');
    expect(renamed.status).toBe(415);
    expect(renamed.body.detail).toMatch(/^Executable files cannot be uploaded/);

    const elf = new Uint8Array(randomBytes(4096));
    elf.set([0x7f, 0x45, 0x4c, 0x46], 0);
    expect((await uploadSingle(pilot, 'notes.txt', elf, { title: 'ELF' })).status).toBe(415);

    const pdfAsExe = await uploadSingle(pilot, 'setup.exe', pdf(2048), { title: 'PDF named exe' });
    expect(pdfAsExe.status).toBe(415);
    expect(pdfAsExe.body.detail).toBe('Only PDF, JPG, JPEG, PNG or TXT files can be uploaded (not .exe)');

    const gif = await uploadSingle(pilot, 'plane.gif', new TextEncoder().encode('GIF89a....'), { title: 'GIF' });
    expect(gif.status).toBe(415);
    expect(await list(pilot)).toEqual([]);
  });

  it('requires a signed-in user', async () => {
    const res = await call('POST', `${BASE}/upload`, { rawBody: new FormData() });
    expect(res.status).toBe(401);
    expect((await api.get(BASE)).status).toBe(401);
  });
});

describe('chunked uploads (/api/enhanced/documents/uploads)', () => {
  it('assembles a 10 MB PDF from 4 MB chunks, verified byte for byte on download', async () => {
    const pilot = await createUser('pilot');
    const aircraftId = await aircraftOf(pilot);
    const bytes = pdf(10 * MB);
    const started = await startUpload(pilot, 'Engine logbook ✈.pdf', bytes, { documentType: 'logbook', aircraftId });
    expect(started.status, started.text).toBe(201);
    expect(started.body).toMatchObject({ chunkSize: 4 * MB, totalChunks: 3 });
    const { uploadId } = started.body;

    // Out of order on purpose: assembly follows the index, not the arrival.
    for (const i of [2, 0, 1]) {
      const put = await putChunk(pilot, uploadId, i, bytes.subarray(i * 4 * MB, (i + 1) * 4 * MB));
      expect(put.status, put.text).toBe(200);
    }
    expect(await list(pilot)).toEqual([]); // nothing visible before completion
    expect(await blobKeys(`uploads/${uploadId}/`)).toHaveLength(3);

    const done = await callRoute(ROUTES.uploadComplete, { params: { uploadId }, unchecked: {}, as: pilot });
    expect(done.status, done.text).toBe(201);
    expect(done.body).toMatchObject({
      title: 'Chunked document',
      documentType: 'logbook',
      aircraftId,
      sizeBytes: 10 * MB,
      contentType: 'application/pdf',
      sha256: sha256(bytes),
    });
    expect(await blobKeys(`uploads/${uploadId}/`)).toEqual([]); // chunks deleted
    expect(await testDb().selectFrom('uploadSessions').select('id').where('id', '=', uploadId).execute()).toEqual([]);

    const file = await download(pilot, done.body.id);
    expect(file.status).toBe(200);
    expect(file.bytes.byteLength).toBe(10 * MB);
    expect(sha256(file.bytes)).toBe(sha256(bytes));
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-length')).toBe(String(10 * MB));
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Engine logbook _.pdf"; filename*=UTF-8''Engine%20logbook%20%E2%9C%88.pdf`,
    );
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');

    const again = await callRoute(ROUTES.uploadComplete, { params: { uploadId }, unchecked: {}, as: pilot });
    expect(again.status).toBe(404);
    expect((await list(pilot)).map((d) => d.id)).toEqual([done.body.id]);
  });

  it('takes chunks in parallel, and two simultaneous completes make one document', async () => {
    const pilot = await createUser('pilot');
    const bytes = pdf(9 * MB);
    const { body } = await startUpload(pilot, 'parallel.pdf', bytes, {
      file_name: 'ignored.pdf',
      document_type: 'invoice',
    });
    const puts = await Promise.all(
      [0, 1, 2].map((i) => putChunk(pilot, body.uploadId, i, bytes.subarray(i * 4 * MB, (i + 1) * 4 * MB))),
    );
    expect(puts.map((p) => p.status)).toEqual([200, 200, 200]);
    const row = await testDb()
      .selectFrom('uploadSessions')
      .select('receivedChunks')
      .where('id', '=', body.uploadId)
      .executeTakeFirstOrThrow();
    expect(row.receivedChunks).toEqual([0, 1, 2]);

    const results = await Promise.all(
      [1, 2].map(() =>
        callRoute(ROUTES.uploadComplete, { params: { uploadId: body.uploadId }, unchecked: {}, as: pilot }),
      ),
    );
    // One makes the document; the other finds the upload done (404), or, when it waited longer than
    // the database's lock timeout (3 s) for the first one's 9 MB assembly on a busy machine, is told
    // to try again (503). Either way there is one document, never two.
    const [made, other] = results.map((r) => r.status).sort();
    expect(made).toBe(201);
    expect([404, 503]).toContain(other);
    const docs = await list(pilot);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ documentType: 'invoice', title: 'Chunked document' });
  });

  it('refuses 10 MB + 1 B and an empty file before any byte is sent', async () => {
    const pilot = await createUser('pilot');
    const big = await callRoute(ROUTES.uploadStart, {
      body: { title: 'Big', fileName: 'big.pdf', size: 10 * MB + 1, sha256: 'a'.repeat(64) },
      as: pilot,
    });
    expect(big.status).toBe(413);
    expect(detailOf(big)).toBe('Files can be at most 10 MB');
    const empty = await callRoute(ROUTES.uploadStart, {
      body: { title: 'Empty', fileName: 'empty.pdf', size: 0, sha256: 'a'.repeat(64) },
      as: pilot,
    });
    expect(empty.status).toBe(400);
    expect(detailOf(empty)).toBe('The file is empty');
    const exe = await callRoute(ROUTES.uploadStart, {
      body: { title: 'Exe', fileName: 'tool.exe', size: 5 * MB, sha256: 'a'.repeat(64) },
      as: pilot,
    });
    expect(exe.status).toBe(415);
    const noHash = await callRoute(ROUTES.uploadStart, {
      body: { title: 'No hash', fileName: 'a.pdf', size: 5 * MB },
      as: pilot,
    });
    expect(noHash.status).toBe(400);
  });

  it('checks each chunk: index in range, exact length, real content in the first one', async () => {
    const pilot = await createUser('pilot');
    const bytes = pdf(5 * MB);
    const { body } = await startUpload(pilot, 'report.pdf', bytes);
    expect(body.totalChunks).toBe(2);
    const outOfRange = await putChunk(pilot, body.uploadId, 2, bytes.subarray(0, 10));
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.detail).toBe('Chunk index must be a whole number from 0 to 1');
    expect((await putChunk(pilot, body.uploadId, -1, bytes.subarray(0, 10))).status).toBe(400);
    expect((await putChunk(pilot, body.uploadId, 'x', bytes.subarray(0, 10))).status).toBe(400);
    const short = await putChunk(pilot, body.uploadId, 1, bytes.subarray(4 * MB, 5 * MB - 1));
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe(`Chunk 1 must be exactly ${MB} bytes; it was ${MB - 1}`);
    const tooBig = await putChunk(pilot, body.uploadId, 0, new Uint8Array(4 * MB + 70 * 1024));
    expect(tooBig.status).toBe(413);

    const fake = await startUpload(pilot, 'fake.pdf', text(5 * MB));
    const first = await putChunk(pilot, fake.body.uploadId, 0, text(5 * MB).subarray(0, 4 * MB));
    expect(first.status).toBe(415);
    expect(first.body.detail).toMatch(/does not match its \.pdf name/);
  });

  it('refuses to complete with missing chunks (409) or a wrong checksum (400, upload discarded)', async () => {
    const pilot = await createUser('pilot');
    const bytes = pdf(5 * MB);
    const { body } = await startUpload(pilot, 'report.pdf', bytes);
    await putChunk(pilot, body.uploadId, 0, bytes.subarray(0, 4 * MB));
    const early = await callRoute(ROUTES.uploadComplete, {
      params: { uploadId: body.uploadId },
      unchecked: {},
      as: pilot,
    });
    expect(early.status).toBe(409);
    expect(detailOf(early)).toBe('The upload is not complete: chunk 1 of 0-1 not received yet');

    const corrupted = new Uint8Array(bytes.subarray(4 * MB));
    corrupted[100] = (corrupted[100]! + 1) % 256;
    await putChunk(pilot, body.uploadId, 1, corrupted);
    const bad = await callRoute(ROUTES.uploadComplete, {
      params: { uploadId: body.uploadId },
      unchecked: {},
      as: pilot,
    });
    expect(bad.status).toBe(400);
    expect(detailOf(bad)).toBe('The uploaded file does not match its SHA-256 checksum. Please upload it again.');
    expect(await blobKeys(`uploads/${body.uploadId}/`)).toEqual([]);
    expect(await list(pilot)).toEqual([]);
  });

  it('an aborted upload leaves no document and its chunks are deleted', async () => {
    const pilot = await createUser('pilot');
    const other = await createUser('pilot');
    const bytes = pdf(9 * MB);
    const { body } = await startUpload(pilot, 'aborted.pdf', bytes);
    await putChunk(pilot, body.uploadId, 0, bytes.subarray(0, 4 * MB));
    await putChunk(pilot, body.uploadId, 1, bytes.subarray(4 * MB, 8 * MB));
    expect(await blobKeys(`uploads/${body.uploadId}/`)).toHaveLength(2);

    expect((await callRoute(ROUTES.uploadAbort, { params: { uploadId: body.uploadId }, as: other })).status).toBe(404);
    const aborted = await callRoute(ROUTES.uploadAbort, { params: { uploadId: body.uploadId }, as: pilot });
    expect(aborted.status).toBe(200);
    expect(aborted.body).toMatchObject({ success: true, deletedChunks: 2 });
    expect(await blobKeys(`uploads/${body.uploadId}/`)).toEqual([]);
    expect(await list(pilot)).toEqual([]);
    expect((await putChunk(pilot, body.uploadId, 2, bytes.subarray(8 * MB))).status).toBe(404);
    expect(
      (await callRoute(ROUTES.uploadComplete, { params: { uploadId: body.uploadId }, unchecked: {}, as: pilot }))
        .status,
    ).toBe(404);
  });

  it('an expired upload is refused and cleaned up (row and chunks) by the hourly job', async () => {
    const pilot = await createUser('pilot');
    const bytes = pdf(6 * MB);
    const { body } = await startUpload(pilot, 'stale.pdf', bytes);
    await putChunk(pilot, body.uploadId, 0, bytes.subarray(0, 4 * MB));
    await testDb()
      .updateTable('uploadSessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', body.uploadId)
      .execute();

    const late = await putChunk(pilot, body.uploadId, 1, bytes.subarray(4 * MB));
    expect(late.status).toBe(410);
    expect(late.body.detail).toBe('This upload has expired. Please upload the file again.');

    // A stray chunk whose session is gone (e.g. it landed after an abort) is swept too.
    await blobs.store.set('uploads/00000000-0000-4000-8000-000000000000/0000', 'stray');

    const job = await cleanupUploads();
    expect(job.status).toBe(204);
    expect(await testDb().selectFrom('uploadSessions').select('id').where('id', '=', body.uploadId).execute()).toEqual(
      [],
    );
    expect(await blobKeys(`uploads/${body.uploadId}/`)).toEqual([]);
    expect(await blobKeys('uploads/00000000-0000-4000-8000-000000000000/')).toEqual([]);
    expect(await list(pilot)).toEqual([]);
  });
});

describe('who sees what', () => {
  it("hides another user's documents: list, details, download and delete are 404", async () => {
    const owner = await createUser('pilot');
    const stranger = await createUser('pilot');
    const doc = (await uploadSingle(owner, 'private.txt', text(100), { title: 'Private' })).body;

    expect((await list(stranger)).map((d) => d.id)).not.toContain(doc.id);
    for (const res of [
      await callRoute(ROUTES.document, { params: { id: doc.id }, as: stranger }),
      await callRoute(ROUTES.documentDownload, { params: { id: doc.id }, as: stranger }),
      await callRoute(ROUTES.documentDelete, { params: { id: doc.id }, as: stranger }),
    ]) {
      expect(res.status).toBe(404);
      expect(detailOf(res)).toBe('Document not found');
    }
    expect((await callRoute(ROUTES.documentDownload, { params: { id: 'not-a-uuid' }, as: owner })).status).toBe(404);
    expect((await download(owner, doc.id)).status).toBe(200);
  });

  it("refuses uploads to someone else's aircraft (404)", async () => {
    const owner = await createUser('pilot');
    const stranger = await createUser('pilot');
    const aircraftId = await aircraftOf(owner);
    const res = await uploadSingle(stranger, 'a.txt', text(10), { title: 'Sneaky', aircraft_id: aircraftId });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Aircraft not found');
    const chunked = await startUpload(stranger, 'a.pdf', pdf(5 * MB), { aircraftId });
    expect(chunked.status).toBe(404);
    const bogus = await uploadSingle(owner, 'a.txt', text(10), { title: 'Bogus', aircraft_id: 'nope' });
    expect(bogus.status).toBe(400);
  });

  it('filters by aircraft and by type', async () => {
    const pilot = await createUser('pilot');
    const first = await aircraftOf(pilot);
    const second = await aircraftOf(pilot);
    const a = (
      await uploadSingle(pilot, 'a.txt', text(10), { title: 'A', document_type: 'invoice', aircraft_id: first })
    ).body;
    const b = (
      await uploadSingle(pilot, 'b.txt', text(10), { title: 'B', document_type: 'logbook', aircraft_id: first })
    ).body;
    const c = (
      await uploadSingle(pilot, 'c.txt', text(10), { title: 'C', document_type: 'invoice', aircraft_id: second })
    ).body;
    expect((await list(pilot)).map((d) => d.id)).toEqual([c.id, b.id, a.id]);
    expect((await list(pilot, `?aircraft_id=${first}`)).map((d) => d.id)).toEqual([b.id, a.id]);
    expect((await list(pilot, '?document_type=invoice')).map((d) => d.id)).toEqual([c.id, a.id]);
    expect((await list(pilot, `?aircraft_id=${first}&document_type=invoice`)).map((d) => d.id)).toEqual([a.id]);
    // The document's own field names filter the same.
    expect((await list(pilot, `?aircraftId=${first}&documentType=invoice`)).map((d) => d.id)).toEqual([a.id]);
    const bad = await callRoute(ROUTES.documents, { query: { document_type: 'receipt' }, as: pilot });
    expect(bad.status).toBe(400);
    expect((await callRoute(ROUTES.documents, { query: { aircraft_id: 'nope' }, as: pilot })).status).toBe(400);
  });

  it('the owner deletes a document: row and blob are gone', async () => {
    const pilot = await createUser('pilot');
    const doc = (await uploadSingle(pilot, 'old.txt', text(10), { title: 'Old' })).body;
    const key = (
      await testDb().selectFrom('documents').select('blobKey').where('id', '=', doc.id).executeTakeFirstOrThrow()
    ).blobKey;
    expect(await blobKeys(key)).toEqual([key]);
    const res = await callRoute(ROUTES.documentDelete, { params: { id: doc.id }, as: pilot });
    expect(res.status).toBe(200);
    expect(await blobKeys(key)).toEqual([]);
    expect(await list(pilot)).toEqual([]);
    expect((await download(pilot, doc.id)).status).toBe(404);
  });

  it('the mechanic of an accepted job lists, downloads and adds documents of its aircraft; an unrelated mechanic cannot', async () => {
    const { pilot, mechanic, aircraftId, requestId } = await acceptedJob();
    const logbook = (
      await uploadSingle(pilot, 'logbook.pdf', pdf(3000), {
        title: 'Airframe logbook',
        document_type: 'logbook',
        aircraft_id: aircraftId,
      })
    ).body;
    const unrelatedToJob = (
      await uploadSingle(pilot, 'medical.txt', text(50), { title: 'Medical certificate', document_type: 'certificate' })
    ).body;

    const seen = await list(mechanic, `?service_request_id=${requestId}`);
    expect(seen.map((d) => d.id)).toEqual([logbook.id]);
    expect((await list(mechanic)).map((d) => d.id)).toEqual([logbook.id]);
    expect((await download(mechanic, logbook.id)).status).toBe(200);
    expect((await callRoute(ROUTES.documentDownload, { params: { id: unrelatedToJob.id }, as: mechanic })).status).toBe(
      404,
    );

    // The mechanic adds a work order: it lands in the pilot's vault, marked as the mechanic's upload.
    const workOrder = await uploadSingle(mechanic, 'work-order.pdf', pdf(5000), {
      title: 'Work order 42',
      document_type: 'work_order',
      service_request_id: requestId,
    });
    expect(workOrder.status, workOrder.text).toBe(201);
    expect(workOrder.body).toMatchObject({
      aircraftId,
      serviceRequestId: requestId,
      uploadedBy: { id: mechanic.id, role: 'mechanic' },
      canDelete: true,
    });
    const stored = await testDb()
      .selectFrom('documents')
      .select(['ownerId', 'uploadedBy'])
      .where('id', '=', workOrder.body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ ownerId: pilot.id, uploadedBy: mechanic.id });
    const pilotView = (await list(pilot)).find((d) => d.id === workOrder.body.id);
    expect(pilotView).toMatchObject({ documentType: 'work_order', uploadedBy: { id: mechanic.id, role: 'mechanic' } });

    // Chunked, by aircraft: an inspection report.
    const report = await uploadChunked(mechanic, 'inspection.pdf', pdf(5 * MB), {
      documentType: 'inspection_report',
      aircraftId,
    });
    expect(report.status, report.text).toBe(201);
    expect(report.body).toMatchObject({ aircraftId, serviceRequestId: requestId });

    // The mechanic deletes only their own uploads.
    const notTheirs = await callRoute(ROUTES.documentDelete, { params: { id: logbook.id }, as: mechanic });
    expect(notTheirs.status).toBe(403);
    expect((await callRoute(ROUTES.documentDelete, { params: { id: report.body.id }, as: mechanic })).status).toBe(200);
    expect((await callRoute(ROUTES.document, { params: { id: logbook.id }, as: pilot })).body.canDelete).toBe(true);

    // An unrelated mechanic sees nothing and can add nothing.
    const outsider = await mechanicWithProfile({ baseLocation: 'KBTV', serviceRadius: '5' });
    expect(await list(outsider, `?service_request_id=${requestId}`)).toEqual([]);
    expect((await callRoute(ROUTES.documentDownload, { params: { id: logbook.id }, as: outsider })).status).toBe(404);
    const sneaky = await uploadSingle(outsider, 'x.pdf', pdf(1000), { title: 'X', service_request_id: requestId });
    expect(sneaky.status).toBe(404);
    expect(sneaky.body.detail).toBe('Service request not found');
    expect((await uploadSingle(outsider, 'x.pdf', pdf(1000), { title: 'X', aircraft_id: aircraftId })).status).toBe(
      404,
    );
    expect((await uploadSingle(outsider, 'x.pdf', pdf(1000), { title: 'X' })).status).toBe(400);
  });

  it('a mechanic whose bid was not accepted gets nothing', async () => {
    const pilot = await createUser('pilot');
    const aircraftId = await aircraftOf(pilot);
    const mechanic = await mechanicWithProfile({ baseLocation: 'KBTV', serviceRadius: '5' });
    const request = await createRequest(pilot, {
      aircraftId,
      aircraftTailNumber: undefined,
      serviceLocation: 'KBTV',
      aircraftLocation: 'KBTV',
    });
    await bid(mechanic, request.id);
    await uploadSingle(pilot, 'logbook.pdf', pdf(3000), { title: 'Logbook', aircraft_id: aircraftId });
    expect(await list(mechanic, `?service_request_id=${request.id}`)).toEqual([]);
    expect(
      (await uploadSingle(mechanic, 'x.pdf', pdf(1000), { title: 'X', service_request_id: request.id })).status,
    ).toBe(404);
  });
});
