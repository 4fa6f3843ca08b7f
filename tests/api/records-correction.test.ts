import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';
import { api } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { testDb } from '../helpers/db.ts';
import { jobReadyToSign } from '../helpers/jobs.ts';
import { formatDay } from '../../src/lib/format.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// A correction is the entry: signing it moves what the first signature moved (the aircraft's
// reading, the due items' "last done") to the corrected date and total time, and the logbook
// reads in tach order. An entry is never dated before its job was accepted, so the job and the
// aircraft's first reading are moved two days back, as if accepted then.

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

/** `day` (YYYY-MM-DD) moved by `n` calendar days. */
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

interface DueItem {
  kind: string;
  lastDoneDate: string | null;
  lastDoneHours: number | null;
  dueDate: string | null;
  dueHours: number | null;
}

const AD_ITEM = {
  kind: 'ad',
  adNumber: '2011-10-09',
  lastDoneDate: '2025-11-20',
  lastDoneHours: 3930,
  intervalMonths: 12,
  intervalHours: 100,
};

describe('a signed entry corrected to an earlier day and a lower tach', () => {
  it('moves the reading, the due items’ last done and the next due with it; the logbook follows the tach', async () => {
    const j = await jobReadyToSign({
      airport: 'KRHV',
      mechanic: { firstName: 'Cora', lastName: 'Rector', profile: { iaAuthorization: true } },
      aircraft: { make: 'Cessna', model: '172N', year: 1978 },
      hours: 4019.6,
      items: [AD_ITEM],
      lines: [
        {
          category: 'airworthy',
          description: 'AD 2011-10-09 seat rail inspection',
          laborHours: 1,
          laborRate: 95,
          partsCost: 0,
        },
      ],
      stage: 'started',
    });
    const as = { token: j.mechanic.token };
    const record = `/api/appointments/${j.appointmentId}/record`;
    const today = localDayAt('KRHV');
    const yesterday = plusDays(today, -1);
    const twoDaysAgo = plusDays(today, -2);
    await testDb()
      .updateTable('appointments')
      .set({ createdAt: sql`created_at - interval '2 days'` })
      .where('id', '=', j.appointmentId)
      .execute();
    await testDb()
      .updateTable('aircraftHours')
      .set({ readingDate: twoDaysAgo })
      .where('aircraftId', '=', j.aircraftId)
      .execute();
    const done = await api.post(
      `/api/appointments/${j.appointmentId}/complete`,
      { mechanicNotes: 'AD complied with.', tachReading: '4,020.8' },
      as,
    );
    expect(done.status, done.text).toBe(200);
    const sign = { fullName: 'Cora Rector', certificateNumber: '3456789', statement: true };
    const first = await api.post(`${record}/sign`, sign, as);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ completedOn: today, totalTimeHours: 4020.8 });

    const ad = async () => {
      const due = await callRoute(ROUTES.maintenance, { params: { id: j.aircraftId }, as: j.pilot.token });
      return { due: due.body, item: (due.body.items as DueItem[]).find((i) => i.kind === 'ad')! };
    };
    expect((await ad()).item).toMatchObject({ lastDoneDate: today, lastDoneHours: 4020.8 });

    // The tach was misread and the work was done the day before: 4,020.3 yesterday.
    const correction = await api.post(`${record}/correct`, {}, as);
    expect(correction.status, correction.text).toBe(201);
    const edited = await api.put(record, { completedOn: yesterday, totalTimeHours: 4020.3 }, as);
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ completedOn: yesterday, totalTimeHours: 4020.3 });
    // Still refused below a reading that is not the superseded entry's own.
    const belowOthers = await api.put(record, { totalTimeHours: 4019.5 }, as);
    expect(belowOthers.status).toBe(400);
    expect(belowOthers.body.detail).toBe('Hours cannot be below the last reading (4019.6)');

    const corrected = await api.post(`${record}/sign`, sign, as);
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.body).toMatchObject({ completedOn: yesterday, totalTimeHours: 4020.3, status: 'signed' });

    // The superseded entry's reading is replaced by the correction's; the AD was last done yesterday.
    const after = await ad();
    expect(after.item).toMatchObject({
      lastDoneDate: yesterday,
      lastDoneHours: 4020.3,
      dueDate: `${Number(yesterday.slice(0, 4)) + 1}${yesterday.slice(4)}`,
      dueHours: 4120.3,
    });
    expect(after.due.currentHours).toBe(4020.3);
    expect(after.due.readings.map((r: { hours: number; date: string }) => [r.date, r.hours])).toEqual([
      [yesterday, 4020.3],
      [twoDaysAgo, 4019.6],
    ]);
  });

  it('the logbook lists entries of one day in tach order, whichever was signed last', async () => {
    const j = await jobReadyToSign({
      airport: 'KRHV',
      mechanic: { firstName: 'Cora', lastName: 'Rector', profile: { iaAuthorization: true } },
      aircraft: { make: 'Cessna', model: '172N', year: 1978 },
      hours: 4019.6,
      items: [AD_ITEM],
      lines: [
        { category: 'discretionary', description: 'Replace starter', laborHours: 2, laborRate: 95, partsCost: 300 },
      ],
      stage: 'completed',
      completion: { mechanicNotes: 'Starter replaced.', tachReading: '4,020.8' },
    });
    const as = { token: j.mechanic.token };
    const record = `/api/appointments/${j.appointmentId}/record`;
    const sign = { fullName: 'Cora Rector', certificateNumber: '3456789', statement: true };
    expect((await api.post(`${record}/sign`, sign, as)).status).toBe(200);
    expect((await api.post(`${record}/correct`, {}, as)).status).toBe(201);
    const lower = await api.put(record, { totalTimeHours: 4020.3 }, as);
    expect(lower.status, lower.text).toBe(200);
    const corrected = await api.post(`${record}/sign`, sign, as);
    expect(corrected.status, corrected.text).toBe(200);

    const logbook = await callRoute(ROUTES.logbook, { params: { id: j.aircraftId }, as: j.pilot.token });
    expect(logbook.status).toBe(200);
    const entries = logbook.body as Array<{ totalTimeHours: number; status: string }>;
    expect(entries.map((e) => [e.totalTimeHours, e.status])).toEqual([
      [4020.8, 'superseded'],
      [4020.3, 'signed'],
    ]);
    // Paged one at a time, the order holds across pages.
    const firstPage = await callRoute(ROUTES.logbook, {
      params: { id: j.aircraftId },
      query: { limit: '1' },
      as: j.pilot.token,
    });
    expect(firstPage.body.map((e) => e.totalTimeHours)).toEqual([4020.8]);
    const next = /cursor=([^&>]+)/.exec(String(firstPage.headers.get('link')))?.[1];
    expect(next).toBeTruthy();
    const secondPage = await callRoute(ROUTES.logbook, {
      params: { id: j.aircraftId },
      query: { limit: '1', cursor: next },
      as: j.pilot.token,
    });
    expect(secondPage.body.map((e) => e.totalTimeHours)).toEqual([4020.3]);
  });
});

describe('a correction and what else the first signature wrote', () => {
  /** A KRHV job accepted two days ago, its squawk answered by a line, completed at 4,020.8 and signed today. */
  async function signedToday() {
    const j = await jobReadyToSign({
      airport: 'KRHV',
      mechanic: { firstName: 'Cora', lastName: 'Rector', profile: { iaAuthorization: true } },
      aircraft: { make: 'Cessna', model: '172N', year: 1978 },
      hours: 4019.6,
      items: [AD_ITEM],
      squawks: [{ title: 'Left main brake dragging', priority: 'fix_soon' }],
      lines: [
        {
          category: 'airworthy',
          description: 'AD 2011-10-09 seat rail inspection',
          laborHours: 1,
          laborRate: 95,
          partsCost: 0,
        },
        {
          category: 'airworthy',
          description: 'Reline brake pads, LH',
          laborHours: 1.5,
          laborRate: 110,
          partsCost: 64,
          squawk: 0,
        },
      ],
      stage: 'started',
    });
    const as = { token: j.mechanic.token };
    const record = `/api/appointments/${j.appointmentId}/record`;
    const today = localDayAt('KRHV');
    await testDb()
      .updateTable('appointments')
      .set({ createdAt: sql`created_at - interval '2 days'` })
      .where('id', '=', j.appointmentId)
      .execute();
    await testDb()
      .updateTable('aircraftHours')
      .set({ readingDate: plusDays(today, -2) })
      .where('aircraftId', '=', j.aircraftId)
      .execute();
    const done = await api.post(
      `/api/appointments/${j.appointmentId}/complete`,
      { mechanicNotes: 'AD complied with, brake relined.', tachReading: '4,020.8' },
      as,
    );
    expect(done.status, done.text).toBe(200);
    const sign = { fullName: 'Cora Rector', certificateNumber: '3456789', statement: true };
    const first = await api.post(`${record}/sign`, sign, as);
    expect(first.status, first.text).toBe(200);
    return { j, as, record, sign, today, yesterday: plusDays(today, -1) };
  }

  it('re-dates the squawk’s resolution note with the entry', async () => {
    const { j, as, record, sign, today, yesterday } = await signedToday();
    const squawk = async () => {
      const due = await callRoute(ROUTES.maintenance, { params: { id: j.aircraftId }, as: j.pilot.token });
      return (due.body.squawks as Array<{ id: string; status: string; resolutionNote: string | null }>).find(
        (s) => s.id === j.squawkIds[0],
      )!;
    };
    expect(await squawk()).toMatchObject({
      status: 'resolved',
      resolutionNote: `Fixed by the job signed by Cora Rector on ${formatDay(today)}`,
    });
    expect((await api.post(`${record}/correct`, {}, as)).status).toBe(201);
    const edited = await api.put(record, { completedOn: yesterday, totalTimeHours: 4020.3 }, as);
    expect(edited.status, edited.text).toBe(200);
    const corrected = await api.post(`${record}/sign`, sign, as);
    expect(corrected.status, corrected.text).toBe(200);
    expect(await squawk()).toMatchObject({
      status: 'resolved',
      resolutionNote: `Fixed by the job signed by Cora Rector on ${formatDay(yesterday)}`,
    });
  });

  it('refuses a total time above a later reading, naming it', async () => {
    const { j, as, record, today, yesterday } = await signedToday();
    // The owner flew after the work and logged the tach today.
    const logged = await callRoute(ROUTES.aircraftHours, {
      params: { id: j.aircraftId },
      body: { hours: 4021.5, date: today },
      as: j.pilot.token,
    });
    expect(logged.status, logged.text).toBe(201);
    expect((await api.post(`${record}/correct`, {}, as)).status).toBe(201);
    // Dated yesterday, the entry cannot read more than the tach the owner read after it.
    const above = await api.put(record, { completedOn: yesterday, totalTimeHours: 4025 }, as);
    expect(above.status, above.text).toBe(400);
    expect(above.body.detail).toBe(`Hours cannot be above a later reading (4021.5 on ${formatDay(today)})`);
    // At or below the later reading, the corrected total time stands.
    const fine = await api.put(record, { completedOn: yesterday, totalTimeHours: 4021.2 }, as);
    expect(fine.status, fine.text).toBe(200);
    const hours = await callRoute(ROUTES.maintenance, { params: { id: j.aircraftId }, as: j.pilot.token });
    expect(hours.body.currentHours).toBe(4021.5);
  });
});
