import type { OutputOf, ParamNames, RouteSpec } from '../contract/routes.ts';

type Params<P extends string> = [ParamNames<P>] extends [never] ? Record<string, never> : Record<ParamNames<P>, string>;

/**
 * A GET of one route of the table (src/contract/routes.ts) for the public pages' small scripts:
 * the path must be the route's own (another string fails the typecheck) and the answer has the
 * route's output type, while the page ships no schema and no client (the blog's script budgets are
 * a few kilobytes). The dashboards use `call()` from api-client.ts.
 */
export async function getRoute<R extends RouteSpec>(
  path: R['path'],
  params: Params<R['path']>,
  options: { query?: URLSearchParams; token?: string } = {},
): Promise<OutputOf<R>> {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name] ?? ''),
  );
  const query = options.query?.toString();
  const res = await fetch(query ? `${filled}?${query}` : filled, {
    headers: { Accept: 'application/json', ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}) },
  });
  if (!res.ok) throw new Error(`${filled} answered ${res.status}`);
  return (await res.json()) as OutputOf<R>;
}
