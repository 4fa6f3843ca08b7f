export interface LoadResult {
  requests: number;
  concurrency: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Runs `task` `requests` times with `concurrency` in flight; `task` resolves true when the answer was right. */
export async function load(requests: number, concurrency: number, task: (i: number) => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= requests) return;
        const t0 = performance.now();
        const ok = await task(i).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests,
    concurrency,
    errors,
    seconds,
    perSecond: requests / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
