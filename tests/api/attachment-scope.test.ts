import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { testDb } from '../helpers/db.ts';
import { jobReadyToSign } from '../helpers/jobs.ts';
import { createRequest } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, errorsOf } from '../helpers/call-route.ts';

// A thread's attachments (docs/decisions/0352): a writer attaches only their own documents or the
// thread's job's, and a mechanic's 30-day window after the job applies to the thread's links as it
// does to the vault. Jobs at Alamosa, CO (KALS), where no other suite goes.

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

async function completedJob() {
  return jobReadyToSign({
    airport: 'KALS',
    aircraft: { make: 'Piper', model: 'PA-28-181', year: 1998 },
    hours: 3100,
    items: [{ kind: '100_hour', lastDoneHours: 3010 }],
    lines: [
      { category: 'inspection', description: '100-hour inspection', laborHours: 6, laborRate: 100, partsCost: 0 },
    ],
    stage: 'completed',
    completion: { tachReading: 3102 },
  });
}

async function upload(owner: TestUser, serviceRequestId: string): Promise<string> {
  const form = new FormData();
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  form.set('file', new File([png], 'registration.png', { type: 'image/png' }));
  form.set('title', 'Registration');
  form.set('document_type', 'photo');
  form.set('service_request_id', serviceRequestId);
  const up = await api.post('/api/enhanced/documents/upload', undefined, { token: owner.token, rawBody: form });
  expect(up.status, up.text).toBe(201);
  return up.body.id as string;
}

async function thread(user: TestUser, serviceRequestId: string): Promise<string> {
  const res = await callRoute(ROUTES.conversationOpen, { body: { serviceRequestId }, as: user });
  expect(res.status, res.text).toBeLessThan(202);
  return res.body.id as string;
}

const send = (user: TestUser, id: string, documentIds: string[]) =>
  callRoute(ROUTES.conversationSend, { params: { id }, body: { text: 'The file', documentIds }, as: user });
const download = (user: TestUser, id: string, documentId: string) =>
  callRoute(ROUTES.conversationAttachment, { params: { id, documentId }, as: user });

describe('thread attachments', () => {
  it("a mechanic cannot attach one owner's document to a thread with another owner", async () => {
    const job = await completedJob();
    const ownersFile = await upload(job.pilot, job.requestId);
    // The mechanic reads it in the job (the window is open)...
    expect((await callRoute(ROUTES.document, { params: { id: ownersFile }, as: job.mechanic })).status).toBe(200);
    // ...but it is not his to hand to another owner.
    const stranger = await createUser('pilot', { firstName: 'Cleo', lastName: 'Other' });
    const request = await createRequest(stranger, { serviceLocation: 'KALS', aircraftLocation: 'KALS' });
    const other = await thread(job.mechanic, request.id);
    const leak = await send(job.mechanic, other, [ownersFile]);
    expect(leak.status, leak.text).toBe(400);
    expect(errorsOf(leak)[0]).toMatchObject({ path: 'documentIds.0' });
    expect((await download(stranger, other, ownersFile)).status).toBe(404);

    // In the job's own thread the job's document can be attached.
    const own = await thread(job.mechanic, job.requestId);
    expect((await send(job.mechanic, own, [ownersFile])).status).toBe(201);
  });

  it("a message already carrying another owner's document serves it to nobody but its owner", async () => {
    const job = await completedJob();
    const ownersFile = await upload(job.pilot, job.requestId);
    const stranger = await createUser('pilot', { firstName: 'Cleo', lastName: 'Other' });
    const request = await createRequest(stranger, { serviceLocation: 'KALS', aircraftLocation: 'KALS' });
    const other = await thread(job.mechanic, request.id);
    // As a message sent before the rule held would carry it.
    await testDb()
      .insertInto('conversationMessages')
      .values({
        conversationId: other,
        senderId: job.mechanic.id,
        kind: 'message',
        eventType: null,
        body: 'old',
        shownBody: null,
        documentIds: [ownersFile],
      })
      .execute();
    expect((await download(stranger, other, ownersFile)).status).toBe(404);
  });

  it("the 30-day window after the job closes the mechanic's thread link too; the owner keeps it", async () => {
    const job = await completedJob();
    const ownersFile = await upload(job.pilot, job.requestId);
    const own = await thread(job.mechanic, job.requestId);
    expect((await send(job.mechanic, own, [ownersFile])).status).toBe(201);
    expect((await download(job.mechanic, own, ownersFile)).status).toBe(200);

    // The job was completed 31 days ago.
    await testDb()
      .updateTable('appointments')
      .set({ completedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where('id', '=', job.appointmentId)
      .execute();
    expect((await callRoute(ROUTES.document, { params: { id: ownersFile }, as: job.mechanic })).status).toBe(404);
    expect((await download(job.mechanic, own, ownersFile)).status).toBe(404);
    expect((await download(job.pilot, own, ownersFile)).status).toBe(200);
  });
});
