import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';
import { formatDay } from '../../src/lib/format.ts';
import { api } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { jobReadyToSign, type JobLine, type ReadyJob } from '../helpers/jobs.ts';
import { notificationsOf, uniqueTail } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// Records an owner and a mechanic can trust: only approved work completes due items,
// one tach rule, every entry in a logbook, the entry and its PDF as a person reads them. Jobs sit
// at Rapid City (KRAP), where no other suite places mechanics.

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

const today = localDayAt('KRAP');

type Line = JobLine;

interface Job extends ReadyJob {
  annualId: string;
  transponderId: string;
  squawkId: string;
}

/**
 * A Cessna 182P at 3418.2 h with its annual and transponder check overdue and a worn tire, a
 * request from the due list for all three, and a quote of the lines given, decided as given.
 */
async function job(
  lines: Line[],
  options: { complete?: boolean; tach?: number; acceptOnly?: boolean } = {},
): Promise<Job> {
  const ready = await jobReadyToSign({
    airport: 'KRAP',
    pilot: { firstName: 'Nora', lastName: 'Owner' },
    mechanic: {
      firstName: 'Ike',
      lastName: 'Inspector',
      profile: { iaAuthorization: true, businessName: 'Black Hills Aero Repair' },
    },
    aircraft: { make: 'Cessna', model: '182P', year: 1975 },
    hours: 3418.2,
    items: [
      { kind: 'annual', lastDoneDate: '2025-10-10' },
      { kind: 'transponder', lastDoneDate: '2024-10-10' },
    ],
    squawks: [{ title: 'Left main tire worn', priority: 'fix_soon' }],
    lines,
    stage: options.acceptOnly ? 'accepted' : options.complete === false ? 'started' : 'completed',
    completion: { mechanicNotes: 'All per appendix D.', totalTimeHours: options.tach ?? 3420.1 },
  });
  return { ...ready, annualId: ready.itemIds[0]!, transponderId: ready.itemIds[1]!, squawkId: ready.squawkIds[0]! };
}

const ANNUAL: Line = {
  category: 'inspection',
  description: 'Annual inspection, C182P',
  laborHours: 14,
  laborRate: 110,
  partsCost: 0,
};
const TRANSPONDER: Line = {
  category: 'airworthy',
  description: 'Transponder check (91.413)',
  laborHours: 1.5,
  laborRate: 110,
  partsCost: 0,
};
const TIRE: Line = {
  category: 'airworthy',
  description: 'Replace left main tire worn past limits',
  laborHours: 1,
  laborRate: 110,
  partsCost: 180,
};
const TRAVEL: Line = {
  category: 'travel',
  description: 'Travel to KRAP, 2 x 40 miles',
  laborHours: 1,
  laborRate: 90,
  partsCost: 0,
};

const record = (j: Job, who: TestUser) => callRoute(ROUTES.record, { params: { id: j.appointmentId }, as: who });
const sign = (j: Job) =>
  callRoute(ROUTES.recordSign, {
    params: { id: j.appointmentId },
    body: { fullName: 'Ike Inspector', certificateNumber: '3456789', statement: true },
    as: j.mechanic.token,
  });
const dueList = async (j: Job) =>
  (await callRoute(ROUTES.maintenance, { params: { id: j.aircraftId }, as: j.pilot.token })).body;
const itemOf = (view: { items: Array<{ id: string; lastDoneDate: string | null; status: string }> }, id: string) =>
  view.items.find((i) => i.id === id)!;

describe('point 1: deferred and declined work never completes a due item', { timeout: 120_000 }, () => {
  it('signing completes the approved annual and leaves the deferred transponder due, listed with its date', async () => {
    const j = await job([ANNUAL, { ...TRANSPONDER, decision: 'defer' }, TIRE]);
    const draft = await record(j, j.mechanic);
    expect(draft.body.discrepancies).toEqual([
      `Transponder check (91.413): deferred by the owner on ${formatDay(today)}`,
    ]);
    // The deferred test is judged by the transponder's own rule (0270): a limit, not a 43.11 discrepancy.
    expect(draft.body.airworthy).toBe(true);
    expect((await sign(j)).status).toBe(200);

    const view = await dueList(j);
    expect(itemOf(view, j.annualId)).toMatchObject({ lastDoneDate: today, status: 'ok' });
    expect(itemOf(view, j.transponderId)).toMatchObject({ lastDoneDate: '2024-10-10', status: 'overdue' });
    expect(view.verdict).toBe('airworthy');
    expect(view.limits.map((r: { text: string }) => r.text)).toEqual([
      expect.stringMatching(/^Transponder check overdue \(was due by Oct 31, 2026\): the transponder may not be used/),
    ]);
  });

  it('a declined line leaves its item due, and the mechanic cannot mark it done by hand (409 with the reason)', async () => {
    const j = await job([ANNUAL, TRANSPONDER, { ...TIRE, category: 'discretionary', decision: 'decline' }]);
    const byHand = await callRoute(ROUTES.requestMaintenanceComplete, {
      params: { id: j.requestId },
      body: { squawkIds: [j.squawkId], date: today, hours: 3420.1 },
      as: j.mechanic.token,
    });
    expect(byHand.status).toBe(409);
    expect(detailOf(byHand)).toBe(
      `The owner declined "Left main tire worn" on ${formatDay(today)}: it was not part of the approved work`,
    );
    expect((await sign(j)).status).toBe(200);
    const view = await dueList(j);
    expect(view.squawks.find((s: { id: string }) => s.id === j.squawkId)).toMatchObject({ status: 'open' });
    expect(itemOf(view, j.transponderId)).toMatchObject({ lastDoneDate: today });
  });

  it('an item no line of the quote answers stays due', async () => {
    const j = await job([ANNUAL, TIRE]);
    expect((await sign(j)).status).toBe(200);
    const view = await dueList(j);
    expect(itemOf(view, j.annualId).lastDoneDate).toBe(today);
    expect(itemOf(view, j.transponderId).lastDoneDate).toBe('2024-10-10');
  });
});

describe('point 3: one tach rule at completion, in the entry and in Log hours', { timeout: 120_000 }, () => {
  it('refuses a reading below the aircraft’s last one everywhere, with the same reason', async () => {
    const j = await job([ANNUAL, TRANSPONDER, TIRE], { complete: false });
    const reason = 'Hours cannot be below the last reading (3418.2)';
    const logged = await callRoute(ROUTES.aircraftHours, {
      params: { id: j.aircraftId },
      body: { hours: 3400, date: today },
      as: j.pilot.token,
    });
    expect([logged.status, detailOf(logged)]).toEqual([400, reason]);
    const completed = await callRoute(ROUTES.appointmentComplete, {
      params: { id: j.appointmentId },
      body: { mechanicNotes: 'Done.', totalTimeHours: 3405 },
      as: j.mechanic.token,
    });
    expect([completed.status, detailOf(completed)]).toEqual([400, reason]);
    expect((await record(j, j.mechanic)).status).toBe(409); // nothing completed
    const byHand = await callRoute(ROUTES.requestMaintenanceComplete, {
      params: { id: j.requestId },
      body: { itemIds: [j.annualId], date: today, hours: 3400 },
      as: j.mechanic.token,
    });
    expect([byHand.status, detailOf(byHand)]).toEqual([400, reason]);

    expect(
      (
        await callRoute(ROUTES.appointmentComplete, {
          params: { id: j.appointmentId },
          body: { totalTimeHours: 3420.1 },
          as: j.mechanic.token,
        })
      ).status,
    ).toBe(200);
    const edited = await callRoute(ROUTES.recordUpdate, {
      params: { id: j.appointmentId },
      body: { totalTimeHours: 3400 },
      as: j.mechanic.token,
    });
    expect([edited.status, detailOf(edited)]).toEqual([400, reason]);
    expect((await record(j, j.mechanic)).body.totalTimeHours).toBe(3420.1);
  });

  it('a draft starts from the aircraft’s hours, not the older figure on the request', async () => {
    const j = await job([ANNUAL, TRANSPONDER, TIRE], { complete: false });
    await callRoute(ROUTES.aircraftHours, {
      params: { id: j.aircraftId },
      body: { hours: 3425, date: today },
      as: j.pilot.token,
    });
    expect(
      (await callRoute(ROUTES.appointmentComplete, { params: { id: j.appointmentId }, body: {}, as: j.mechanic.token }))
        .status,
    ).toBe(200);
    expect((await record(j, j.mechanic)).body.totalTimeHours).toBe(3425);
  });
});

describe('point 4: every entry belongs to one of the owner’s aircraft', { timeout: 120_000 }, () => {
  it('a request with a typed registration is linked to the saved aircraft, or adds it', async () => {
    const pilot = await createUser('pilot');
    const tail = uniqueTail();
    const saved = await callRoute(ROUTES.aircraftAdd, {
      body: { tailNumber: tail, make: 'Cessna', model: '182P', year: 1975 },
      as: pilot,
    });
    const base = {
      aircraftMake: 'Cessna',
      aircraftModel: '182P',
      aircraftLocation: 'KRAP',
      serviceType: 'annual_inspection',
      serviceDescription: 'Annual please',
      serviceLocation: 'KRAP',
    };
    const typed = await callRoute(ROUTES.requestCreate, {
      unchecked: { ...base, aircraftTailNumber: tail.toLowerCase() },
      as: pilot,
    });
    expect(typed.status).toBe(201);
    expect(typed.body.aircraftId).toBe(saved.body.id);

    const newTail = uniqueTail();
    const added = await callRoute(ROUTES.requestCreate, {
      unchecked: { ...base, aircraftTailNumber: newTail },
      as: pilot,
    });
    expect(added.status).toBe(201);
    const mine = await callRoute(ROUTES.aircraftList, { as: pilot });
    const created = (mine.body as Array<{ id: string; tailNumber: string; make: string }>).find(
      (a) => a.tailNumber === newTail,
    );
    expect(created).toMatchObject({ make: 'Cessna', id: added.body.aircraftId });
  });
});

describe('point 5: the entry as a logbook holds it', { timeout: 120_000 }, () => {
  it('leaves travel out of the work, closes the squawk the job fixed, and marks the superseded PDF in Documents', async () => {
    const j = await job([ANNUAL, TRANSPONDER, TIRE, TRAVEL]);
    const draft = await record(j, j.mechanic);
    expect(draft.body.description).toBe(
      '- Annual inspection, C182P\n- Transponder check (91.413)\n- Replace left main tire worn past limits\nAll per appendix D.',
    );
    const first = await sign(j);
    expect(first.status).toBe(200);
    const squawk = (await dueList(j)).squawks.find((s: { id: string }) => s.id === j.squawkId);
    expect(squawk).toMatchObject({ status: 'resolved' });

    await callRoute(ROUTES.recordCorrect, { params: { id: j.appointmentId }, unchecked: {}, as: j.mechanic.token });
    await callRoute(ROUTES.recordUpdate, {
      params: { id: j.appointmentId },
      body: { description: 'Annual per appendix D; transponder checked; left main tire replaced.' },
      as: j.mechanic.token,
    });
    const second = await sign(j);
    expect(second.status).toBe(200);
    const docs = await callRoute(ROUTES.documents, {
      query: { aircraft_id: j.aircraftId, document_type: 'logbook' },
      as: j.pilot.token,
    });
    const old = (docs.body as Array<{ id: string; title: string; description: string }>).find(
      (d) => d.id === first.body.documentId,
    )!;
    expect(old.title).toMatch(/\(superseded\)$/);
    expect(old.description).toMatch(/^Superseded by the correction signed on /);
    const current = (docs.body as Array<{ id: string; title: string }>).find((d) => d.id === second.body.documentId)!;
    expect(current.title).not.toMatch(/superseded/);
  });

  it('prints every character in a Unicode font, as a page or as stickers, and refuses what no font glyph can print', async () => {
    const j = await job([ANNUAL, TRANSPONDER, TIRE]);
    const edited = await callRoute(ROUTES.recordUpdate, {
      params: { id: j.appointmentId },
      body: { description: 'Ø 5.00-5 tire → replaced; “Ω” and ≥ 30 psi' },
      as: j.mechanic.token,
    });
    expect(edited.status).toBe(200);
    const cjk = await callRoute(ROUTES.recordUpdate, {
      params: { id: j.appointmentId },
      body: { description: 'Tire 漢 replaced' },
      as: j.mechanic.token,
    });
    expect(cjk.status).toBe(400);
    expect(detailOf(cjk)).toBe('The logbook PDF cannot print these characters; replace them before signing: 漢');
    const signed = await sign(j);
    expect(signed.status).toBe(200);
    const file = await callRoute(ROUTES.documentDownload, {
      params: { id: signed.body.documentId! },
      as: j.pilot.token,
    });
    expect(file.text).toContain('DejaVuSans');
    expect(file.text).toMatch(/MediaBox \[ ?0 0 612 792 ?\]/);
    const stickers = await callRoute(ROUTES.logbookPdf, {
      params: { id: j.aircraftId },
      query: { layout: 'sticker', entry: signed.body.id },
      as: j.pilot.token,
    });
    expect(stickers.status).toBe(200);
    expect(stickers.text).toMatch(/MediaBox \[ ?0 0 432 288 ?\]/);
    const bad = await callRoute(ROUTES.logbookPdf, {
      params: { id: j.aircraftId },
      query: { layout: 'poster' },
      as: j.pilot.token,
    });
    expect(bad.status).toBe(400);
  });
});

describe('point 6: airworthiness is unknown until the annual is entered', { timeout: 120_000 }, () => {
  it('says so and asks for the annual, then judges once it is known', async () => {
    const pilot = await createUser('pilot');
    const plane = await callRoute(ROUTES.aircraftAdd, {
      body: { tailNumber: uniqueTail(), make: 'Cessna', model: '182P', year: 1975, homeAirport: 'KRAP' },
      as: pilot,
    });
    const path = `/api/aircraft/${plane.body.id}/maintenance`;
    const fresh = (await api.get(path, { token: pilot.token })).body;
    expect(fresh).toMatchObject({
      airworthy: false,
      verdict: 'unknown',
      reasons: [
        { text: 'Airworthiness unknown: enter when the last annual inspection was done', cite: '14 CFR 91.409(a)' },
      ],
    });
    await api.post(path, { kind: 'annual', lastDoneDate: today }, { token: pilot.token });
    expect((await api.get(path, { token: pilot.token })).body).toMatchObject({
      airworthy: true,
      verdict: 'airworthy',
      reasons: [],
    });
  });
});

describe('point 13: reminders and stale resolutions', { timeout: 120_000 }, () => {
  it('a second resolution of a squawk (a stale tab) is refused with the first one, 409', async () => {
    const pilot = await createUser('pilot');
    const plane = await callRoute(ROUTES.aircraftAdd, {
      body: { tailNumber: uniqueTail(), make: 'Cessna', model: '182P', homeAirport: 'KRAP' },
      as: pilot,
    });
    const squawk = await callRoute(ROUTES.squawkAdd, {
      params: { id: plane.body.id },
      body: { title: 'Left main tire worn', priority: 'fix_soon' },
      as: pilot,
    });
    const path = `/api/aircraft/${plane.body.id}/squawks/${squawk.body.id}`;
    expect(
      (await api.patch(path, { status: 'resolved', resolutionNote: 'Tire replaced' }, { token: pilot.token })).status,
    ).toBe(200);
    const stale = await api.patch(
      path,
      { status: 'resolved', resolutionNote: 'Tire swapped at the FBO' },
      { token: pilot.token },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(
      `This squawk was already resolved on ${formatDay(today)}: "Tire replaced". Reopen it first to resolve it again.`,
    );
    const view = (await callRoute(ROUTES.maintenance, { params: { id: plane.body.id }, as: pilot })).body;
    expect(view.squawks[0]).toMatchObject({ status: 'resolved', resolutionNote: 'Tire replaced' });
  });

  it('no reminder for an item already on an open request; told again once the request ends without it', async () => {
    const j = await job([ANNUAL, TRANSPONDER, TIRE], { acceptOnly: true });
    const reminders = await import('../../netlify/functions/maintenance-reminders.ts');
    expect((await reminders.default()).status).toBe(204);
    expect((await notificationsOf(j.pilot)).filter((n: { type: string }) => n.type.startsWith('maintenance.'))).toEqual(
      [],
    );
    // Cancelled: the overdue items are the owner's to hear about again.
    expect(
      (await callRoute(ROUTES.requestCancel, { params: { id: j.requestId }, unchecked: {}, as: j.pilot.token })).status,
    ).toBe(200);
    expect((await reminders.default()).status).toBe(204);
    const told = (await notificationsOf(j.pilot))
      .filter((n: { type: string }) => n.type === 'maintenance.overdue')
      .map((n: { title: string }) => n.title);
    expect(told.some((t: string) => t.includes('Annual inspection overdue'))).toBe(true);
  });
});
