import type { HttpMethod, ParamNames, RouteSpec } from '../../contract/routes.ts';

/** The `:name` values of a route's path, by name, as the handler of that route reads them. */
export type ParamsOf<R extends RouteSpec> = { readonly [K in ParamNames<R['path']>]: string };

/** A request's path split into segments, without a trailing slash; null when an escape does not decode. */
export function pathSegments(pathname: string): string[] {
  return pathname.replace(/\/+$/, '').split('/').slice(1);
}

/**
 * The route's `:name` segments read from `segments` (each decoded), or null when the path is not
 * this route's. A literal segment must be equal; a `:name` segment takes any one non-empty segment,
 * and `:name.ext` one that ends in `.ext` with something before it (the name is what precedes it).
 */
export function matchRoute(route: RouteSpec, segments: readonly string[]): Record<string, string> | null {
  const pattern = route.path.split('/').slice(1);
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i]!;
    if (part.startsWith(':')) {
      const dot = part.indexOf('.');
      const suffix = dot === -1 ? '' : part.slice(dot);
      if (segment.length <= suffix.length || !segment.endsWith(suffix)) return null;
      params[part.slice(1, dot === -1 ? undefined : dot)] = decodeURIComponent(
        segment.slice(0, segment.length - suffix.length),
      );
    } else if (part !== segment) return null;
  }
  return params;
}

/** How many literal segments a route's path has: `/quotes/user` is chosen over `/quotes/:id`. */
export function literalSegments(route: RouteSpec): number {
  return route.path.split('/').filter((part) => part !== '' && !part.startsWith(':')).length;
}

export interface RouteChoice<T extends { route: RouteSpec }> {
  /** The entry serving this method at this path, when one does. */
  served?: T;
  params: Record<string, string>;
  /** Every method listed for this path (the `Allow` of a 405); empty when no route has this path. */
  allow: HttpMethod[];
}

/**
 * The entry whose route has the request's path and method. Among routes with the path, the most
 * literal wins (`/api/appointments/mechanic` before `/api/appointments/:id`).
 */
export function chooseRoute<T extends { route: RouteSpec }>(
  entries: readonly T[],
  method: string,
  pathname: string,
): RouteChoice<T> {
  const segments = pathSegments(pathname);
  const matches = entries
    .map((entry) => ({ entry, params: matchRoute(entry.route, segments) }))
    .filter((m): m is { entry: T; params: Record<string, string> } => m.params !== null);
  const best = Math.max(...matches.map((m) => literalSegments(m.entry.route)));
  const atPath = matches.filter((m) => literalSegments(m.entry.route) === best);
  const hit = atPath.find((m) => m.entry.route.method === method);
  return {
    ...(hit ? { served: hit.entry } : {}),
    params: hit?.params ?? {},
    allow: [...new Set(atPath.map((m) => m.entry.route.method))],
  };
}
