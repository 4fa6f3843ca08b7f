import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteSpec } from '../../src/contract/routes.ts';
import { call, type ApiResult } from '../helpers/api.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createUser } from '../helpers/users.ts';

// Every route of the table, called the way a careless or hostile client would: signed out, and as
// each role, with path ids that do not exist or are not ids, and with bodies that are not what
// the route reads. Whatever the route, the answer is a clear 4xx `{ detail }` (or a success where
// the input happens to be acceptable), never a 500: a crash loses the user's context and hides the
// reason. Its own database: an administrator's empty body may act on whole tables.

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const NOT_AN_ID = 'not-an-id';

/** The route's path with every parameter set to `value`. */
const fill = (path: string, value: string) => path.replace(/:([A-Za-z]+)/g, value);

/** Bodies a careless client sends: none, an empty object, wrong types, a list, and not JSON. */
const BODIES: Array<{ name: string; body?: unknown; rawBody?: string; json?: boolean }> = [
  { name: 'no body' },
  { name: 'an empty object', body: {} },
  {
    name: 'wrong types',
    body: { id: 7, email: 42, amount: 'lots', start: 'someday', items: 'x', decisions: 3, status: [] },
  },
  { name: 'a list', body: [1, 2, 3] },
  { name: 'not JSON', rawBody: '{"unterminated": ', json: true },
];

const routes = Object.entries(ROUTES as Record<string, RouteSpec>);

/**
 * Routes that answer 503 while the service they need is not set up: Stripe's webhook cannot check
 * a signature without the Stripe key, and a 503 makes Stripe retry the event once it is added.
 */
const UNAVAILABLE_UNTIL_CONFIGURED = new Set(['paymentsWebhook']);

/** What is wrong with one answer, or null when it is a clear answer. */
function problem(name: string, res: ApiResult): string | null {
  if (res.status === 503 && UNAVAILABLE_UNTIL_CONFIGURED.has(name) && (res.body as { detail?: string }).detail)
    return null;
  if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 200)}`;
  if (res.status >= 400) {
    const detail = (res.body as { detail?: unknown } | null)?.detail;
    if (typeof detail !== 'string' || detail.length === 0)
      return `answered ${res.status} without a detail: ${res.text.slice(0, 200)}`;
  }
  return null;
}

describe('every route of the table, with bad input', { timeout: 600_000 }, () => {
  const tokens: Record<string, string | undefined> = { 'signed out': undefined };

  beforeAll(async () => {
    await useIsolatedDatabase();
    for (const role of ['pilot', 'mechanic', 'admin'] as const) tokens[role] = (await createUser(role)).token;
  }, 120_000);

  it('answers a clear 4xx (or a success), never a 500, as anyone, for ids that do not exist or are not ids', async () => {
    const failures: string[] = [];
    for (const [name, route] of routes) {
      for (const [who, token] of Object.entries(tokens)) {
        for (const id of [NO_SUCH_ID, NOT_AN_ID]) {
          if (id === NOT_AN_ID && !route.path.includes(':')) continue;
          const path = fill(route.path, id);
          const res = await call(route.method, path, { ...(token ? { token } : {}) });
          const wrong = problem(name, res);
          if (wrong) failures.push(`${name} ${route.method} ${path} as ${who}: ${wrong}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a clear 4xx (or a success), never a 500, to bodies that are not what the route reads', async () => {
    const failures: string[] = [];
    for (const [name, route] of routes) {
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      for (const [who, token] of Object.entries(tokens)) {
        if (!token) continue; // signed out: the first test
        for (const variant of BODIES) {
          const path = fill(route.path, NO_SUCH_ID);
          const res = await call(route.method, path, {
            ...(token ? { token } : {}),
            ...(variant.body !== undefined ? { body: variant.body } : {}),
            ...(variant.rawBody !== undefined
              ? { rawBody: variant.rawBody, headers: { 'content-type': 'application/json' } }
              : {}),
          });
          const wrong = problem(name, res);
          if (wrong) failures.push(`${name} ${route.method} ${path} as ${who} with ${variant.name}: ${wrong}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
