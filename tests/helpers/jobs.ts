import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';
import { api } from './api.ts';
import { mechanicWithProfile, uniqueTail, validBid } from './marketplace.ts';
import { createUser, type TestUser } from './users.ts';

/** A line of the mechanic's quote, and what the owner decides about it (approve by default). */
export interface JobLine {
  category: string;
  description: string;
  laborHours: number;
  laborRate: number;
  partsCost: number;
  decision?: 'approve' | 'defer' | 'decline';
  /** The index (in `squawks`) of the squawk the line answers by id, as the quote form's "Answers" sends it. */
  squawk?: number;
}

export interface JobSetup {
  /** Where the aircraft sits and the mechanic is based: pick an airport no other suite uses. */
  airport: string;
  pilot?: { firstName?: string; lastName?: string };
  mechanic?: { firstName?: string; lastName?: string; profile?: Record<string, unknown> };
  /** The aircraft's fields besides its registration and home airport (make, model, year, usage). */
  aircraft: Record<string, unknown>;
  /** The tach reading logged today. */
  hours: number;
  /** Due items added to the aircraft (POST /api/aircraft/:id/maintenance), all on the request. */
  items: Array<Record<string, unknown>>;
  /** Squawks added to the aircraft, all on the request. */
  squawks?: Array<Record<string, unknown>>;
  lines: JobLine[];
  /** How far the job goes: quote accepted, work started (ready to complete), or completed (ready to sign). */
  stage: 'accepted' | 'started' | 'completed';
  /** The body of POST /complete when the stage is 'completed'. */
  completion?: Record<string, unknown>;
}

export interface ReadyJob {
  pilot: TestUser;
  mechanic: TestUser;
  aircraftId: string;
  itemIds: string[];
  squawkIds: string[];
  requestId: string;
  appointmentId: string;
}

async function created(
  what: string,
  res: Promise<{ status: number; body: { id: string }; text: string }>,
): Promise<string> {
  const answer = await res;
  if (answer.status !== 201) throw new Error(`${what}: ${answer.status} ${answer.text}`);
  return answer.body.id;
}

/**
 * A job ready to sign, made through the API as the people would: an owner's aircraft with its
 * due items (and squawks), a service request from its due list, a vetted mechanic's itemized
 * quote, the owner's decisions on each line, then confirmed, started and completed as `stage` says.
 */
export async function jobReadyToSign(setup: JobSetup): Promise<ReadyJob> {
  const pilot = await createUser('pilot', setup.pilot ?? {});
  const { profile = {}, ...names } = setup.mechanic ?? {};
  const mechanic = await mechanicWithProfile({ baseLocation: setup.airport, serviceRadius: 5, ...profile }, names);
  const as = (user: TestUser) => ({ token: user.token });
  const aircraftId = await created(
    'aircraft',
    api.post('/api/aircraft', { tailNumber: uniqueTail(), homeAirport: setup.airport, ...setup.aircraft }, as(pilot)),
  );
  await created(
    'hours',
    api.post(`/api/aircraft/${aircraftId}/hours`, { hours: setup.hours, date: localDayAt(setup.airport) }, as(pilot)),
  );
  const itemIds: string[] = [];
  for (const item of setup.items)
    itemIds.push(await created('due item', api.post(`/api/aircraft/${aircraftId}/maintenance`, item, as(pilot))));
  const squawkIds: string[] = [];
  for (const squawk of setup.squawks ?? [])
    squawkIds.push(await created('squawk', api.post(`/api/aircraft/${aircraftId}/squawks`, squawk, as(pilot))));
  const requestId = await created(
    'request',
    api.post(
      `/api/aircraft/${aircraftId}/maintenance/request`,
      { itemIds, ...(squawkIds.length ? { squawkIds } : {}) },
      as(pilot),
    ),
  );

  const { laborCost: _l, partsCost: _p, estimatedHours: _h, ...dates } = validBid();
  const quote = await api.post(
    `/api/enhanced/quotes/${requestId}/bid`,
    {
      ...dates,
      lines: setup.lines.map(({ decision: _d, squawk, ...line }) =>
        squawk === undefined ? line : { ...line, squawkId: squawkIds[squawk] },
      ),
    },
    as(mechanic),
  );
  if (quote.status !== 201) throw new Error(`quote: ${quote.status} ${quote.text}`);
  const sent = quote.body.lines as Array<{ id: string }>;
  const decisions = setup.lines.map((line, i) => ({ lineId: sent[i]!.id, decision: line.decision ?? 'approve' }));
  const accepted = await api.post(
    `/api/enhanced/quotes/${requestId}/accept`,
    { bidId: quote.body.id, decisions },
    as(pilot),
  );
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${accepted.text}`);
  const appointmentId = accepted.body.appointment.id as string;

  const steps = { accepted: [], started: ['confirm', 'start'], completed: ['confirm', 'start', 'complete'] }[
    setup.stage
  ];
  for (const step of steps) {
    const res = await api.post(
      `/api/appointments/${appointmentId}/${step}`,
      step === 'complete' ? (setup.completion ?? {}) : {},
      as(mechanic),
    );
    if (res.status !== 200) throw new Error(`${step}: ${res.status} ${res.text}`);
  }
  return { pilot, mechanic, aircraftId, itemIds, squawkIds, requestId, appointmentId };
}
