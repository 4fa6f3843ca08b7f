/**
 * Routing of `netlify/functions/*.ts` by their own `config`, as Netlify routes a deploy: a request
 * goes to the function whose `config.path` matches its path (and whose `config.method`, when set,
 * lists its method); a function with `config.schedule` has no path and runs on its schedule.
 *
 * Used by the warm local server (scripts/lib/warm-functions.ts) and by the API tests
 * (tests/helpers/api.ts), so both route exactly alike. Exact paths are looked up in a Map; only
 * paths with parameters are tried as `URLPattern`s (most calls never reach a pattern).
 */

/** What Netlify passes a function beside the request: the parts this product reads. */
export interface FunctionCallContext {
  ip: string;
  params: Record<string, string>;
  requestId: string;
}

export type FunctionHandler = (req: Request, context: FunctionCallContext) => Promise<Response> | Response;

export interface FunctionModule {
  default: FunctionHandler;
  config?: { path?: string | string[]; method?: string | string[]; schedule?: string };
}

export interface LoadedFunction {
  /** The file's name without `.ts`, as Netlify names the function. */
  name: string;
  module: FunctionModule;
}

export interface RouteMatch {
  fn: LoadedFunction;
  params: Record<string, string>;
}

interface Route {
  fn: LoadedFunction;
  methods: Set<string> | null;
}

interface PatternRoute extends Route {
  pattern: URLPattern;
  wildcard: boolean;
  /** The literal start of the path, up to the last `/` before its first parameter: a path that
   * does not start with it cannot match, and is not tried against the pattern (URLPattern's
   * `exec` was a second of the local server's CPU in 38 browser tests, tried for every page and asset). */
  literalStart: string;
}

const methodsOf = (config: FunctionModule['config']): Set<string> | null => {
  if (!config?.method) return null;
  return new Set([config.method].flat().map((m) => m.toUpperCase()));
};

const hasParameters = (path: string) => /[:*(){}]/.test(path);

/** `/api/calendar/:token.ics` → `/api/calendar`: the part every matching path begins with. */
const literalStartOf = (path: string) => {
  const literal = path.slice(0, path.search(/[:*(){}?+\\]/));
  return literal.slice(0, literal.lastIndexOf('/'));
};

export class FunctionRouter {
  readonly #exact = new Map<string, Route[]>();
  readonly #patterns: PatternRoute[] = [];
  readonly scheduled: LoadedFunction[] = [];

  constructor(functions: LoadedFunction[]) {
    for (const fn of functions) {
      const { config } = fn.module;
      if (config?.schedule) this.scheduled.push(fn);
      const methods = methodsOf(config);
      for (const path of config?.path === undefined ? [] : [config.path].flat()) {
        if (hasParameters(path)) {
          this.#patterns.push({
            fn,
            methods,
            pattern: new URLPattern({ pathname: path }),
            wildcard: path.includes('*'),
            literalStart: literalStartOf(path),
          });
        } else {
          const routes = this.#exact.get(path) ?? [];
          routes.push({ fn, methods });
          this.#exact.set(path, routes);
        }
      }
    }
    // A catch-all (`/api/*`) must not shadow a named route that also matches.
    this.#patterns.sort((a, b) => Number(a.wildcard) - Number(b.wildcard));
  }

  /**
   * The function that serves this method and path, or null. `pathname` is the URL's path as sent
   * (percent-encoded) and parameters come back as matched, undecoded, as Netlify passes them.
   */
  match(method: string, pathname: string): RouteMatch | null {
    const allows = (route: Route) => route.methods === null || route.methods.has(method);
    const exact = this.#exact.get(pathname)?.find(allows);
    if (exact) return { fn: exact.fn, params: {} };
    for (const route of this.#patterns) {
      if (!allows(route) || !pathname.startsWith(route.literalStart)) continue;
      const result = route.pattern.exec({ pathname });
      if (!result) continue;
      const params = Object.fromEntries(
        Object.entries(result.pathname.groups).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      return { fn: route.fn, params };
    }
    return null;
  }
}
