import { gzipSync } from 'node:zlib';

export interface IslandWeight {
  component: string;
  /** gzip bytes of the island's module and every module it imports statically (shared ones included). */
  gzipBytes: number;
  hydrate: string;
}

export interface PageWeight {
  path: string;
  htmlGzip: number;
  cssGzip: number;
  /** Scripts that run at load whatever the user does (inline and module scripts outside islands). */
  eagerJsGzip: number;
  islands: IslandWeight[];
  /** All island modules together, each counted once. */
  islandsJsGzip: number;
}

const gz = (text: string) => gzipSync(Buffer.from(text)).length;

const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;

async function moduleClosure(base: string, entry: string, cache: Map<string, string>): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [new URL(entry, base).href];
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    let text = cache.get(url);
    if (text === undefined) {
      text = await (await fetch(url)).text();
      cache.set(url, text);
    }
    for (const match of text.matchAll(STATIC_IMPORT)) queue.push(new URL(match[1]!, url).href);
  }
  return seen;
}

/** What a browser downloads for a page before and after its islands hydrate, gzip-compressed. */
export async function measurePage(origin: string, path: string): Promise<PageWeight> {
  const html = await (await fetch(origin + path)).text();
  const cache = new Map<string, string>();
  let cssGzip = 0;
  for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    cssGzip += gz(await (await fetch(new URL(m[1]!, origin + path))).text());
  }
  for (const m of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) cssGzip += gz(m[1]!);

  let eagerJsGzip = 0;
  for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1]!;
    if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
    const src = /src="([^"]+)"/.exec(attrs)?.[1];
    if (src) {
      for (const url of await moduleClosure(origin + path, src, cache)) eagerJsGzip += gz(cache.get(url)!);
    } else {
      eagerJsGzip += gz(m[2]!);
    }
  }

  const islands: IslandWeight[] = [];
  const union = new Set<string>();
  for (const m of html.matchAll(/<astro-island([^>]*)>/g)) {
    const attrs = m[1]!;
    const componentUrl = /component-url="([^"]+)"/.exec(attrs)?.[1];
    const rendererUrl = /renderer-url="([^"]+)"/.exec(attrs)?.[1];
    const name = /component-export="([^"]+)"/.exec(attrs)?.[1];
    const hydrate = /client="([^"]+)"/.exec(attrs)?.[1] ?? '?';
    if (!componentUrl) continue;
    const closure = new Set<string>();
    for (const entry of [componentUrl, rendererUrl].filter((x): x is string => !!x)) {
      for (const url of await moduleClosure(origin + path, entry, cache)) closure.add(url);
    }
    closure.forEach((u) => union.add(u));
    const file = componentUrl.split('/').pop() ?? componentUrl;
    islands.push({
      component: name && name !== 'default' ? `${file} (${name})` : file,
      gzipBytes: [...closure].reduce((n, u) => n + gz(cache.get(u)!), 0),
      hydrate,
    });
  }
  return {
    path,
    htmlGzip: gz(html),
    cssGzip,
    eagerJsGzip,
    islands,
    islandsJsGzip: [...union].reduce((n, u) => n + gz(cache.get(u)!), 0),
  };
}
