import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { jobReadyToSign, type JobLine } from '../helpers/jobs.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// The entry's list of what was not done is the owner's record of every line he deferred or
// declined, whatever its category: for an inspection it is the dated discrepancy list 43.11(b)
// requires. Jobs sit at Mobridge (KMBG), where no other suite places mechanics.

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

const ANNUAL: JobLine = {
  category: 'inspection',
  description: 'Annual inspection, C172N',
  laborHours: 12,
  laborRate: 110,
  partsCost: 0,
};
const NAVCOM: JobLine = {
  category: 'discretionary',
  description: 'Repair nav/com 2 intermittent receive',
  laborHours: 1.5,
  laborRate: 110,
  partsCost: 0,
  decision: 'defer',
};
const PAINT: JobLine = {
  category: 'discretionary',
  description: 'Touch up wingtip paint',
  laborHours: 1,
  laborRate: 110,
  partsCost: 20,
  decision: 'decline',
};

const DATED = / on [A-Z][a-z]{2} \d{1,2}, \d{4}$/;

describe('the entry lists every deferred and declined line', { timeout: 120_000 }, () => {
  it('a deferred and a declined discretionary line are both in the draft, each with its decision date', async () => {
    const j = await jobReadyToSign({
      airport: 'KMBG',
      pilot: { firstName: 'Nora', lastName: 'Navcom' },
      mechanic: { firstName: 'List', lastName: 'Keeper', profile: { iaAuthorization: true } },
      aircraft: { make: 'Cessna', model: '172N', year: 1978 },
      hours: 4019.6,
      items: [{ kind: 'annual', lastDoneDate: '2025-11-20' }],
      lines: [ANNUAL, NAVCOM, PAINT],
      stage: 'completed',
      completion: { mechanicNotes: 'Per appendix D.', tachReading: '4,020.8' },
    });
    const draft = await callRoute(ROUTES.record, { params: { id: j.appointmentId }, as: j.mechanic });
    expect(draft.status).toBe(200);
    const list = draft.body.discrepancies as string[];
    expect(list).toEqual([
      expect.stringMatching(/^Repair nav\/com 2 intermittent receive: deferred by the owner on /),
      expect.stringMatching(/^Touch up wingtip paint: declined by the owner on /),
    ]);
    for (const line of list) expect(line).toMatch(DATED);
  });
});
