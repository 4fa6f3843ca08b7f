// Run by Deno, not Node (scripts/deploy-rehearse.ts starts it): the deploy's edge bundle in front of
// `netlify serve`, as Netlify's edge runs it in front of the origin. Netlify's local edge runtime
// fetches its bootstrap from edge.netlify.com when it starts, which an offline machine cannot
// (docs/decisions/0371); everything else here is the build's own output. Arguments: the folder the
// bundle's modules were extracted to (with the edge bundler's own eszip tool), the bundle's
// manifest.json, the port to listen on, the origin (netlify serve) that `context.next()` asks, and
// the port of the purge API (its token in NETLIFY_PURGE_API_TOKEN, as the functions get it).
// It also stands in for Netlify's CDN, which `netlify serve` does not have (scripts/lib/edge-cdn.ts).
import { Cdn } from './edge-cdn.ts';

declare const Deno: {
  args: string[];
  env: { get(name: string): string | undefined };
  readTextFile(path: string): Promise<string>;
  serve(
    options: { port: number; hostname: string; onListen?: (address: unknown) => void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

interface Manifest {
  routes: Array<{ function: string; pattern: string; excluded_patterns?: string[]; methods?: string[] }>;
  function_config?: Record<string, { excluded_patterns?: string[] }>;
}
type EdgeFunction = (request: Request, context: { next(): Promise<Response> }) => Promise<Response> | Response;

const [sourceDir, manifestPath, port, originUrl, purgePort] = Deno.args as [string, string, string, string, string];
const manifest = JSON.parse(await Deno.readTextFile(manifestPath)) as Manifest;
const importMap = JSON.parse(await Deno.readTextFile(`${sourceDir}/import_map.json`)) as {
  imports: Record<string, string>;
};

type Config = { path?: string | string[]; excludedPath?: string | string[]; method?: string | string[] };
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

interface Route {
  name: string;
  matches(pathname: string): boolean;
  methods?: string[] | undefined;
}
const routes: Route[] = [];
const functions = new Map<string, EdgeFunction>();
/** Every function of the bundle, found by its file name under netlify/edge-functions. */
for (const specifier of Object.keys(importMap.imports)) {
  const name = /\/netlify\/edge-functions\/([^/]+?)(?:\/index)?\.[jt]sx?$/.exec(specifier)?.[1];
  if (!name) continue;
  const module = (await import(new URL(importMap.imports[specifier]!, `file://${sourceDir}/`).href)) as {
    default: EdgeFunction;
    config?: Config;
  };
  functions.set(name, module.default);
  const declared = manifest.routes.filter((r) => r.function === name);
  if (declared.length) {
    for (const route of declared) {
      const pattern = new RegExp(route.pattern);
      const excluded = [
        ...(route.excluded_patterns ?? []),
        ...(manifest.function_config?.[name]?.excluded_patterns ?? []),
      ].map((p) => new RegExp(p));
      routes.push({
        name,
        methods: route.methods,
        matches: (p) => pattern.test(p) && !excluded.some((e) => e.test(p)),
      });
    }
  } else {
    // The manifest has no route when the build could not read the function's inline config
    // (offline, docs/decisions/0371): the routes come from the same module's exported config,
    // matched as Netlify matches a `path` (URLPattern).
    const paths = list(module.config?.path).map((pathname) => new URLPattern({ pathname }));
    const excluded = list(module.config?.excludedPath).map((pathname) => new URLPattern({ pathname }));
    const methods = list(module.config?.method);
    console.log(`edge function ${name}: routes from its inline config (${list(module.config?.path).join(', ')})`);
    routes.push({
      name,
      methods: methods.length ? methods : undefined,
      matches: (p) => paths.some((u) => u.test({ pathname: p })) && !excluded.some((u) => u.test({ pathname: p })),
    });
  }
}

const cdn = new Cdn();

/**
 * The origin's answer, as Netlify's edge asks for it: from the CDN when it keeps it, else the same
 * request, marked as passed through (netlify serve then skips its own edge step), uncompressed so
 * the body can be read and rewritten, and kept by the CDN when its headers say so.
 */
async function fromOrigin(request: Request, body: ArrayBuffer | null): Promise<Response> {
  const kept = cdn.lookup(request);
  if (kept) return kept;
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set('x-nf-passthrough', 'passthrough');
  headers.set('accept-encoding', 'identity');
  const res = await fetch(new URL(url.pathname + url.search, originUrl), {
    method: request.method,
    headers,
    body,
    redirect: 'manual',
  });
  const out = new Headers(res.headers);
  out.delete('content-encoding');
  out.delete('content-length');
  return cdn.store(request, new Response(res.body, { status: res.status, statusText: res.statusText, headers: out }));
}

/**
 * Netlify's purge API (`POST /api/v1/purge`, what `purgeCache` from @netlify/functions calls, here
 * at NETLIFY_API_BASE): the bearer token the functions were given, then the tags to drop.
 */
const purgeToken = Deno.env.get('NETLIFY_PURGE_API_TOKEN');
Deno.serve(
  { port: Number(purgePort), hostname: '127.0.0.1', onListen: () => console.log(`purge API on ${purgePort}`) },
  async (request) => {
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/api/v1/purge')
      return new Response('Not found', { status: 404 });
    if (!purgeToken || request.headers.get('authorization') !== `Bearer ${purgeToken}`)
      return new Response('Unauthorized', { status: 401 });
    const { cache_tags: tags = [] } = (await request.json().catch(() => ({}))) as { cache_tags?: string[] };
    const dropped = cdn.purge(tags);
    console.log(`CDN purge (${tags.join(', ') || 'everything'}): ${dropped} dropped`);
    return new Response(null, { status: 202 });
  },
);

Deno.serve(
  { port: Number(port), hostname: '127.0.0.1', onListen: () => console.log(`edge bundle under Deno on ${port}`) },
  async (request) => {
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
    const { pathname } = new URL(request.url);
    const route = routes.find((r) => r.matches(pathname) && (!r.methods || r.methods.includes(request.method)));
    if (!route) return fromOrigin(request, body);
    try {
      return await functions.get(route.name)!(request, { next: () => fromOrigin(request, body) });
    } catch (error) {
      console.error(`edge function ${route.name} failed:`, error);
      return new Response('Edge function failed', { status: 500 });
    }
  },
);

export {};
