import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { jobReadyToSign, type JobLine, type ReadyJob } from '../helpers/jobs.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// One airworthiness rule (docs/decisions/0270-one-airworthiness-rule.md): the due list, the Overview
// and the signed entry judge an overdue transponder the same way whether or not the owner deferred
// the mechanic's line for it, and a deferred discrepancy that answers no due item still grounds.
// Jobs sit at Mobridge (KMBG), where no other suite places mechanics.

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

const ANNUAL: JobLine = {
  category: 'inspection',
  description: 'Annual inspection, C182P',
  laborHours: 14,
  laborRate: 110,
  partsCost: 0,
};
const TRANSPONDER: JobLine = {
  category: 'airworthy',
  description: 'Transponder check (91.413)',
  laborHours: 1.5,
  laborRate: 110,
  partsCost: 0,
};
const EXHAUST: JobLine = {
  category: 'airworthy',
  description: 'Replace cracked exhaust clamp',
  laborHours: 1,
  laborRate: 110,
  partsCost: 60,
};

/** A 1975 Cessna 182P at 3418.2 h, annual and transponder overdue, both on a request; the quote decided as given. */
const job = (lines: JobLine[], stage: 'accepted' | 'completed') =>
  jobReadyToSign({
    airport: 'KMBG',
    pilot: { firstName: 'Vera', lastName: 'Verdict' },
    mechanic: { firstName: 'Rule', lastName: 'Keeper', profile: { iaAuthorization: true } },
    aircraft: { make: 'Cessna', model: '182P', year: 1975 },
    hours: 3418.2,
    items: [
      { kind: 'annual', lastDoneDate: '2025-10-10' },
      { kind: 'transponder', lastDoneDate: '2024-10-10' },
    ],
    lines,
    stage,
    completion: { mechanicNotes: 'Per appendix D.', totalTimeHours: 3420.1 },
  });

interface Reason {
  text: string;
  cite: string;
}
const dueList = async (j: ReadyJob) =>
  (await callRoute(ROUTES.maintenance, { params: { id: j.aircraftId }, as: j.pilot })).body as {
    verdict: string;
    airworthy: boolean;
    reasons: Reason[];
    limits: Reason[];
  };

const TRANSPONDER_LIMIT = {
  text: 'Transponder check overdue (was due by Oct 31, 2026): the transponder may not be used, so no flight where one is required (Class A, B and C airspace, within 30 NM of a Class B airport, above 10,000 ft MSL)',
  cite: '14 CFR 91.413, 91.215',
};

describe('one airworthiness rule for an overdue item, deferred or not', { timeout: 120_000 }, () => {
  it('an overdue transponder limits the aircraft the same way with its line approved or deferred', async () => {
    const approved = await dueList(await job([ANNUAL, TRANSPONDER], 'accepted'));
    const deferred = await dueList(await job([ANNUAL, { ...TRANSPONDER, decision: 'defer' }], 'accepted'));
    // The annual is overdue in both: not airworthy for that one reason; the transponder is a limit.
    for (const view of [approved, deferred]) {
      expect(view.verdict).toBe('not_airworthy');
      expect(view.reasons.map((r) => r.cite)).toEqual(['14 CFR 91.409(a)']);
      expect(view.limits).toEqual([TRANSPONDER_LIMIT]);
    }
  });

  it('after the annual is signed with the transponder deferred: airworthy with the limit, on the due list and in the entry', async () => {
    const j = await job([ANNUAL, { ...TRANSPONDER, decision: 'defer' }], 'completed');
    const draft = await callRoute(ROUTES.record, { params: { id: j.appointmentId }, as: j.mechanic });
    expect(draft.body.airworthy).toBe(true); // the annual found it airworthy; the deferred test is listed, not a 43.11 discrepancy
    expect(draft.body.discrepancies).toEqual([
      expect.stringMatching(/^Transponder check \(91\.413\): deferred by the owner on /),
    ]);
    const signed = await callRoute(ROUTES.recordSign, {
      params: { id: j.appointmentId },
      body: { fullName: 'Rule Keeper', certificateNumber: '3456789', statement: true },
      as: j.mechanic,
    });
    expect(signed.status).toBe(200);
    const view = await dueList(j);
    expect(view).toMatchObject({ verdict: 'airworthy', airworthy: true, reasons: [], limits: [TRANSPONDER_LIMIT] });
  });

  it('a deferred airworthiness discrepancy that answers no due item grounds the aircraft, in the entry too', async () => {
    const j = await job([ANNUAL, TRANSPONDER, { ...EXHAUST, decision: 'defer' }], 'completed');
    const draft = await callRoute(ROUTES.record, { params: { id: j.appointmentId }, as: j.mechanic });
    expect(draft.body.airworthy).toBe(false);
    const view = await dueList(j);
    expect(view.verdict).toBe('not_airworthy');
    expect(view.reasons).toContainEqual({
      text: 'Airworthiness item deferred by owner: Replace cracked exhaust clamp',
      cite: '14 CFR 91.403',
    });
  });
});
