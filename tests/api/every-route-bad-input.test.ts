import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/contract/roles.ts';
import { ROUTES, type Access, type RouteSpec } from '../../src/contract/routes.ts';
import { call, type ApiResult } from '../helpers/api.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
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
 * a signature without the Stripe key (a 503 makes Stripe retry the event once it is added), and a
 * mechanic cannot start payouts before an administrator has added it.
 */
const UNAVAILABLE_UNTIL_CONFIGURED = new Set(['paymentsWebhook', 'paymentsConnectStart']);

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
  let blobs: TestBlobs;
  beforeAll(async () => {
    await useIsolatedDatabase();
    blobs = await startTestBlobs(); // documents and uploads keep their files there
  }, 120_000);
  afterAll(async () => {
    await blobs?.stop();
  });

  const WHO = ['signed out', 'pilot', 'mechanic', 'admin'] as const;
  /**
   * A fresh account of the role for each call: a route may end the caller's sessions (sign-out,
   * sign-out everywhere, a password change), and the next call must still be made signed in.
   */
  async function tokenOf(who: (typeof WHO)[number]): Promise<{ token?: string }> {
    return who === 'signed out' ? {} : { token: (await createUser(who)).token };
  }

  /** The roles a route's `access` names, or null when it names none (public or any signed-in user). */
  const named = (access: Access): readonly Role[] | null =>
    typeof access === 'string' ? null : 'roles' in access ? access.roles : access.job;

  it('asks for a sign-in on every route the table does not call public, and on none it does', async () => {
    // The table says who may call (docs/decisions/0430): signing up and in, password resets, the
    // public forms, the blog and site settings the public pages read, health, a calendar feed
    // behind its secret token and Stripe's webhook behind its signature are public there.
    const wrong: string[] = [];
    for (const [name, route] of routes) {
      const res = await call(route.method, fill(route.path, NO_SUCH_ID));
      const expected = route.access === 'public' ? 'not 401' : 401;
      if ((res.status === 401) !== (expected === 401))
        wrong.push(`${name} answered ${res.status}, expected ${expected}`);
      else if (res.status === 401) expect((res.body as { detail?: string }).detail).toBe('Authentication required');
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the console to administrators in the table', () => {
    // A console route opened to others in the table would pass the sweep below: the path says it.
    const consoleRoutes = routes.filter(
      ([name, route]) =>
        route.path.startsWith('/api/admin/') ||
        route.path.startsWith('/api/blog/admin/') ||
        name === 'quotesForAdmin' ||
        name === 'leadsForAdmin',
    );
    expect(consoleRoutes.length).toBeGreaterThan(50);
    const open = consoleRoutes.filter(([, route]) => named(route.access)?.join() !== 'admin').map(([name]) => name);
    expect(open).toEqual([]);
  });

  it('refuses (403) every role a route does not name, and a mechanic not approved on a job route', async () => {
    const limited = routes.filter(([, route]) => named(route.access) !== null);
    expect(limited.length).toBeGreaterThan(100);
    const letIn: string[] = [];
    for (const [name, route] of limited) {
      const roles = named(route.access) ?? [];
      for (const who of ROLES.filter((role) => !roles.includes(role))) {
        const res = await call(route.method, fill(route.path, NO_SUCH_ID), await tokenOf(who));
        const detail = (res.body as { detail?: string } | null)?.detail;
        if (res.status !== 403 || detail !== `This requires the ${roles.join(' or ')} role`)
          letIn.push(`${name} as ${who}: ${res.status} ${detail}`);
      }
      if (typeof route.access === 'object' && 'job' in route.access && roles.includes('mechanic')) {
        const pending = await createUser('mechanic', { mechanicStatus: 'pending' });
        const res = await call(route.method, fill(route.path, NO_SUCH_ID), { token: pending.token });
        if (res.status !== 403) letIn.push(`${name} as a mechanic not approved: ${res.status}`);
      }
    }
    expect(letIn).toEqual([]);
  });

  it('answers a clear 4xx (or a success), never a 500, as anyone, for ids that do not exist or are not ids', async () => {
    const failures: string[] = [];
    for (const [name, route] of routes) {
      for (const who of WHO) {
        for (const id of [NO_SUCH_ID, NOT_AN_ID]) {
          if (id === NOT_AN_ID && !route.path.includes(':')) continue;
          const path = fill(route.path, id);
          const res = await call(route.method, path, await tokenOf(who));
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
      for (const who of WHO) {
        if (who === 'signed out') continue; // the test above
        for (const variant of BODIES) {
          const path = fill(route.path, NO_SUCH_ID);
          const res = await call(route.method, path, {
            ...(await tokenOf(who)),
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
