import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';
import { formatDay } from '../../src/lib/format.ts';
import { api } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { jobReadyToSign, type ReadyJob } from '../helpers/jobs.ts';
import { pdfPages } from '../helpers/pdf-text.ts';
import { testDb } from '../helpers/db.ts';
import { createUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// The records packet of one aircraft (docs/decisions/0398-records-packet.md): the ADs with their
// method of compliance and revision, the inspections and other items, the total time, every
// signed entry in order with its hash (a correction shown as such) and the open discrepancy list,
// as JSON and as a PDF, for the aircraft's owner only. And an inspection entry's own PDF gives its
// discrepancy list a page of its own (14 CFR 43.11(b)). Jobs sit at Bishop (KBIH), where no other
// API suite places mechanics.

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

const AIRPORT = 'KBIH';
const today = localDayAt(AIRPORT);
const AD = {
  kind: 'ad',
  adNumber: '2020-18-03',
  title: 'Fuel selector valve',
  intervalMonths: 12,
  lastDoneDate: '2026-01-15',
  adRevision: 'Amendment 39-21234',
  adMethod: 'Inspected per paragraph (g), no leaks',
};
const SIGN = { fullName: 'Ida Inspector', certificateNumber: '3456789', statement: true };

interface Signed extends ReadyJob {
  firstId: string;
  correctionId: string;
}

/** An annual with a deferred nav/com line, signed, then corrected and the correction signed. */
async function signedAndCorrected(): Promise<Signed> {
  const j = await jobReadyToSign({
    airport: AIRPORT,
    pilot: { firstName: 'Paula', lastName: 'Packet' },
    mechanic: { firstName: 'Ida', lastName: 'Inspector', profile: { iaAuthorization: true } },
    aircraft: { make: 'Cessna', model: '172N', year: 1978 },
    hours: 4019.6,
    items: [
      { kind: 'annual', lastDoneDate: '2025-11-20' },
      AD,
      { kind: 'elt', lastDoneDate: '2026-02-10' },
      { kind: 'custom', title: 'Propeller overhaul', intervalHours: 2000, lastDoneHours: 3000 },
    ],
    lines: [
      { category: 'inspection', description: 'Annual inspection, C172N', laborHours: 12, laborRate: 110, partsCost: 0 },
      {
        category: 'discretionary',
        description: 'Repair nav/com 2 intermittent receive',
        laborHours: 1.5,
        laborRate: 110,
        partsCost: 0,
        decision: 'defer',
      },
    ],
    stage: 'completed',
    completion: { mechanicNotes: 'Per appendix D.', tachReading: '4,020.8' },
  });
  const as = { token: j.mechanic.token };
  const first = await api.post(`/api/appointments/${j.appointmentId}/record/sign`, SIGN, as);
  expect(first.status, first.text).toBe(200);
  expect((await api.post(`/api/appointments/${j.appointmentId}/record/correct`, {}, as)).status).toBe(201);
  const edited = await api.put(
    `/api/appointments/${j.appointmentId}/record`,
    { description: 'Annual inspection per appendix D; compression 74/76 on all cylinders.' },
    as,
  );
  expect(edited.status, edited.text).toBe(200);
  const second = await api.post(`/api/appointments/${j.appointmentId}/record/sign`, SIGN, as);
  expect(second.status, second.text).toBe(200);
  return { ...j, firstId: first.body.id as string, correctionId: second.body.id as string };
}

const packet = (j: ReadyJob, token: string, query = '?format=json') =>
  api.get(`/api/aircraft/${j.aircraftId}/records-packet${query}`, { token });

describe('GET /api/aircraft/:id/records-packet', { timeout: 180_000 }, () => {
  let j: Signed;
  beforeAll(async () => {
    j = await signedAndCorrected();
  }, 180_000);

  it('gives the owner the ADs, inspections, items, total time, entries with hashes and the open discrepancy list', async () => {
    const res = await packet(j, j.pilot.token);
    expect(res.status, res.text).toBe(200);
    const p = res.body;
    expect(p.aircraft).toMatchObject({ make: 'Cessna', model: '172N', year: 1978, homeAirport: AIRPORT });
    expect(p.preparedOn).toBe(today);
    expect(p.totalTimeHours).toBe(4020.8);
    expect(p.totalTimeOn).toBe(today);

    // 91.417(a)(2)(v): the AD's number, revision, method of compliance, last done and next due.
    expect(p.ads).toEqual([
      expect.objectContaining({
        kind: 'ad',
        adNumber: '2020-18-03',
        adRevision: 'Amendment 39-21234',
        adMethod: 'Inspected per paragraph (g), no leaks',
        lastDoneDate: '2026-01-15',
        intervalMonths: 12,
        dueDate: '2027-01-15',
      }),
    ]);
    // The signed annual moved the annual's last done to the entry's day, as on the due list.
    expect(p.inspections.map((i: { kind: string }) => i.kind)).toEqual(['annual', 'elt']);
    expect(p.inspections[0]).toMatchObject({ lastDoneDate: today });
    expect(p.otherItems).toEqual([
      expect.objectContaining({ kind: 'custom', title: 'Propeller overhaul', dueHours: 5000 }),
    ]);

    // Every signed entry oldest first, each with the hash of its text; the correction says which it corrects.
    expect(p.entries.map((e: { id: string }) => e.id)).toEqual([j.firstId, j.correctionId]);
    for (const e of p.entries)
      expect(e.sha256).toBe(
        createHash('sha256')
          .update(e.text as string, 'utf8')
          .digest('hex'),
      );
    expect(p.entries[0]).toMatchObject({
      status: 'superseded',
      supersededById: j.correctionId,
      correctedByEntryOn: today,
      signerName: 'Ida Inspector',
      certificateNumber: expect.stringContaining('3456789'),
    });
    expect(p.entries[1]).toMatchObject({
      status: 'signed',
      supersedesId: j.firstId,
      correctsEntryOn: today,
      shop: expect.any(String),
    });
    expect(p.entries[1].text).toContain('compression 74/76');
    expect(p.nextCursor).toBeNull();

    // The open discrepancy list: the current annual's not-done line, its decision and its day.
    expect(p.discrepancyLists).toEqual([
      expect.objectContaining({
        entryId: j.correctionId,
        inspection: 'annual',
        completedOn: today,
        signerName: 'Ida Inspector',
        lines: [
          {
            text: `Repair nav/com 2 intermittent receive: deferred by the owner on ${formatDay(today)}`,
            decision: 'deferred',
            decidedOn: formatDay(today),
          },
        ],
      }),
    ]);
  });

  it('pages the entries with ?cursor=&limit= as the logbook does', async () => {
    const one = await packet(j, j.pilot.token, '?format=json&limit=1');
    expect(one.status).toBe(200);
    expect(one.body.entries.map((e: { id: string }) => e.id)).toEqual([j.firstId]);
    expect(one.body.nextCursor).toEqual(expect.any(String));
    expect(one.headers.get('x-next-cursor')).toBe(one.body.nextCursor);
    const two = await packet(j, j.pilot.token, `?format=json&limit=1&cursor=${one.body.nextCursor}`);
    expect(two.body.entries.map((e: { id: string }) => e.id)).toEqual([j.correctionId]);
    expect(two.body.nextCursor).toBeNull();
    expect((await packet(j, j.pilot.token, '?format=json&cursor=bm9wZQ')).status).toBe(400);
  });

  it('is a PDF by default that says the same: ADs, discrepancy list, both entries, the correction, the hashes', async () => {
    const json = (await packet(j, j.pilot.token)).body;
    const res = await packet(j, j.pilot.token, '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="records-packet-N[0-9A-Z]+-/);
    const text = (await pdfPages(res.bytes)).join('\n');
    expect(text).toContain('Airworthiness directives (14 CFR 91.417(a)(2)(v))');
    expect(text).toContain('Revision: Amendment 39-21234');
    expect(text).toContain('Method of compliance: Inspected per paragraph (g), no leaks');
    expect(text).toContain('Total time in service: 4,020.8 hours');
    expect(text).toContain('Open discrepancy lists (14 CFR 43.11(b))');
    expect(text).toContain('Repair nav/com 2 intermittent receive: deferred by the owner');
    expect(text).toContain(`CORRECTION of the entry of ${formatDay(today)}`);
    expect(text).toContain(`SUPERSEDED by the correction of ${formatDay(today)}`);
    for (const e of json.entries) expect(text.replace(/\s+/g, '')).toContain(e.sha256);
  });

  it('is the owner’s only: another owner 404, a mechanic (even the job’s) and an admin 403, signed out 401', async () => {
    const other = await createUser('pilot');
    const admin = await createUser('admin');
    for (const query of ['?format=json', '']) {
      expect((await packet(j, other.token, query)).status).toBe(404);
      expect((await packet(j, j.mechanic.token, query)).status).toBe(403);
      expect((await packet(j, admin.token, query)).status).toBe(403);
      expect((await api.get(`/api/aircraft/${j.aircraftId}/records-packet${query}`)).status).toBe(401);
    }
    expect((await callRoute(ROUTES.recordsPacket, { params: { id: 'not-an-id' }, as: j.pilot })).status).toBe(404);
    const bad = await packet(j, j.pilot.token, '?format=docx');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/format must be one of pdf, json/);
  });

  // After the tests that count the entries: it adds 132 (the entry PDF test below reads one entry by id).
  it('a long logbook: every entry in the PDF, read a page at a time; the JSON pages them in date, then tach order', async () => {
    const db = testDb();
    const model = await db
      .selectFrom('maintenanceRecords')
      .selectAll()
      .where('id', '=', j.firstId)
      .executeTakeFirstOrThrow();
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = model;
    const old = (n: number, completedOn: string, tach: number, signedAt: string) => {
      const text = `Old entry ${n}: oil and filter changed at ${tach} hours.`;
      return {
        ...copy,
        status: 'superseded' as const,
        supersedesId: null,
        documentId: null,
        inspection: null,
        inspectionExtent: null,
        discrepancies: JSON.stringify([]),
        description: text,
        completedOn,
        totalTimeHours: tach,
        signedAt,
        entryText: text,
        sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
      };
    };
    // Two entries of one day: the lower tach first though it was signed later.
    const day = [old(1, '2000-06-01', 900, '2000-06-02T12:00:00Z'), old(0, '2000-06-01', 800, '2000-06-03T12:00:00Z')];
    const more = Array.from({ length: 130 }, (_, i) => {
      const on = new Date(Date.UTC(2001, 0, 1) + i * 7 * 86_400_000).toISOString().slice(0, 10);
      return old(i + 2, on, 1000 + i, `${on}T20:00:00Z`);
    });
    await db
      .insertInto('maintenanceRecords')
      .values([...day, ...more])
      .execute();

    const seen: Array<{ completedOn: string; totalTimeHours: number; sha256: string; text: string }> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await packet(j, j.pilot.token, `?format=json&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.entries);
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(134);
    expect(seen.slice(0, 2).map((e) => e.text)).toEqual([day[1]!.entryText, day[0]!.entryText]);
    const order = seen.map((e) => `${e.completedOn} ${String(e.totalTimeHours).padStart(7, '0')}`);
    expect(order).toEqual([...order].sort());

    const pdf = await packet(j, j.pilot.token, '');
    expect(pdf.status).toBe(200);
    const text = (await pdfPages(pdf.bytes)).join('\n').replace(/\s+/g, '');
    expect(seen.filter((e) => !text.includes(e.sha256)).map((e) => e.text)).toEqual([]);
  });

  it('the signed inspection entry’s PDF gives its discrepancy list a page of its own, signed and dated', async () => {
    const res = await callRoute(ROUTES.logbookPdf, {
      params: { id: j.aircraftId },
      query: { entry: j.correctionId },
      as: j.pilot,
    });
    expect(res.status).toBe(200);
    const pages = await pdfPages(res.bytes);
    expect(pages).toHaveLength(2);
    const [entry, list] = pages as [string, string];
    expect(entry).toContain('Not done, deferred or declined by the owner:');
    expect(list.split('\n')[0]).toBe('Discrepancy list');
    expect(list).toContain('14 CFR 43.11(b)');
    expect(list).toContain(`Inspection: Annual inspection, dated ${formatDay(today)}`);
    expect(list).toContain(`1. Repair nav/com 2 intermittent receive: deferred by the owner on ${formatDay(today)}`);
    expect(list.replace(/\s+/g, ' ')).toMatch(
      /Signed: Ida Inspector, A&P mechanic with inspection authorization certificate \S*3456789, [A-Z][a-z]{2} \d{1,2}, \d{4} at /,
    );
  });
});
