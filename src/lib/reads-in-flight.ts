/**
 * The site's API calls in flight in this page, so that work nobody asked for yet (the code of tabs
 * not open) waits until the screen's own reads are answered. Over HTTP/1.1 a browser opens six
 * connections to a host: two dozen prefetched chunks queued ahead of a dashboard's second wave of
 * reads put 250-300 ms between the sign-in answer and a usable screen (bench/dashboards.ts).
 */
let inFlight = 0;
let quietSince = 0;
const listeners = new Set<() => void>();

/** Counts `call` as in flight until it settles. */
export async function tracked<T>(call: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await call();
  } finally {
    inFlight -= 1;
    if (inFlight === 0) {
      quietSince = performance.now();
      for (const listener of [...listeners]) listener();
    }
  }
}

/**
 * Runs `work` once no call has been in flight for `quietMs` (a screen that renders after its first
 * reads starts its next ones within that time), or after `maxWaitMs` whatever happens. Answers a
 * function that cancels it if still waiting.
 */
export function afterReadsQuiet(work: () => void, quietMs = 300, maxWaitMs = 3_000): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finish = () => {
    if (done) return;
    done = true;
    cancel();
    work();
  };
  const check = () => {
    if (timer !== undefined) clearTimeout(timer);
    if (inFlight > 0) return; // the listener calls again when the last call settles
    const waited = performance.now() - quietSince;
    timer = setTimeout(() => (inFlight === 0 ? finish() : undefined), Math.max(0, quietMs - waited));
  };
  const deadline = setTimeout(finish, maxWaitMs);
  listeners.add(check);
  function cancel() {
    done = true;
    listeners.delete(check);
    clearTimeout(deadline);
    if (timer !== undefined) clearTimeout(timer);
  }
  check();
  return cancel;
}
