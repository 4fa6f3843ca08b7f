import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

export interface LoadResult {
  requests: number;
  concurrency: number;
  /** Requests that got no HTTP answer (connection refused or reset, timeout). */
  errors: number;
  /** Answers outside 2xx. */
  non2xx: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/**
 * Runs `task` with `concurrency` in flight, until `limit.requests` calls were made or
 * `limit.seconds` have passed. `task` resolves the HTTP status, or throws when there was no answer.
 */
export async function load(
  limit: { requests?: number; seconds?: number },
  concurrency: number,
  task: (client: number, i: number) => Promise<number>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let next = 0;
  const started = performance.now();
  const deadline = limit.seconds === undefined ? Infinity : started + limit.seconds * 1000;
  const maxRequests = limit.requests ?? Infinity;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      for (;;) {
        if (performance.now() >= deadline || next >= maxRequests) return;
        const i = next++;
        const t0 = performance.now();
        try {
          const status = await task(client, i);
          if (status < 200 || status > 299) non2xx += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    concurrency,
    errors,
    non2xx,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** One HTTP load run: `{i}` in the body is replaced by the request's number. */
export interface HttpLoadSpec {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  concurrency: number;
  requests?: number;
  seconds?: number;
  /** Per-request timeout, ms. */
  timeoutMs?: number;
  /** Each client connects from its own loopback address (127.0.0.2, .3, ...): distinct visitors. */
  distinctClients?: boolean;
}

/**
 * Runs an HTTP load from a separate Node process, as an outside load generator would, so the
 * server's event loop in this process is not also generating the load.
 */
export async function httpLoad(spec: HttpLoadSpec): Promise<LoadResult> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'http-load-child.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stdin.end(JSON.stringify(spec));
  await once(child, 'close');
  return JSON.parse(out.trim().split('\n').at(-1) ?? 'null') as LoadResult;
}
