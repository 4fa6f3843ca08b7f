import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './paths.ts';
import { socketAddress } from './warm-functions.ts';

/** What `astro build` writes for Netlify: the function that renders the on-demand pages. */
export const SSR_FUNCTION = path.join(ROOT, '.netlify/v1/functions/ssr/ssr.mjs');

type SsrHandler = (
  request: Request,
  context: { ip: string; requestId: string; params: Record<string, string> },
) => Promise<Response>;

/**
 * The pages rendered on demand (the blog), served as Netlify serves them: by the Astro adapter's
 * SSR function, the very file a deploy uploads, loaded once and kept warm like the product's own
 * functions. Netlify routes it at `/*` with `preferStatic`, so it answers only what neither a
 * function nor a static file (nor a redirect) serves; `serve.ts` asks it in that order.
 * docs/decisions/0033-blog-on-demand.md.
 */
export class WarmSsr {
  readonly #handler: SsrHandler;

  private constructor(handler: SsrHandler) {
    this.#handler = handler;
  }

  /** Null when the build has no on-demand pages (no SSR function written). */
  static async load(file = SSR_FUNCTION): Promise<WarmSsr | null> {
    if (!existsSync(file)) return null;
    const module = (await import(pathToFileURL(file).href)) as { default: SsrHandler };
    return new WarmSsr(module.default);
  }

  /** The on-demand pages take no request body: a write to an unknown /api address is passed on without it. */
  async handle(req: IncomingMessage, origin: string): Promise<Response> {
    const ip = socketAddress(req);
    const requestId = randomUUID();
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const v of [value].flat()) headers.append(name, v);
    }
    headers.set('x-nf-request-id', requestId);
    headers.set('x-nf-client-connection-ip', ip);
    headers.set('x-forwarded-for', ip);
    const method = req.method === 'HEAD' || (req.url ?? '').startsWith('/api/') ? (req.method ?? 'GET') : 'GET';
    return this.#handler(new Request(new URL(req.url ?? '/', origin), { method, headers }), {
      ip,
      requestId,
      params: {},
    });
  }
}
