import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { jobReadyToSign } from '../helpers/jobs.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute } from '../helpers/call-route.ts';

// A quote line linked to a squawk by id (the quote form's "Answers") closes it once approved,
// done and signed, whatever its words: "Reline brake pads, LH" names no "Left main brake dragging".

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

describe('a quote line that answers a squawk by id', () => {
  it('closes the squawk when the job is signed; a line that only shares no words leaves its squawk open', async () => {
    const j = await jobReadyToSign({
      airport: 'KRHV',
      mechanic: { firstName: 'Bo', lastName: 'Brakes', profile: { iaAuthorization: true } },
      aircraft: { make: 'Cessna', model: '172N', year: 1978 },
      hours: 4019.6,
      items: [{ kind: 'elt', lastDoneDate: '2026-01-10' }],
      squawks: [
        { title: 'Left main brake dragging', priority: 'fix_soon' },
        { title: 'Right cowl fastener missing', priority: 'fix_soon' },
      ],
      lines: [
        {
          category: 'airworthy',
          description: 'Reline brake pads, LH',
          laborHours: 1.5,
          laborRate: 110,
          partsCost: 64,
          squawk: 0,
        },
        { category: 'discretionary', description: 'Replace fastener', laborHours: 0.3, laborRate: 110, partsCost: 5 },
      ],
      stage: 'completed',
      completion: { mechanicNotes: 'Brakes relined.', tachReading: '4,020.8' },
    });
    const signed = await callRoute(ROUTES.recordSign, {
      params: { id: j.appointmentId },
      body: { fullName: 'Bo Brakes', certificateNumber: '3456789', statement: true },
      as: j.mechanic,
    });
    expect(signed.status, signed.text).toBe(200);
    const due = await callRoute(ROUTES.maintenance, { params: { id: j.aircraftId }, as: j.pilot });
    const status = (id: string) => (due.body.squawks as Array<{ id: string; status: string }>).find((s) => s.id === id);
    expect(status(j.squawkIds[0]!)).toMatchObject({ status: 'resolved' });
    expect(status(j.squawkIds[1]!)).toMatchObject({ status: 'open' });
  });
});
