import { useEffect } from 'react';
import { ROUTES } from '../../contract/routes/maintenance.ts';
import { prefetchRoute } from '../../lib/use-query.ts';
import { afterScreenIdle } from '../../lib/when-idle.ts';

/** Due lists read at once by the prefetch: the rest wait, so a tab the user opens meanwhile is not queued behind them. */
const AT_ONCE = 4;

/**
 * Reads the due list of each aircraft My Aircraft shows first (the list's first page), after the
 * dashboard's own reads and when the browser is idle, four at a time. Each card of My Aircraft then
 * opens complete, its verdict and next items in place, instead of a spinner that a moment later
 * grows into them. A failed read costs nothing: the card reads it again and says if it fails.
 */
export function usePrefetchDueLists(aircraft: ReadonlyArray<{ id: string }> | undefined): void {
  useEffect(() => {
    if (!aircraft?.length) return;
    let stopped = false;
    const queue = aircraft.map((a) => a.id);
    const next = async (): Promise<void> => {
      for (let id = queue.shift(); id !== undefined && !stopped; id = queue.shift())
        await prefetchRoute(ROUTES.maintenance, { params: { id } }).catch(() => undefined);
    };
    const cancel = afterScreenIdle(() => {
      for (let i = 0; i < AT_ONCE; i += 1) void next();
    });
    return () => {
      stopped = true;
      cancel();
    };
  }, [aircraft]);
}
