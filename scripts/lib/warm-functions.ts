import { CronExpressionParser } from 'cron-parser';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FunctionRouter, type FunctionModule, type LoadedFunction } from './function-routes.ts';
import { ROOT } from './paths.ts';

/**
 * The product's functions as a deployed instance runs them: each `netlify/functions/*.ts` module
 * imported once (Node strips the types) and reused for every request, routed by its own `config`.
 * See docs/decisions/0007-warm-local-functions.md for why the local server does not go through
 * the emulator's per-request bundling.
 */

export const FUNCTIONS_DIR = path.join(ROOT, 'netlify/functions');

/** Netlify buffers at most 6 MB of request body for a function; larger requests never reach it. */
export const MAX_FUNCTION_BODY_BYTES = 6 * 1024 * 1024;

export async function loadFunctions(dir = FUNCTIONS_DIR): Promise<LoadedFunction[]> {
  const files = readdirSync(dir)
    .filter((f) => /\.(ts|mts|js|mjs)$/.test(f))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const module = (await import(pathToFileURL(path.join(dir, file)).href)) as FunctionModule;
      if (typeof module.default !== 'function') throw new Error(`netlify/functions/${file} has no default export`);
      return { name: file.replace(/\.[mc]?[jt]s$/, ''), module };
    }),
  );
}

/** The client's address as the platform reports it: the socket's, never a header the client sent. */
export function socketAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

const jsonError = (status: number, detail: string) =>
  new Response(JSON.stringify({ detail }), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FUNCTION_BODY_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export class WarmFunctions {
  readonly router: FunctionRouter;
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #running = new Set<Promise<unknown>>();

  constructor(functions: LoadedFunction[]) {
    this.router = new FunctionRouter(functions);
  }

  static async load(dir = FUNCTIONS_DIR): Promise<WarmFunctions> {
    return new WarmFunctions(await loadFunctions(dir));
  }

  /**
   * Answers the request when a function serves its path and method; null hands it on (static
   * files, redirects, the 404 page). The body reaches the function byte for byte.
   */
  async handle(req: IncomingMessage, origin: string): Promise<Response | null> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', origin);
    const scheduled = method === 'POST' ? this.#scheduledAt(url.pathname) : undefined;
    if (scheduled) return this.#track(this.runScheduled(scheduled));
    const match = this.router.match(method, url.pathname);
    if (!match) return null;

    const requestId = randomUUID();
    const ip = socketAddress(req);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const v of [value].flat()) headers.append(name, v);
    }
    // What Netlify's edge sets on every function request, whatever the client claimed.
    headers.set('x-nf-request-id', requestId);
    headers.set('x-nf-client-connection-ip', ip);
    headers.set('x-forwarded-for', ip);

    let body: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      const read = await readBody(req);
      if (read === 'too-large') return jsonError(413, 'The request body is larger than 6 MB.');
      body = read;
    }
    const request = new Request(url, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) });
    return this.#track(Promise.resolve(match.fn.module.default(request, { ip, params: match.params, requestId })));
  }

  /** Runs every scheduled function on its cron schedule (in UTC, as Netlify does) until stopped. */
  startSchedules(log: (line: string) => void = console.log): void {
    for (const fn of this.router.scheduled) this.#scheduleNext(fn, log);
  }

  #scheduleNext(fn: LoadedFunction, log: (line: string) => void): void {
    const schedule = fn.module.config!.schedule!;
    const next = CronExpressionParser.parse(schedule, { tz: 'UTC' }).next().toDate();
    const timer = setTimeout(
      () => {
        void this.#track(this.runScheduled(fn, next))
          .catch((error: unknown) =>
            log(`scheduled function ${fn.name} failed: ${error instanceof Error ? error.stack : String(error)}`),
          )
          .finally(() => this.#scheduleNext(fn, log));
      },
      Math.max(0, next.getTime() - Date.now()),
    );
    timer.unref();
    this.#timers.push(timer);
  }

  /**
   * A scheduled function asked for by name, as `netlify dev` runs one on request
   * (`netlify functions:invoke`, a POST to `/.netlify/functions/<name>`): browser tests run the
   * message digest or the outbox now instead of waiting for the next minute. Only here: a deploy
   * serves no URL for scheduled functions.
   */
  #scheduledAt(pathname: string): LoadedFunction | undefined {
    const name = /^\/\.netlify\/functions\/([\w-]+)$/.exec(pathname)?.[1];
    return name ? this.router.scheduled.find((fn) => fn.name === name) : undefined;
  }

  /** One scheduled invocation, with the body Netlify sends (`{ next_run }`). */
  async runScheduled(fn: LoadedFunction, at = new Date()): Promise<Response> {
    const schedule = fn.module.config?.schedule;
    const nextRun = schedule
      ? CronExpressionParser.parse(schedule, { tz: 'UTC', currentDate: at }).next().toDate()
      : at;
    const request = new Request(`http://localhost/.netlify/functions/${fn.name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-nf-event': 'schedule' },
      body: JSON.stringify({ next_run: nextRun.toISOString() }),
    });
    return fn.module.default(request, { ip: '127.0.0.1', params: {}, requestId: randomUUID() });
  }

  #track<T>(promise: Promise<T>): Promise<T> {
    this.#running.add(promise);
    void promise.finally(() => this.#running.delete(promise)).catch(() => {});
    return promise;
  }

  /** Stops the schedules and waits for calls under way (so the database is not pulled from under them). */
  async stop(): Promise<void> {
    for (const timer of this.#timers.splice(0)) clearTimeout(timer);
    await Promise.allSettled([...this.#running]);
  }
}
