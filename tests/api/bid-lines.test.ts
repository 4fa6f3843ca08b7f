import { describe, expect, it } from 'vitest';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';
import { backfillBidLines } from '../../src/server/db/migrations/0014_bid_lines.ts';
import { api } from '../helpers/api.ts';
import { testDb } from '../helpers/db.ts';
import { holdRowLock } from '../helpers/row-lock.ts';
import { createRequest, mechanicWithProfile, notificationsOf, uniqueTail, validBid } from '../helpers/marketplace.ts';
import { createUser, type TestUser } from '../helpers/users.ts';
import { ANNUAL_UNKNOWN_REASON } from '../../src/contract/maintenance.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { callRoute, detailOf, errorsOf } from '../helpers/call-route.ts';

// Itemized bids: lines, server totals, decisions at acceptance, change orders, the work
// order and the airworthiness hold of a deferred line. Requests sit in Montana (Helena, Missoula),
// where no other suite places mechanics nearby.

const line = (over: Record<string, unknown> = {}) => ({
  category: 'inspection',
  description: 'Annual inspection, PA-28',
  laborHours: '16',
  laborRate: '95',
  partsCost: '0',
  ...over,
});

const THREE_LINES = [
  line(),
  line({
    category: 'airworthy',
    description: 'Replace cracked exhaust gasket',
    laborHours: 1.5,
    laborRate: 95,
    partsCost: '42.10',
  }),
  line({
    category: 'discretionary',
    description: 'Polish landing light lens',
    laborHours: '0.3',
    laborRate: '95',
    partsCost: '',
  }),
];

async function openRequest(place = 'KHLN') {
  const pilot = await createUser('pilot', { firstName: 'Ora', lastName: 'Owner' });
  const mechanic = await mechanicWithProfile(
    { baseLocation: place, serviceRadius: 5 },
    { firstName: 'Lee', lastName: 'Lines' },
  );
  const request = await createRequest(pilot, { serviceLocation: place, aircraftLocation: place });
  return { pilot, mechanic, request };
}

async function lined(
  mechanic: TestUser,
  requestId: string,
  lines: unknown[] = THREE_LINES,
  over: Record<string, unknown> = {},
) {
  const { laborCost: _l, partsCost: _p, estimatedHours: _h, ...rest } = validBid();
  const res = await callRoute(ROUTES.requestBid, {
    params: { id: requestId },
    body: { ...rest, lines, ...over },
    as: mechanic,
  });
  if (res.status !== 201) throw new Error(`bid: ${res.status} ${res.text}`);
  return res.body as { id: string; lines: Array<{ id: string; category: string; description: string }> };
}

async function inProgress(mechanic: TestUser, appointmentId: string) {
  for (const step of ['confirm', 'start']) {
    const res = await api.post(`/api/appointments/${appointmentId}/${step}`, {}, { token: mechanic.token });
    if (res.status !== 200) throw new Error(`${step}: ${res.status} ${res.text}`);
  }
}

describe('bid lines: POST /api/enhanced/quotes/:id/bid with lines', () => {
  it('keeps each line with an id and computes labor, parts, hours, total and per-category totals on the server', async () => {
    const { pilot, mechanic, request } = await openRequest();
    const res = await callRoute(ROUTES.requestBid, {
      params: { id: request.id },
      body: {
        ...validBid({ laborCost: '1', partsCost: '1', totalCost: '999999', estimatedHours: '1' }),
        lines: THREE_LINES,
      },
      as: mechanic,
    });
    expect(res.status).toBe(201);
    // 16 h + 1.5 h + 0.3 h at $95: 1520 + 142.50 + 28.50 labor; parts 42.10.
    expect(res.body).toMatchObject({
      laborCost: 1691,
      partsCost: 42.1,
      totalCost: 1733.1,
      estimatedHours: 17.8,
      mechanicIa: true,
    });
    expect(res.body.lines).toHaveLength(3);
    expect(res.body.lines![0]).toMatchObject({
      position: 1,
      category: 'inspection',
      description: 'Annual inspection, PA-28',
      laborHours: 16,
      laborRate: 95,
      laborCost: 1520,
      partsCost: 0,
      totalCost: 1520,
      dueItemId: null,
      squawkId: null,
      decision: null,
    });
    expect(res.body.lines![1]).toMatchObject({
      position: 2,
      category: 'airworthy',
      laborHours: 1.5,
      laborCost: 142.5,
      partsCost: 42.1,
      totalCost: 184.6,
    });
    expect(res.body.lines![2]).toMatchObject({
      position: 3,
      category: 'discretionary',
      laborHours: 0.3,
      laborCost: 28.5,
      partsCost: 0,
    });
    for (const l of res.body.lines!) expect(l.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.categoryTotals).toEqual({
      inspection: { hours: 16, laborCost: 1520, partsCost: 0, totalCost: 1520 },
      airworthy: { hours: 1.5, laborCost: 142.5, partsCost: 42.1, totalCost: 184.6 },
      discretionary: { hours: 0.3, laborCost: 28.5, partsCost: 0, totalCost: 28.5 },
      parts: { hours: 0, laborCost: 0, partsCost: 0, totalCost: 0 },
      travel: { hours: 0, laborCost: 0, partsCost: 0, totalCost: 0 },
    });
    // The owner's list sends the quote's totals and counts its lines (docs/decisions/0205); the
    // request's own answer, read when a quote is opened, has the same lines. The notice quotes the total.
    const mine = (await callRoute(ROUTES.requestsOwn, { as: pilot })).body.find(
      (r: { id: string }) => r.id === request.id,
    );
    expect(mine!.quotes[0]).toMatchObject({
      totalCost: 1733.1,
      lineCount: res.body.lines!.length,
      categoryTotals: res.body.categoryTotals,
    });
    expect(mine!.quotes[0]).not.toHaveProperty('lines');
    const opened = await callRoute(ROUTES.request, { params: { id: request.id }, as: pilot });
    expect(opened.body.quotes[0]).toMatchObject({
      totalCost: 1733.1,
      lines: res.body.lines,
      categoryTotals: res.body.categoryTotals,
    });
    expect((await notificationsOf(pilot))[0]!.message).toContain('quoted $1,733.10');
  });

  it('a bid without lines answers exactly as before and becomes one line', async () => {
    const { pilot, mechanic, request } = await openRequest();
    const res = await callRoute(ROUTES.requestBid, {
      params: { id: request.id },
      body: validBid({ laborCost: '1000', partsCost: '300.50', estimatedHours: '3' }),
      as: mechanic,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ laborCost: 1000, partsCost: 300.5, totalCost: 1300.5, estimatedHours: 3 });
    // $1000 over 3 h is $333.33 an hour shown, the labor kept to the cent.
    expect(res.body.lines).toEqual([
      expect.objectContaining({
        category: 'inspection',
        description: 'Annual Inspection',
        laborHours: 3,
        laborRate: 333.33,
        laborCost: 1000,
        partsCost: 300.5,
        totalCost: 1300.5,
      }),
    ]);
    expect(res.body.categoryTotals!.inspection).toEqual({
      hours: 3,
      laborCost: 1000,
      partsCost: 300.5,
      totalCost: 1300.5,
    });
    // An empty list is the same as none.
    const other = await openRequest('KMSO');
    const empty = await callRoute(ROUTES.requestBid, {
      params: { id: other.request.id },
      body: { ...validBid(), lines: [] },
      as: other.mechanic.token,
    });
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ laborCost: 1200, partsCost: 300.5, totalCost: 1500.5, estimatedHours: 12.5 });
    // So is null.
    const fourth = await openRequest('KGPI');
    const none = await callRoute(ROUTES.requestBid, {
      params: { id: fourth.request.id },
      body: { ...validBid(), lines: null },
      as: fourth.mechanic.token,
    });
    expect(none.status, none.text).toBe(201);
    expect(none.body.lines).toHaveLength(1);

    // Accepting it the old way approves its one line; the appointment's figures are the bid's.
    const accepted = await callRoute(ROUTES.requestAccept, {
      params: { id: request.id },
      body: { bidId: res.body.id },
      as: pilot,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.appointment).toMatchObject({
      laborCost: 1000,
      partsCost: 300.5,
      totalCost: 1300.5,
      estimatedDuration: 3,
      approvedTotals: { hours: 3, laborCost: 1000, partsCost: 300.5, totalCost: 1300.5 },
      pendingChangeOrders: 0,
    });
    expect(accepted.body.appointment.approvedLines).toEqual([
      expect.objectContaining({ id: res.body.lines![0]!.id, decision: 'approve' }),
    ]);
    // Still refused as before when the spec's fields are missing.
    const third = await openRequest('KHLN');
    const bad = await callRoute(ROUTES.requestBid, {
      params: { id: third.request.id },
      body: validBid({ laborCost: '' }),
      as: third.mechanic.token,
    });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)[0]!).toMatchObject({ path: 'laborCost', message: 'Labor cost is required' });
  });

  it('validates each line, naming it', async () => {
    const { mechanic, request } = await openRequest('KMSO');
    const { laborCost: _l, ...rest } = validBid();
    const cases: Array<[unknown, string, RegExp]> = [
      [[line({ category: 'avionics' })], 'lines.0.category', /Category must be one of/],
      [[line(), line({ description: ' ' })], 'lines.1.description', /Description is required/],
      [[line({ laborHours: '1.25' })], 'lines.0.laborHours', /steps of 0\.1/],
      [[line({ laborRate: '-5' })], 'lines.0.laborRate', /from 0 to/],
      [[line({ partsCost: '1.001' })], 'lines.0.partsCost', /2 decimal places/],
      [[line({ dueItemId: 'x' })], 'lines.0.dueItemId', /valid id/],
      [[line({ laborHours: 0, partsCost: 50 })], 'lines', /needs labor hours/],
      ['many', 'lines', /must be a list/],
      [Array.from({ length: 41 }, () => line()), 'lines', /at most 40 lines/],
      [
        Array.from({ length: 2 }, () => line({ laborHours: '4000' })),
        'lines',
        /^The lines add up to more than 5,000 hours$/,
      ],
      [
        Array.from({ length: 3 }, () => line({ laborHours: '400', laborRate: '9000' })),
        'lines',
        /^The lines add up to more than \$10,000,000$/,
      ],
    ];
    for (const [lines, path, message] of cases) {
      const res = await callRoute(ROUTES.requestBid, {
        params: { id: request.id },
        body: { ...rest, lines },
        as: mechanic,
      });
      expect(res.status, JSON.stringify(lines).slice(0, 80)).toBe(400);
      expect(errorsOf(res)[0]!.path).toBe(path);
      expect(errorsOf(res)[0]!.message).toMatch(message);
    }
    // The shared fields are still checked with lines.
    const dates = await callRoute(ROUTES.requestBid, {
      params: { id: request.id },
      body: { ...rest, estimatedCompletionDate: '2030-05-01', lines: [line()] },
      as: mechanic,
    });
    expect(dates.status).toBe(400);
    expect(errorsOf(dates)[0]!.path).toBe('estimatedCompletionDate');
    // A due item or squawk must be on the request's aircraft.
    const foreign = await callRoute(ROUTES.requestBid, {
      params: { id: request.id },
      body: { ...rest, lines: [line({ squawkId: crypto.randomUUID() })] },
      as: mechanic,
    });
    expect(foreign.status).toBe(400);
    expect(errorsOf(foreign)[0]!).toMatchObject({
      path: 'lines.0.squawkId',
      message: 'This squawk is not on the request’s aircraft',
    });
    expect(await testDb().selectFrom('bids').select('id').where('serviceRequestId', '=', request.id).execute()).toEqual(
      [],
    );
  });
});

describe('accepting with decisions: POST /api/enhanced/quotes/:id/accept', () => {
  it('approves, defers and declines lines; the appointment carries the approved lines and total', async () => {
    const { pilot, mechanic, request } = await openRequest();
    const quote = await lined(mechanic, request.id);
    const [inspection, airworthy, optional] = quote.lines;
    const res = await callRoute(ROUTES.requestAccept, {
      params: { id: request.id },
      body: {
        bidId: quote.id,
        decisions: [
          { lineId: airworthy!.id, decision: 'defer' },
          { lineId: optional!.id, decision: 'decline' },
        ],
      },
      as: pilot,
    });
    expect(res.status).toBe(200);
    const a = res.body.appointment;
    // The appointment's price is the approved work; the quote as bid stays beside it.
    expect(a).toMatchObject({
      laborCost: 1520,
      partsCost: 0,
      totalCost: 1520,
      quotedTotal: 1733.1,
      approvedTotals: { hours: 16, laborCost: 1520, partsCost: 0, totalCost: 1520 },
    });
    expect(a.approvedLines!.map((l: { id: string }) => l.id)).toEqual([inspection!.id]);

    const order = await callRoute(ROUTES.workOrder, { params: { id: a.id }, as: mechanic });
    expect(order.status).toBe(200);
    expect(order.body.approved.totals.totalCost).toBe(1520);
    expect(order.body.deferred).toEqual([expect.objectContaining({ id: airworthy!.id, decision: 'defer' })]);
    expect(order.body.declined).toEqual([expect.objectContaining({ id: optional!.id, decision: 'decline' })]);
    expect(order.body.quoted.totalCost).toBe(1733.1);
    expect(order.body.totals).toEqual(order.body.approved.totals);
    expect(order.body.decisions).toEqual(
      expect.arrayContaining([
        { lineId: inspection!.id, decision: 'approve' },
        { lineId: airworthy!.id, decision: 'defer' },
        { lineId: optional!.id, decision: 'decline' },
      ]),
    );
    const list = await callRoute(ROUTES.appointmentsOwn, { as: pilot });
    expect(list.body.find((x: { id: string }) => x.id === a.id)!.approvedTotals!.totalCost).toBe(1520);
  });

  it('without decisions approves every line', async () => {
    const { pilot, mechanic, request } = await openRequest('KMSO');
    const quote = await lined(mechanic, request.id);
    const res = await callRoute(ROUTES.requestAccept, {
      params: { id: request.id },
      body: { bidId: quote.id },
      as: pilot,
    });
    expect(res.status).toBe(200);
    expect(res.body.appointment.approvedTotals!.totalCost).toBe(1733.1);
    expect(res.body.appointment.approvedLines).toHaveLength(3);
  });

  it('refuses declining an inspection or airworthiness line (400), unknown lines and nothing approved; nothing changes', async () => {
    const { pilot, mechanic, request } = await openRequest();
    const quote = await lined(mechanic, request.id);
    const [inspection, airworthy, optional] = quote.lines;
    const accept = (decisions: unknown) =>
      callRoute(ROUTES.requestAccept, {
        params: { id: request.id },
        unchecked: { bidId: quote.id, decisions },
        as: pilot,
      });

    const declineInspection = await accept([{ lineId: inspection!.id, decision: 'decline' }]);
    expect(declineInspection.status).toBe(400);
    expect(detailOf(declineInspection)).toBe(
      'Inspection lines cannot be declined, only approved or deferred ("Annual inspection, PA-28")',
    );
    expect(errorsOf(declineInspection)[0]!.path).toBe('decisions.0.decision');
    const declineAirworthy = await accept([{ lineId: airworthy!.id, decision: 'decline' }]);
    expect(declineAirworthy.status).toBe(400);
    expect(detailOf(declineAirworthy)).toBe(
      'Airworthiness lines cannot be declined, only approved or deferred ("Replace cracked exhaust gasket")',
    );
    const unknown = await accept([{ lineId: crypto.randomUUID(), decision: 'approve' }]);
    expect(unknown.status).toBe(400);
    expect(errorsOf(unknown)[0]!.path).toBe('decisions.0.lineId');
    const twice = await accept([
      { lineId: optional!.id, decision: 'approve' },
      { lineId: optional!.id, decision: 'decline' },
    ]);
    expect(twice.status).toBe(400);
    const badWord = await accept([{ lineId: optional!.id, decision: 'maybe' }]);
    expect(badWord.status).toBe(400);
    expect(errorsOf(badWord)[0]!.message).toBe('decision must be approve, defer or decline');
    const none = await accept([
      { lineId: inspection!.id, decision: 'defer' },
      { lineId: airworthy!.id, decision: 'defer' },
      { lineId: optional!.id, decision: 'decline' },
    ]);
    expect(none.status).toBe(400);
    expect(detailOf(none)).toBe('Approve at least one line to accept this quote');

    const still = (await callRoute(ROUTES.request, { params: { id: request.id }, as: pilot })).body;
    expect(still.status).toBe('quoted');
    expect(still.quotes[0]!.lines!.map((l) => l.decision)).toEqual([null, null, null]);
  });
});

describe('change orders: POST /api/appointments/:id/change-orders', () => {
  async function job() {
    const { pilot, mechanic, request } = await openRequest('KMSO');
    const quote = await lined(mechanic, request.id, [line()]);
    const accepted = await callRoute(ROUTES.requestAccept, {
      params: { id: request.id },
      body: { bidId: quote.id },
      as: pilot,
    });
    return { pilot, mechanic, request, appointmentId: accepted.body.appointment.id as string };
  }

  it('the assigned mechanic adds lines while in progress (201); the owner is told, decides each; the approved total updates', async () => {
    const { pilot, mechanic, appointmentId } = await job();
    const path = `/api/appointments/${appointmentId}/change-orders`;
    const body = {
      note: 'Found on inspection',
      lines: [
        line({
          category: 'airworthy',
          description: 'Replace worn nose strut seal',
          laborHours: 2,
          laborRate: 95,
          partsCost: '38.50',
        }),
        line({
          category: 'discretionary',
          description: 'Replace faded placards',
          laborHours: 1,
          laborRate: 95,
          partsCost: 20,
        }),
      ],
    };

    const early = await api.post(path, body, { token: mechanic.token });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('Change orders can be added once work has started');
    await inProgress(mechanic, appointmentId);
    expect((await api.post(path, body, { token: pilot.token })).status).toBe(403);
    const stranger = await mechanicWithProfile({ baseLocation: 'KMSO', serviceRadius: 5 });
    expect((await api.post(path, body, { token: stranger.token })).status).toBe(404);

    const created = await api.post(path, body, { token: mechanic.token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      appointmentId,
      status: 'pending',
      note: 'Found on inspection',
      documentIds: [],
      totals: { hours: 3, laborCost: 285, partsCost: 58.5, totalCost: 343.5 },
      decidedAt: null,
    });
    expect(created.body.lines.map((l: { position: number; decision: unknown }) => [l.position, l.decision])).toEqual([
      [2, null],
      [3, null],
    ]);
    const notice = (await notificationsOf(pilot))[0]!;
    expect(notice).toMatchObject({ type: 'change_order.created', title: 'Change order to decide' });
    expect(notice.message).toContain('($343.50)');
    const emails = await testDb()
      .selectFrom('outbox')
      .select(['subject', 'kind'])
      .where('toAddress', '=', pilot.email)
      .where('kind', '=', 'marketplace.change_order.created')
      .execute();
    expect(emails).toHaveLength(1);

    // The job cannot be completed while the change order waits.
    const blocked = await callRoute(ROUTES.appointmentComplete, {
      params: { id: appointmentId },
      body: {},
      as: mechanic,
    });
    expect(blocked.status).toBe(409);
    expect(detailOf(blocked)).toBe(
      'A change order is waiting for the owner’s decision; the job cannot be completed until the owner decides it',
    );
    expect(
      (await callRoute(ROUTES.appointmentsAssigned, { as: mechanic })).body.find(
        (a: { id: string }) => a.id === appointmentId,
      ),
    ).toMatchObject({ status: 'in_progress', pendingChangeOrders: 1 });

    const decidePath = `${path}/${created.body.id}/decide`;
    const [seal, placards] = created.body.lines;
    expect(
      (await api.post(decidePath, { decisions: [{ lineId: seal.id, decision: 'approve' }] }, { token: mechanic.token }))
        .status,
    ).toBe(403);
    const partial = await api.post(
      decidePath,
      { decisions: [{ lineId: seal.id, decision: 'approve' }] },
      { token: pilot.token },
    );
    expect(partial.status).toBe(400);
    expect(partial.body.detail).toBe(
      'Decide every line of the change order ("Replace faded placards" has no decision)',
    );
    const declineAirworthy = await api.post(
      decidePath,
      {
        decisions: [
          { lineId: seal.id, decision: 'decline' },
          { lineId: placards.id, decision: 'decline' },
        ],
      },
      { token: pilot.token },
    );
    expect(declineAirworthy.status).toBe(400);

    const decided = await api.post(
      decidePath,
      {
        decisions: [
          { lineId: seal.id, decision: 'approve' },
          { lineId: placards.id, decision: 'decline' },
        ],
      },
      { token: pilot.token },
    );
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'decided' });
    expect(decided.body.lines.map((l: { decision: string }) => l.decision)).toEqual(['approve', 'decline']);
    const again = await api.post(
      decidePath,
      {
        decisions: [
          { lineId: seal.id, decision: 'approve' },
          { lineId: placards.id, decision: 'decline' },
        ],
      },
      { token: pilot.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This change order was already decided');
    expect((await notificationsOf(mechanic))[0]).toMatchObject({
      type: 'change_order.decided',
      message: expect.stringContaining('With change orders: $1,748.50'),
    });

    const order = await callRoute(ROUTES.workOrder, { params: { id: appointmentId }, as: pilot });
    expect(order.body.approved.totals).toEqual({ hours: 18, laborCost: 1710, partsCost: 38.5, totalCost: 1748.5 });
    expect(order.body.approved.categoryTotals.airworthy.totalCost).toBe(228.5);
    expect(order.body.changeOrders).toHaveLength(1);
    expect(order.body.awaiting).toEqual([]);
    const listed = await api.get(path, { token: mechanic.token });
    expect(listed.body.map((c: { id: string }) => c.id)).toEqual([created.body.id]);

    const done = await callRoute(ROUTES.appointmentComplete, { params: { id: appointmentId }, body: {}, as: mechanic });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'completed',
      approvedTotals: { totalCost: 1748.5 },
      pendingChangeOrders: 0,
    });
    const late = await api.post(path, body, { token: mechanic.token });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('This appointment is already completed');
  });

  it('validates lines and photos; unknown orders are 404', async () => {
    const { pilot, mechanic, appointmentId } = await job();
    await inProgress(mechanic, appointmentId);
    const path = `/api/appointments/${appointmentId}/change-orders`;
    const empty = await api.post(path, { lines: [] }, { token: mechanic.token });
    expect(empty.status).toBe(400);
    expect(errorsOf(empty)[0]!).toMatchObject({ path: 'lines', message: 'Add at least one line' });
    const photo = await api.post(
      path,
      { lines: [line()], documentIds: [crypto.randomUUID()] },
      { token: mechanic.token },
    );
    expect(photo.status).toBe(400);
    expect(photo.body.detail).toBe('A photo is not a document of this job');
    // Photos sent under that name are the same documents, checked the same way.
    const photos = await api.post(path, { lines: [line()], photos: [crypto.randomUUID()] }, { token: mechanic.token });
    expect(photos.status).toBe(400);
    expect(photos.body.detail).toBe('A photo is not a document of this job');
    const many = await api.post(
      path,
      { lines: [line()], documentIds: Array.from({ length: 21 }, () => crypto.randomUUID()) },
      { token: mechanic.token },
    );
    expect(many.body.detail).toBe('A change order has at most 20 photos');
    const missing = await api.post(
      `${path}/${crypto.randomUUID()}/decide`,
      { decisions: [{ lineId: crypto.randomUUID(), decision: 'approve' }] },
      { token: pilot.token },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Change order not found');
    expect((await callRoute(ROUTES.workOrder, { params: { id: crypto.randomUUID() }, as: pilot })).status).toBe(404);
    const outsider = await createUser('pilot');
    expect((await callRoute(ROUTES.workOrder, { params: { id: appointmentId }, as: outsider })).status).toBe(404);
    expect((await callRoute(ROUTES.workOrder, { params: { id: appointmentId } })).status).toBe(401);
  });

  it('of two simultaneous change orders and a completion, the completion waits for the lock and is refused', async () => {
    const { mechanic, appointmentId } = await job();
    await inProgress(mechanic, appointmentId);
    // The three calls queue behind a lock held on the appointment, in this order. Without the
    // product's lock none would wait (the first wait fails), and the completion would not see the
    // change orders that are about to wait for the owner.
    const lock = await holdRowLock('appointments', appointmentId);
    const a = callRoute(ROUTES.changeOrderCreate, {
      params: { id: appointmentId },
      body: {
        lines: [
          line({ category: 'parts', description: 'Oil filter', laborHours: 0, partsCost: 18 }),
          line({ category: 'travel', description: 'Travel', laborHours: 1 }),
        ],
      },
      as: mechanic,
    });
    await lock.waitForWaiters(1, 'the first change order');
    const b = callRoute(ROUTES.changeOrderCreate, {
      params: { id: appointmentId },
      body: { lines: [line({ category: 'discretionary', description: 'Wax', laborHours: 1 })] },
      as: mechanic,
    });
    await lock.waitForWaiters(2, 'the second change order');
    const completion = callRoute(ROUTES.appointmentComplete, { params: { id: appointmentId }, body: {}, as: mechanic });
    await lock.waitForWaiters(3, 'the completion');
    await lock.release();
    const [first, second, completed] = await Promise.all([a, b, completion]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.lines.map((l: { position: number }) => l.position)).toEqual([2, 3]);
    expect(second.body.lines.map((l: { position: number }) => l.position)).toEqual([4]);
    expect(completed.status).toBe(409);
    expect(detailOf(completed)).toBe(
      'A change order is waiting for the owner’s decision; the job cannot be completed until the owner decides it',
    );
  });
});

describe('a deferred airworthiness line keeps the aircraft not airworthy', () => {
  it('until its squawk is resolved', async () => {
    const pilot = await createUser('pilot');
    const mechanic = await mechanicWithProfile({ baseLocation: 'KHLN', serviceRadius: 5 });
    const plane = (
      await callRoute(ROUTES.aircraftAdd, {
        body: {
          tailNumber: uniqueTail(),
          make: 'Piper',
          model: 'PA-28-181',
          year: '1998',
          totalHours: '3000',
          homeAirport: 'KHLN',
        },
        as: pilot,
      })
    ).body;
    const squawk = (
      await callRoute(ROUTES.squawkAdd, {
        params: { id: plane.id },
        body: { title: 'Exhaust gasket leaking', priority: 'fix_soon' },
        as: pilot,
      })
    ).body;
    const request = (
      await callRoute(ROUTES.maintenanceRequest, {
        params: { id: plane.id },
        body: { squawkIds: [squawk.id] },
        as: pilot,
      })
    ).body;
    const before = await callRoute(ROUTES.maintenance, { params: { id: plane.id }, as: pilot });
    expect(before.body.verdict).toBe('unknown'); // nothing grounds it; no annual entered

    const quote = await lined(mechanic, request.id, [
      line({ category: 'airworthy', description: 'Replace exhaust gasket', laborHours: 1.5, squawkId: squawk.id }),
      line({ category: 'discretionary', description: 'Clean belly', laborHours: 1 }),
    ]);
    expect(quote.lines[0]).toMatchObject({ squawkId: squawk.id });
    const accepted = await callRoute(ROUTES.requestAccept, {
      params: { id: request.id },
      body: { bidId: quote.id, decisions: [{ lineId: quote.lines[0]!.id, decision: 'defer' }] },
      as: pilot,
    });
    expect(accepted.status).toBe(200);

    const held = await callRoute(ROUTES.maintenance, { params: { id: plane.id }, as: pilot });
    expect(held.body).toMatchObject({
      airworthy: false,
      reasons: [{ text: 'Airworthiness item deferred by owner: Replace exhaust gasket', cite: '14 CFR 91.403' }],
    });

    await callRoute(ROUTES.squawkUpdate, {
      params: { id: plane.id, squawkId: squawk.id },
      body: { status: 'resolved', resolutionNote: 'Gasket replaced ' + localDayAt('KPAO') },
      as: pilot,
    });
    const cleared = await callRoute(ROUTES.maintenance, { params: { id: plane.id }, as: pilot });
    expect(cleared.body).toMatchObject({ verdict: 'unknown', reasons: [ANNUAL_UNKNOWN_REASON] });
  });
});

describe('migration 0014', () => {
  it('turns a bid without lines into its one line, labor kept to the cent, approved when accepted', async () => {
    const { pilot, mechanic, request } = await openRequest('KMSO');
    const res = await callRoute(ROUTES.requestBid, {
      params: { id: request.id },
      body: validBid({ laborCost: '1000', partsCost: '12.34', estimatedHours: '3' }),
      as: mechanic,
    });
    await callRoute(ROUTES.requestAccept, { params: { id: request.id }, body: { bidId: res.body.id }, as: pilot });
    await testDb().deleteFrom('bidLines').where('bidId', '=', res.body.id).execute();
    await backfillBidLines(testDb());
    const rows = await testDb().selectFrom('bidLines').selectAll().where('bidId', '=', res.body.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      position: 1,
      category: 'inspection',
      hoursTenths: 30,
      rateCents: '33333',
      laborCents: '100000',
      partsCents: '1234',
      decision: 'approve',
    });
  });
});
