import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/contract/routes.ts';
import { call } from '../helpers/api.ts';
import { callRoute, detailOf } from '../helpers/call-route.ts';
import { scheduledJob } from '../helpers/marketplace.ts';
import { createUser } from '../helpers/users.ts';

// The route table drives the functions (docs/decisions/0265): a path served under another method
// answers 405 with the methods the table lists for it, and the handler reads its parameters by name.

describe('a method the route table does not list', () => {
  it('is refused with 405, a detail and the Allow of that path, before any sign-in is asked', async () => {
    const cases: Array<[string, string, string]> = [
      ['PATCH', '/api/enhanced/notifications/some-id/read', 'PUT'],
      ['POST', '/api/enhanced/notifications/read-all', 'PUT'],
      ['PUT', '/api/enhanced/mechanic-profile', 'GET, POST'],
      ['PUT', '/api/enhanced/quotes/some-id/bid', 'POST'],
      ['PUT', '/api/appointments/some-id/confirm', 'POST'],
      ['PATCH', '/api/appointments/some-id/complete', 'POST'],
      ['GET', '/api/blog/posts/some-slug/view', 'POST'],
      ['POST', '/api/enhanced/quotes/some-id', 'GET'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await call(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.body, `${method} ${path}`).toEqual({ detail: `Method ${method} not allowed` });
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
    }
  });

  it('keeps the literal path before a parameter: /appointments/mechanic is not an appointment id', async () => {
    const mechanic = await createUser('mechanic', { mechanicStatus: 'approved' });
    const res = await callRoute(ROUTES.appointmentsAssigned, { as: mechanic });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('typed parameters', () => {
  it('hands the handler each named segment, decoded', async () => {
    const { mechanic, appointmentId } = await scheduledJob('KGEG');
    const confirmed = await callRoute(ROUTES.appointmentConfirm, {
      params: { id: appointmentId },
      body: {},
      as: mechanic,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: appointmentId, status: 'confirmed' });
    // An id that is not one (a space, encoded) reaches the handler decoded and is not found.
    const missing = await callRoute(ROUTES.appointmentStart, { params: { id: 'not an id' }, body: {}, as: mechanic });
    expect(missing.status).toBe(404);
    expect(detailOf(missing)).toBeTruthy();
  });
});
