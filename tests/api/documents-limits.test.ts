import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_UPLOADS_PER_USER } from '../../src/contract/documents.ts';
import { call } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { testDb } from '../helpers/db.ts';
import { bid, createRequest, mechanicWithProfile, uniqueTail } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// A mechanic reads an aircraft's documents only from acceptance until 30 days after the
// job's completion; the open-uploads cap and a 200 MB per-user quota hold under parallel requests.
// Jobs sit around Montpelier, VT (KMPV), where no other suite places mechanics.

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
function pdf(size: number): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set(new TextEncoder().encode('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), 0);
  if (size > 64) bytes.set(new TextEncoder().encode('\n%%EOF\n'), size - 7);
  return bytes;
}
function uploadSingle(
  user: TestUser,
  name: string,
  bytes: Uint8Array,
  meta: Record<string, string> = { title: 'A document' },
) {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' }));
  for (const [key, value] of Object.entries(meta)) form.set(key, value);
  return call('POST', `${BASE}/upload`, { rawBody: form, token: user.token });
}
const startUpload = (user: TestUser, size: number) =>
  callRoute(ROUTES.uploadStart, {
    body: { title: 'Chunked', fileName: 'big.pdf', size, sha256: sha256(new Uint8Array(1)) },
    as: user,
  });

async function acceptedJob() {
  const pilot = await createUser('pilot');
  const aircraft = await callRoute(ROUTES.aircraftAdd, {
    body: { tailNumber: uniqueTail(), make: 'Piper', model: 'PA-28-181 Archer' },
    as: pilot,
  });
  const aircraftId = aircraft.body.id as string;
  const mechanic = await mechanicWithProfile({ baseLocation: 'KMPV', serviceRadius: '5' });
  const request = await createRequest(pilot, {
    aircraftId,
    aircraftTailNumber: undefined,
    serviceLocation: 'KMPV',
    aircraftLocation: 'KMPV',
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

/** Marks the job completed `daysAgo` days ago, as the appointment's completion would. */
async function completedDaysAgo(requestId: string, daysAgo: number) {
  const when = new Date(Date.now() - daysAgo * 86_400_000);
  await testDb().updateTable('serviceRequests').set({ status: 'completed' }).where('id', '=', requestId).execute();
  await testDb()
    .updateTable('appointments')
    .set({ status: 'completed', completedAt: when })
    .where('serviceRequestId', '=', requestId)
    .execute();
}

/** Pretends the user already stores `bytes` (rows of at most 10 MB; the quota counts rows). */
async function alreadyStores(user: TestUser, bytes: number) {
  const sizes = Array.from({ length: Math.ceil(bytes / (10 * MB)) }, (_, i) => Math.min(10 * MB, bytes - i * 10 * MB));
  await testDb()
    .insertInto('documents')
    .values(
      sizes.map((sizeBytes) => ({
        ownerId: user.id,
        uploadedBy: user.id,
        aircraftId: null,
        serviceRequestId: null,
        title: 'Earlier uploads',
        documentType: 'other' as const,
        description: null,
        fileName: 'earlier.pdf',
        contentType: 'application/pdf',
        sizeBytes,
        sha256: '0'.repeat(64),
        blobKey: `docs/${crypto.randomUUID()}`,
      })),
    )
    .execute();
}

describe("a mechanic's window on an aircraft's documents", () => {
  it('opens at acceptance and closes 30 days after completion', async () => {
    const { pilot, mechanic, aircraftId, requestId } = await acceptedJob();
    const logbook = await uploadSingle(pilot, 'logbook.pdf', pdf(3000), { title: 'Logbook', aircraft_id: aircraftId });
    expect(logbook.status, logbook.text).toBe(201);
    const sees = async () =>
      (await callRoute(ROUTES.documents, { query: { service_request_id: requestId }, as: mechanic })).body as Array<{
        id: string;
      }>;
    expect((await sees()).map((d) => d.id)).toEqual([logbook.body.id]);

    await completedDaysAgo(requestId, 29);
    expect((await sees()).map((d) => d.id)).toEqual([logbook.body.id]);
    expect((await callRoute(ROUTES.document, { params: { id: logbook.body.id }, as: mechanic })).status).toBe(200);

    await completedDaysAgo(requestId, 31);
    expect(await sees()).toEqual([]);
    expect((await callRoute(ROUTES.document, { params: { id: logbook.body.id }, as: mechanic })).status).toBe(404);
    expect((await callRoute(ROUTES.documentDownload, { params: { id: logbook.body.id }, as: mechanic })).status).toBe(
      404,
    );
    expect(
      (await uploadSingle(mechanic, 'late.pdf', pdf(1000), { title: 'Late', aircraft_id: aircraftId })).status,
    ).toBe(404);
    // The owner keeps everything.
    expect((await callRoute(ROUTES.document, { params: { id: logbook.body.id }, as: pilot })).status).toBe(200);
  });
});

describe('upload limits under parallel requests', () => {
  it(`never lets more than ${MAX_OPEN_UPLOADS_PER_USER} uploads be open at once`, async () => {
    const pilot = await createUser('pilot');
    const answers = await Promise.all(
      Array.from({ length: MAX_OPEN_UPLOADS_PER_USER + 4 }, () => startUpload(pilot, 5 * MB)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_OPEN_UPLOADS_PER_USER);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    expect(detailOf(answers.find((a) => a.status === 429)!)).toMatch(/too many uploads in progress/);
  });

  it('refuses uploads past 200 MB per user with 413, counting open uploads too, atomically', async () => {
    const pilot = await createUser('pilot');
    await alreadyStores(pilot, 190 * MB);
    // 190 + 4 + 4 fit, a third 4 MB would not: of three parallel starts exactly two pass.
    const parallel = await Promise.all([1, 2, 3].map(() => startUpload(pilot, 4 * MB)));
    expect(parallel.map((a) => a.status).sort()).toEqual([201, 201, 413]);
    const refused = parallel.find((a) => a.status === 413)!;
    expect(detailOf(refused)).toMatch(/^Your document storage is full: 198 MB of 200 MB used\./);
    // One request uploads count as well.
    const single = await uploadSingle(pilot, 'one-more.pdf', pdf(3 * MB));
    expect(single.status).toBe(413);
    expect((await uploadSingle(pilot, 'small.pdf', pdf(MB))).status).toBe(201);
    // Another user is not affected.
    expect((await uploadSingle(await createUser('pilot'), 'x.pdf', pdf(3 * MB))).status).toBe(201);
  });
});
