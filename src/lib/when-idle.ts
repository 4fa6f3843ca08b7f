import { afterReadsQuiet } from './reads-in-flight.ts';

/**
 * Runs `work` once the browser is idle (at the latest after `timeout` ms), so a prefetch never
 * competes with what the screen is drawing. Answers a function that cancels it if still waiting.
 */
export function whenIdle(work: () => void, timeout = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, 500); // Safari has no requestIdleCallback
  return () => clearTimeout(id);
}

/**
 * Runs `work` after the screen's own reads are answered, then when the browser is idle: prefetched
 * chunks or reads queued ahead of a read the open screen still makes would delay what the user is
 * waiting for (src/lib/reads-in-flight.ts). Answers a function that cancels it if still waiting.
 */
export function afterScreenIdle(work: () => void): () => void {
  let cancelIdle = () => {};
  const cancelQuiet = afterReadsQuiet(() => {
    cancelIdle = whenIdle(work);
  });
  return () => {
    cancelQuiet();
    cancelIdle();
  };
}

/**
 * Fetches the chunks of tabs a user opens next (e.g. a dashboard's Service Requests and
 * Appointments) when the browser is idle: switching to one then renders without waiting for its
 * code, which on a busy phone can take longer than the list it shows. A failed prefetch costs
 * nothing: the lazy render imports it again.
 */
export function preloadWhenIdle(tabs: Array<{ preload: () => Promise<unknown> }>): () => void {
  return afterScreenIdle(() => {
    void Promise.all(tabs.map((t) => t.preload())).catch(() => undefined);
  });
}
