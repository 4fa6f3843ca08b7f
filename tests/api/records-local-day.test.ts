import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDay } from '../../src/lib/format.ts';
import { localDayAt, zoneOfPlace } from '../../src/features/marketplace/geo/airport-day.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { jobReadyToSign } from '../helpers/jobs.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';

// A record is dated on the local day at the aircraft's airport: work completed and signed at
// 5:38 PM PST on Nov 27 (01:38 UTC on Nov 28) is the work of Nov 27 on every record. The jobs sit
// at Reid-Hillview (KRHV), San Jose, where no other suite places mechanics.

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The clock of the test's own process (the functions run in it): only Date moves, timers stay real. */
const clockAt = (iso: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });

describe('the local day at the airport', () => {
  it('finds the zone of an airport, including those that keep another zone than their state', () => {
    expect(zoneOfPlace('KRHV')).toBe('America/Los_Angeles');
    expect(zoneOfPlace('KRHV (San Jose, CA)')).toBe('America/Los_Angeles');
    expect(zoneOfPlace('KELP')).toBe('America/Denver');
    expect(zoneOfPlace('KPNS')).toBe('America/Chicago');
    expect(localDayAt('KRHV', new Date('2026-11-28T01:38:00Z'))).toBe('2026-11-27');
    expect(localDayAt('KBOS', new Date('2026-11-28T01:38:00Z'))).toBe('2026-11-27');
    expect(localDayAt('KBOS', new Date('2026-11-28T05:38:00Z'))).toBe('2026-11-28');
  });
});

describe('a job completed and signed at 5:38 PM PST, Nov 27 (01:38 UTC, Nov 28)', () => {
  it('is dated Nov 27 on the entry, its deferred line, its signature, its PDF and the due list', async () => {
    // The owner decides the quote at 5:20 PM PST and the job is done by 5:38 PM.
    clockAt('2026-11-28T01:20:00Z');
    const j = await jobReadyToSign({
      airport: 'KRHV',
      pilot: { firstName: 'Nora', lastName: 'Local' },
      mechanic: { firstName: 'Luis', lastName: 'Dayton', profile: { iaAuthorization: true } },
      aircraft: { make: 'Cessna', model: '172N', year: 1978, usage: 'for_hire' },
      hours: 4019.6,
      items: [{ kind: '100_hour', lastDoneHours: 3925 }],
      lines: [
        {
          category: 'inspection',
          description: '100-hour inspection, C172N',
          laborHours: 6,
          laborRate: 95,
          partsCost: 0,
        },
        {
          category: 'airworthy',
          description: 'Replace nav/com 2',
          laborHours: 1,
          laborRate: 95,
          partsCost: 400,
          decision: 'defer',
        },
      ],
      stage: 'started',
    });
    clockAt('2026-11-28T01:38:00Z');
    const done = await callRoute(ROUTES.appointmentComplete, {
      params: { id: j.appointmentId },
      body: { mechanicNotes: 'Done.', tachReading: '4,020.8' },
      as: j.mechanic,
    });
    expect(done.status).toBe(200);

    const draft = await callRoute(ROUTES.record, { params: { id: j.appointmentId }, as: j.mechanic });
    expect(draft.body.completedOn).toBe('2026-11-27');
    expect(draft.body.timeZone).toBe('America/Los_Angeles');
    expect(draft.body.discrepancies).toEqual([
      `Replace nav/com 2: deferred by the owner on ${formatDay('2026-11-27')}`,
    ]);

    // The edit form takes the local day as today, not as a day in the future.
    const edited = await callRoute(ROUTES.recordUpdate, {
      params: { id: j.appointmentId },
      body: { completedOn: '2026-11-27' },
      as: j.mechanic,
    });
    expect(edited.status).toBe(200);
    const tomorrow = await callRoute(ROUTES.recordUpdate, {
      params: { id: j.appointmentId },
      body: { completedOn: '2026-11-28' },
      as: j.mechanic,
    });
    expect(tomorrow.status).toBe(400);
    expect(detailOf(tomorrow)).toBe('Completion date cannot be in the future (today at the aircraft’s airport)');

    clockAt('2026-11-28T01:39:00Z');
    const signed = await callRoute(ROUTES.recordSign, {
      params: { id: j.appointmentId },
      body: { fullName: 'Luis Dayton', certificateNumber: '3456789', statement: true },
      as: j.mechanic,
    });
    expect(signed.status).toBe(200);
    expect(signed.body.completedOn).toBe('2026-11-27');
    expect(signed.body.text).toContain(`Date: ${formatDay('2026-11-27')}\n`);
    expect(signed.body.text).toContain('Nov 27, 2026 at 5:39 PM PST');
    expect(signed.body.text).not.toContain('Nov 28');

    // The PDF filed in Documents is named and titled by the same day.
    const docs = await callRoute(ROUTES.documents, {
      query: { aircraft_id: j.aircraftId, document_type: 'logbook' },
      as: j.pilot,
    });
    const pdf = (docs.body as Array<{ id: string; title: string; description: string }>).find(
      (d) => d.id === signed.body.documentId,
    );
    expect(pdf?.title).toBe(`Logbook entry ${signed.body.aircraft.split(',')[0]} ${formatDay('2026-11-27')}`);
    expect(pdf?.description).toContain(`on ${formatDay('2026-11-27')};`);

    // The due list's "last done" is the entry's day.
    const due = await callRoute(ROUTES.maintenance, { params: { id: j.aircraftId }, as: j.pilot });
    const hundred = (due.body.items as Array<{ kind: string; lastDoneDate: string | null }>).find(
      (i) => i.kind === '100_hour',
    );
    expect(hundred?.lastDoneDate).toBe('2026-11-27');
    expect(due.body.timeZone).toBe('America/Los_Angeles');

    // The owner's logbook says the same day.
    const logbook = await callRoute(ROUTES.logbook, { params: { id: j.aircraftId }, as: j.pilot });
    expect(logbook.status).toBe(200);
    const entries = logbook.body as Array<{ completedOn: string }>;
    expect(entries.map((e) => e.completedOn)).toEqual(['2026-11-27']);
  });
});

describe('a completed job moves its aircraft’s hours', () => {
  it('records the signed entry’s tach as a reading: the due list follows it and "Log hours" refuses less', async () => {
    // A job whose line answers no due item (an AOG repair): nothing is marked done by hand.
    const j = await jobReadyToSign({
      airport: 'KRHV',
      mechanic: { firstName: 'Sam', lastName: 'Signer', profile: { iaAuthorization: true } },
      aircraft: { make: 'Cessna', model: '172N', year: 1978, usage: 'for_hire' },
      hours: 4019.6,
      items: [{ kind: 'annual', lastDoneDate: '2026-03-10' }],
      lines: [
        { category: 'discretionary', description: 'Replace starter', laborHours: 2, laborRate: 95, partsCost: 300 },
      ],
      stage: 'started',
    });
    const done = await callRoute(ROUTES.appointmentComplete, {
      params: { id: j.appointmentId },
      body: { mechanicNotes: 'Starter replaced.', tachReading: '4,020.8' },
      as: j.mechanic,
    });
    expect(done.status).toBe(200);
    const signed = await callRoute(ROUTES.recordSign, {
      params: { id: j.appointmentId },
      body: { fullName: 'Sam Signer', certificateNumber: '3456789', statement: true },
      as: j.mechanic,
    });
    expect(signed.status, signed.text).toBe(200);
    const due = await callRoute(ROUTES.maintenance, { params: { id: j.aircraftId }, as: j.pilot });
    expect(due.body.currentHours).toBe(4020.8);
    expect(due.body.readings[0]).toMatchObject({ hours: 4020.8, date: signed.body.completedOn });
    const lower = await callRoute(ROUTES.aircraftHours, {
      params: { id: j.aircraftId },
      body: { hours: 4020, date: localDayAt('KRHV') },
      as: j.pilot,
    });
    expect(lower.status).toBe(400);
    expect(detailOf(lower)).toBe('Hours cannot be below the last reading (4020.8)');
  });
});

describe('an annual of an aircraft used for hire', () => {
  it('restarts its 100-hour (14 CFR 91.409(b)): the owner is not told to order one he does not need', async () => {
    const j = await jobReadyToSign({
      airport: 'KRHV',
      mechanic: { firstName: 'Sam', lastName: 'Signer', profile: { iaAuthorization: true } },
      aircraft: { make: 'Cessna', model: '172N', year: 1978, usage: 'for_hire' },
      hours: 4019.6,
      items: [
        { kind: 'annual', lastDoneDate: '2025-11-20' },
        { kind: '100_hour', lastDoneHours: 3921 },
      ],
      lines: [
        {
          category: 'inspection',
          description: 'Annual inspection, C172N',
          laborHours: 10,
          laborRate: 95,
          partsCost: 0,
        },
      ],
      stage: 'completed',
      completion: { mechanicNotes: 'Annual per appendix D.', tachReading: '4,020.8' },
    });
    const signed = await callRoute(ROUTES.recordSign, {
      params: { id: j.appointmentId },
      body: { fullName: 'Sam Signer', certificateNumber: '3456789', statement: true },
      as: j.mechanic,
    });
    expect(signed.status, signed.text).toBe(200);
    const due = await callRoute(ROUTES.maintenance, { params: { id: j.aircraftId }, as: j.pilot });
    const item = (kind: string) => due.body.items.find((i) => i.kind === kind);
    expect(item('annual')).toMatchObject({ lastDoneDate: signed.body.completedOn, status: 'ok' });
    expect(item('100_hour')).toMatchObject({ lastDoneHours: 4020.8, status: 'ok' });
  });
});
