import type { APIRequestContext, APIResponse } from '@playwright/test';

/** Someone signed up in a browser test: the bearer header of their token. */
interface Party {
  headers: Record<string, string>;
}

import { ROUTES, type OutputOf } from '../../src/contract/routes.ts';
import { localDayAt } from '../../src/features/marketplace/geo/airport-day.ts';

/** The owner's day: the local day at the aircraft's airport. */
const today = (place?: unknown) => localDayAt(typeof place === 'string' ? place : null);

/** The answer of a call that must succeed, typed as its route answers (`route` names it only for the type). */
async function ok<R>(what: string, _route: R, res: Promise<APIResponse>): Promise<OutputOf<R>> {
  const answer = await res;
  if (!answer.ok()) throw new Error(`${what}: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()) as OutputOf<R>;
}

/** An owner's aircraft with its tach reading logged today and the due items given; answers the ids. */
export async function aircraftWithDueItems(
  api: APIRequestContext,
  pilot: Party,
  setup: { aircraft: Record<string, unknown>; hours: number; items: Array<Record<string, unknown>> },
): Promise<{ aircraftId: string; itemIds: string[] }> {
  const plane = await ok(
    'aircraft',
    ROUTES.aircraftAdd,
    api.post('/api/aircraft', { headers: pilot.headers, data: setup.aircraft }),
  );
  await ok(
    'hours',
    ROUTES.aircraftHours,
    api.post(`/api/aircraft/${plane.id}/hours`, {
      headers: pilot.headers,
      data: { hours: setup.hours, date: today(setup.aircraft['homeAirport']) },
    }),
  );
  const itemIds: string[] = [];
  for (const data of setup.items)
    itemIds.push(
      (
        await ok(
          'due item',
          ROUTES.maintenanceItemAdd,
          api.post(`/api/aircraft/${plane.id}/maintenance`, { headers: pilot.headers, data }),
        )
      ).id,
    );
  return { aircraftId: plane.id, itemIds };
}

/**
 * A job ready to complete and sign, from a service request: the mechanic's quote (`bid`, with or
 * without lines), the owner's acceptance (a decision per line when given, else every line
 * approved), then confirmed and started by the mechanic. Answers the appointment.
 */
export async function jobReadyToSign(
  api: APIRequestContext,
  setup: {
    requestId: string;
    pilot: Party;
    mechanic: Party;
    bid: Record<string, unknown>;
    decisions?: Array<'approve' | 'defer' | 'decline'>;
  },
): Promise<{ appointmentId: string }> {
  const quote = await ok(
    'quote',
    ROUTES.requestBid,
    api.post(`/api/enhanced/quotes/${setup.requestId}/bid`, {
      headers: setup.mechanic.headers,
      data: { warrantyPeriod: 90, ...setup.bid },
    }),
  );
  const lines = (quote.lines ?? []) as Array<{ id: string }>;
  const decisions = setup.decisions?.map((decision, i) => ({ lineId: lines[i]!.id, decision }));
  const accepted = await ok(
    'accept',
    ROUTES.requestAccept,
    api.post(`/api/enhanced/quotes/${setup.requestId}/accept`, {
      headers: setup.pilot.headers,
      data: { bidId: quote.id, ...(decisions ? { decisions } : {}) },
    }),
  );
  const appointmentId = accepted.appointment.id as string;
  for (const step of ['confirm', 'start'])
    await ok(
      step,
      step === 'confirm' ? ROUTES.appointmentConfirm : ROUTES.appointmentStart,
      api.post(`/api/appointments/${appointmentId}/${step}`, { headers: setup.mechanic.headers, data: {} }),
    );
  return { appointmentId };
}
