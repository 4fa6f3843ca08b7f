import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDayAt, timeInZone } from '../../src/features/marketplace/geo/airport-day.ts';
import { formatDay } from '../../src/lib/format.ts';
import { api } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { jobReadyToSign, type ReadyJob } from '../helpers/jobs.ts';
import { notificationsOf } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Signed maintenance records: drafted at completion from the job, edited by its
// mechanic, signed (hash, signer, time; read-only after), corrected by a superseding entry, filed
// as a PDF in the aircraft's Documents, and the due items the job covered recomputed. Jobs sit at
// Great Falls (KGTF), where no other suite places mechanics.

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

// Records are dated on the local day at the aircraft's airport (Great Falls keeps Mountain time).
const today = localDayAt('KGTF');

interface Job extends ReadyJob {
  itemId: string;
}

/** An aircraft for hire with a 100-hour (or annual) item, a request from its due list, a quote of two lines with the airworthy one deferred. */
async function job(options: { kind?: 'annual' | '100_hour'; ia?: boolean; complete?: boolean } = {}): Promise<Job> {
  const kind = options.kind ?? '100_hour';
  const ready = await jobReadyToSign({
    airport: 'KGTF',
    pilot: { firstName: 'Rhea', lastName: 'Owner' },
    mechanic: { firstName: 'Sam', lastName: 'Signer', profile: { iaAuthorization: options.ia ?? true } },
    aircraft: { make: 'Piper', model: 'PA-28-181', year: 1998, usage: 'for_hire' },
    hours: 1004,
    items: [kind === 'annual' ? { kind, lastDoneDate: '2025-01-10' } : { kind, lastDoneHours: 900 }],
    lines: [
      {
        category: 'inspection',
        description: kind === 'annual' ? 'Annual inspection, PA-28' : '100-hour inspection, PA-28',
        laborHours: 8,
        laborRate: 95,
        partsCost: 0,
      },
      {
        category: 'airworthy',
        description: 'Replace cracked exhaust gasket',
        laborHours: 1,
        laborRate: 95,
        partsCost: 40,
        decision: 'defer',
      },
    ],
    stage: options.complete === false ? 'started' : 'completed',
    completion: { mechanicNotes: 'Compression 74/76 on all cylinders.' },
  });
  return { ...ready, itemId: ready.itemIds[0]! };
}

const record = (j: Job, who: TestUser) => callRoute(ROUTES.record, { params: { id: j.appointmentId }, as: who });
const sign = (
  j: Job,
  body: Record<string, unknown> = { fullName: 'Sam Signer', certificateNumber: '3456789', statement: true },
) => callRoute(ROUTES.recordSign, { params: { id: j.appointmentId }, unchecked: body, as: j.mechanic.token });

describe('drafting and editing: /api/appointments/:id/record', () => {
  it('is drafted at completion from the approved lines, the notes and the deferred airworthy line', async () => {
    const j = await job();
    const mine = await record(j, j.mechanic);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      status: 'draft',
      inspection: '100_hour',
      performedBy: 'Sam Signer',
      completedOn: today,
      airworthy: false,
      discrepancies: [`Replace cracked exhaust gasket: deferred by the owner on ${formatDay(today)}`],
      canEdit: true,
      canSign: true,
      signedAt: null,
      sha256: null,
      history: [],
    });
    expect(mine.body.description).toBe('- 100-hour inspection, PA-28\nCompression 74/76 on all cylinders.');
    expect(mine.body.text).toContain(
      `Discrepancies and unairworthy items given to the owner:\n- Replace cracked exhaust gasket: deferred by the owner on ${formatDay(today)}`,
    );
    // The owner reads it, cannot edit it; anyone else does not see it.
    const owners = await record(j, j.pilot);
    expect(owners.body).toMatchObject({ id: mine.body.id, canEdit: false, canSign: false });
    const stranger = await createUser('pilot');
    expect((await record(j, stranger)).status).toBe(404);
  });

  it('exists only once the job is completed', async () => {
    const j = await job({ complete: false });
    const early = await record(j, j.mechanic);
    expect(early.status).toBe(409);
    expect(detailOf(early)).toBe('The maintenance record is drafted when the job is completed');
  });

  it('takes the tach reading given at completion as the total time in service; a bad one completes nothing', async () => {
    const j = await job({ complete: false });
    const complete = (body: Record<string, unknown>) =>
      callRoute(ROUTES.appointmentComplete, { params: { id: j.appointmentId }, body: body, as: j.mechanic.token });
    const bad = await complete({ mechanicNotes: 'Done.', tachReading: 'twelve' });
    expect(bad.status).toBe(400);
    expect(detailOf(bad)).toBe('Total time must be between 0 and 100,000 hours');
    expect((await record(j, j.mechanic)).status).toBe(409); // still in progress: no entry yet
    const done = await complete({ mechanicNotes: 'Done.', tachReading: '1,012.34' });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('completed');
    const drafted = await record(j, j.mechanic);
    expect(drafted.body).toMatchObject({ status: 'draft', totalTimeHours: 1012.3 });
    expect(drafted.body.text).toContain('Total time in service: 1,012.3 hours');
  });

  it('is edited by its mechanic while a draft, with clear refusals', async () => {
    const j = await job();
    const path = `/api/appointments/${j.appointmentId}/record`;
    const byOwner = await api.put(path, { description: 'Nothing' }, { token: j.pilot.token });
    expect(byOwner.status).toBe(403);
    const bad = await api.put(path, { totalTimeHours: -3 }, { token: j.mechanic.token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Total time must be between 0 and 100,000 hours');
    const future = await api.put(path, { completedOn: '2999-01-01' }, { token: j.mechanic.token });
    expect(future.status).toBe(400);
    for (const completedOn of ['2026-02-30', '2025-13-01', '0000-01-01']) {
      const unreal = await api.put(path, { completedOn }, { token: j.mechanic.token });
      expect(unreal.status, completedOn).toBe(400);
      expect(unreal.body.detail).toBe('Completion date must be a date as YYYY-MM-DD');
    }
    const edited = await api.put(
      path,
      { totalTimeHours: '1,010.5', description: '100-hour inspection per appendix D.' },
      { token: j.mechanic.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      totalTimeHours: 1010.5,
      description: '100-hour inspection per appendix D.',
      status: 'draft',
    });
    expect(edited.body.text).toContain('Total time in service: 1,010.5 hours');
    // The entry's own words are understood too; a body that changes nothing says what it takes.
    const aliased = await api.put(
      path,
      { workDescription: 'Per appendix D.', totalTimeInService: 1011 },
      { token: j.mechanic.token },
    );
    expect(aliased.body).toMatchObject({ description: 'Per appendix D.', totalTimeHours: 1011 });
    const fromTach = await api.put(
      path,
      { notes: 'Per appendix D; plugs rotated.', tachReading: '1,011.4' },
      { token: j.mechanic.token },
    );
    expect(fromTach.body).toMatchObject({ description: 'Per appendix D; plugs rotated.', totalTimeHours: 1011.4 });
    const nothing = await api.put(path, { descripton: 'typo' }, { token: j.mechanic.token });
    expect(nothing.status).toBe(400);
    expect(nothing.body.detail).toMatch(/^Send at least one of: description, completedOn, totalTimeHours/);
  });
});

describe('signing: POST /api/appointments/:id/record/sign', () => {
  it('stamps time, signer and the SHA-256 of the text; then it is read-only, filed as a PDF, the owner told, the item recomputed', async () => {
    const j = await job();
    await callRoute(ROUTES.recordUpdate, {
      params: { id: j.appointmentId },
      body: { totalTimeHours: 1010.5 },
      as: j.mechanic.token,
    });
    const unconfirmed = await sign(j, { fullName: 'Sam Signer', certificateNumber: '3456789', statement: false });
    expect(unconfirmed.status).toBe(400);
    expect(detailOf(unconfirmed)).toBe('Confirm the statement to sign');
    const byOwner = await callRoute(ROUTES.recordSign, {
      params: { id: j.appointmentId },
      body: { fullName: 'Rhea Owner', certificateNumber: '1', statement: true },
      as: j.pilot.token,
    });
    expect(byOwner.status).toBe(403);

    const signed = await sign(j);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({
      status: 'signed',
      signerName: 'Sam Signer',
      certificateNumber: '3456789',
      canEdit: false,
      canSign: false,
      canCorrect: true,
    });
    expect(Date.now() - Date.parse(signed.body.signedAt!)).toBeLessThan(60_000);
    expect(signed.body.sha256).toBe(createHash('sha256').update(signed.body.text, 'utf8').digest('hex'));
    // People read the entry: dates as on paper, the time of signing at the airport, its zone named.
    const at = signed.body.signedAt as string;
    expect(signed.body.text).toContain(
      `Signed: Sam Signer, A&P mechanic with inspection authorization certificate 3456789, ${timeInZone('America/Denver', at)}`,
    );
    expect(timeInZone('America/Denver', at)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M M[SD]T$/);
    expect(signed.body.text).toContain(`Date: ${formatDay(today)}\n`);
    expect(signed.body.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // Read-only: a second signature and an edit are refused.
    expect((await sign(j)).status).toBe(409);
    const edit = await callRoute(ROUTES.recordUpdate, {
      params: { id: j.appointmentId },
      body: { description: 'changed' },
      as: j.mechanic.token,
    });
    expect(edit.status).toBe(409);
    expect(detailOf(edit)).toBe('This entry is signed and can no longer be edited: make a correction instead');

    // The PDF is in the aircraft's Documents, for the owner and the job's mechanic.
    const docs = await callRoute(ROUTES.documents, {
      query: { aircraft_id: j.aircraftId, document_type: 'logbook' },
      as: j.pilot.token,
    });
    expect(docs.status).toBe(200);
    const pdf = (docs.body as Array<{ id: string; documentType: string; contentType: string }>).find(
      (d) => d.id === signed.body.documentId,
    );
    expect(pdf).toMatchObject({ documentType: 'logbook', contentType: 'application/pdf' });
    const file = await callRoute(ROUTES.documentDownload, { params: { id: pdf!.id }, as: j.mechanic.token });
    expect(file.status).toBe(200);
    expect(file.text.startsWith('%PDF-')).toBe(true);
    expect((await notificationsOf(j.pilot)).map((n: { type: string }) => n.type)).toContain('record.signed');

    // The filed entry is kept: neither the owner nor the mechanic who filed it can delete it.
    expect(pdf).toMatchObject({ canDelete: false });
    for (const who of [j.pilot, j.mechanic]) {
      const removed = await callRoute(ROUTES.documentDelete, { params: { id: pdf!.id }, as: who });
      expect(removed.status).toBe(409);
      expect(detailOf(removed)).toBe(
        'A signed logbook entry stays with the aircraft’s maintenance records and cannot be deleted. A correction supersedes it instead.',
      );
    }
    expect((await callRoute(ROUTES.documentDownload, { params: { id: pdf!.id }, as: j.pilot.token })).status).toBe(200);

    // The 100-hour item the job was requested for takes the entry's date and total time.
    const due = await callRoute(ROUTES.maintenance, { params: { id: j.aircraftId }, as: j.pilot.token });
    expect(due.body.items.find((i: { id: string }) => i.id === j.itemId)).toMatchObject({
      lastDoneDate: today,
      lastDoneHours: 1010.5,
      dueHours: 1110.5,
    });
  });

  it('stays signed when the PDF cannot be filed (storage down), and files it on the next read', async () => {
    const j = await job();
    const context = process.env['NETLIFY_BLOBS_CONTEXT'];
    delete process.env['NETLIFY_BLOBS_CONTEXT'];
    let signed;
    try {
      signed = await sign(j);
    } finally {
      process.env['NETLIFY_BLOBS_CONTEXT'] = context;
    }
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ status: 'signed', documentId: null });
    expect((await sign(j)).status).toBe(409);

    const read = await record(j, j.pilot);
    expect(read.body.documentId).toEqual(expect.any(String));
    const docs = await callRoute(ROUTES.documents, {
      query: { aircraft_id: j.aircraftId, document_type: 'logbook' },
      as: j.pilot.token,
    });
    expect((docs.body as Array<{ id: string }>).map((d) => d.id)).toEqual([read.body.documentId]);
    expect((await notificationsOf(j.pilot)).filter((n: { type: string }) => n.type === 'record.signed')).toHaveLength(
      1,
    );
    expect((await record(j, j.mechanic)).body.documentId).toBe(read.body.documentId);
  });

  it('an annual is signed only by a mechanic with an inspection authorization (14 CFR 65.95)', async () => {
    const j = await job({ kind: 'annual', ia: false });
    const draft = await record(j, j.mechanic);
    expect(draft.body).toMatchObject({ inspection: 'annual', canSign: false });
    expect(draft.body.signBlockedReason).toMatch(/inspection authorization \(14 CFR 65\.95\)/);
    const refused = await sign(j);
    expect(refused.status).toBe(403);
    expect(detailOf(refused)).toBe(
      'An annual inspection can only be approved for return to service by a mechanic with an inspection authorization (14 CFR 65.95)',
    );
    expect((await record(j, j.mechanic)).body.status).toBe('draft');
  });
});

describe('corrections and the logbook', () => {
  it('a correction supersedes the signed entry, which stays in the logbook as superseded', async () => {
    const j = await job();
    const early = await callRoute(ROUTES.recordCorrect, {
      params: { id: j.appointmentId },
      unchecked: {},
      as: j.mechanic.token,
    });
    expect(early.status).toBe(409);
    expect(detailOf(early)).toBe('Only a signed entry can be corrected');
    await callRoute(ROUTES.recordUpdate, {
      params: { id: j.appointmentId },
      body: { totalTimeHours: 1010.5 },
      as: j.mechanic.token,
    });
    const first = await sign(j);
    const path = `/api/appointments/${j.appointmentId}/record/correct`;
    expect((await api.post(path, {}, { token: j.pilot.token })).status).toBe(403);
    const correction = await api.post(path, {}, { token: j.mechanic.token });
    expect(correction.status).toBe(201);
    expect(correction.body).toMatchObject({ status: 'draft', supersedesId: first.body.id, totalTimeHours: 1010.5 });
    expect((await api.post(path, {}, { token: j.mechanic.token })).status).toBe(409);
    await callRoute(ROUTES.recordUpdate, {
      params: { id: j.appointmentId },
      body: { description: '100-hour inspection per appendix D; exhaust gasket deferred by owner.' },
      as: j.mechanic.token,
    });
    const second = await sign(j);
    expect(second.body).toMatchObject({ status: 'signed', supersedesId: first.body.id });
    // The owner's notice (and email) of the correction says it replaces the first.
    expect((await notificationsOf(j.pilot))[0]!.message).toContain('signed the corrected logbook entry');
    expect((await notificationsOf(j.pilot))[0]!.message).toContain('It replaces the entry first signed for this job');
    expect(second.body.history).toEqual([
      expect.objectContaining({
        id: first.body.id,
        status: 'superseded',
        supersededById: second.body.id,
        sha256: first.body.sha256,
      }),
    ]);

    const book = await callRoute(ROUTES.logbook, { params: { id: j.aircraftId }, as: j.pilot.token });
    expect(book.status).toBe(200);
    expect(book.body.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [second.body.id, 'signed'],
      [first.body.id, 'superseded'],
    ]);
    // Searched by words of the entry text, as the Logbook's search box does.
    const found = await callRoute(ROUTES.logbook, {
      params: { id: j.aircraftId },
      query: { q: 'GASKET D;' },
      as: j.pilot.token,
    });
    expect(found.body.map((r: { id: string }) => r.id)).toEqual([second.body.id]);
    const none = await callRoute(ROUTES.logbook, {
      params: { id: j.aircraftId },
      query: { search: 'propeller' },
      as: j.pilot.token,
    });
    expect(none.body).toEqual([]);
    const stranger = await createUser('pilot');
    expect((await callRoute(ROUTES.logbook, { params: { id: j.aircraftId }, as: stranger })).status).toBe(404);
    const pdf = await callRoute(ROUTES.logbookPdf, { params: { id: j.aircraftId }, as: j.pilot.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
  });
});
