import { listFunctions } from '@netlify/zip-it-and-ship-it';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, pathOf } from '../../src/contract/routes.ts';

const dir = path.resolve(import.meta.dirname, '../../netlify/functions');

/** A route's path with every `:name` filled with a sample value. */
const sample = (p: string) => p.replace(/:([A-Za-z]+)/g, (_, name: string) => `sample-${name}`);

// Reading every function's config parses ~45 files: slow on a busy machine, so one read and room.
let functions: Awaited<ReturnType<typeof listFunctions>> = [];
beforeAll(async () => {
  functions = await listFunctions([dir], { parseISC: true });
}, 60_000);

describe('the route table (src/contract/routes.ts)', () => {
  it('is what the functions serve: every route has a function, every function path a route', () => {
    const served = functions.flatMap((fn) => {
      const { routes = [] } = fn as { routes?: Array<{ pattern?: string; path?: string }> };
      return routes.map((r) => ({
        fn: fn.name,
        pattern: new URLPattern({ pathname: r.pattern ?? r.path ?? '' }),
        raw: r.pattern ?? r.path,
      }));
    });
    for (const [name, route] of Object.entries(ROUTES)) {
      const match = served.find((s) => s.pattern.test({ pathname: sample(route.path) }));
      expect(match, `${name} (${route.method} ${route.path}) is served by no function`).toBeDefined();
    }
    const tablePaths = Object.values(ROUTES).map((r) => sample(r.path));
    for (const s of served) {
      expect(
        tablePaths.some((p) => s.pattern.test({ pathname: p })),
        `${s.fn}: ${s.raw} has no route in the table`,
      ).toBe(true);
    }
  });

  it('is how every HTTP function answers (reply, checked against the table)', () => {
    for (const fn of functions) {
      if ((fn as { schedule?: string }).schedule) continue;
      const source = readFileSync(path.join(dir, `${fn.name}.ts`), 'utf8');
      const answersThroughTable = /\breply(?:With)?\(\s*ROUTES\./.test(source);
      expect(answersThroughTable, `${fn.name} does not answer through reply(ROUTES.…)`).toBe(true);
    }
  });

  it('fills path parameters, encoded, and appends the query', () => {
    expect(pathOf(ROUTES.requestBid, { params: { id: 'a b' } })).toBe('/api/enhanced/quotes/a%20b/bid');
    expect(pathOf(ROUTES.adminOutbox, { query: { page: 2, status: undefined } })).toBe('/api/admin/outbox?page=2');
    expect(() => pathOf(ROUTES.requestBid)).toThrow(/missing id/);
  });
});

describe('what each function accepts', () => {
  // Every function's handler, loaded as the API tests load them, with the methods and routes
  // withApi recorded for it (src/server/http/with-api.ts).
  interface FunctionExports {
    default: { methods?: readonly string[]; routes?: ReadonlyArray<{ method: string; path: string }> };
    config?: { path?: string | string[]; schedule?: string };
  }
  // `tsc` types an eager glob's values as unknown here: the entries are named for what they are.
  const modules = Object.entries(import.meta.glob('../../netlify/functions/*.ts', { eager: true })) as Array<
    [string, FunctionExports]
  >;

  it('is a method the route table lists for one of its paths, and every route it serves is one of its paths', () => {
    const table = Object.values(ROUTES);
    for (const [file, module] of modules) {
      if (module.config?.schedule || !module.default.methods) continue;
      const paths = [module.config?.path ?? []].flat().map((p) => new URLPattern({ pathname: p }));
      const atPaths = table.filter((r) => paths.some((p) => p.test({ pathname: sample(r.path) })));
      for (const method of module.default.methods) {
        expect(
          atPaths.some((r) => r.method === method),
          `${file} accepts ${method}, which the table lists for none of its paths`,
        ).toBe(true);
      }
      for (const route of module.default.routes ?? []) {
        expect(
          paths.some((p) => p.test({ pathname: sample(route.path) })),
          `${file} serves ${route.method} ${route.path} outside its config.path`,
        ).toBe(true);
      }
    }
  });
});
