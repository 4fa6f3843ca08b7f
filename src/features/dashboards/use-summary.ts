import { useEffect, useRef } from 'react';
import type { CallOptions } from '../../lib/api-client.ts';
import type { RouteSpec } from '../../contract/routes.ts';
import { invalidate, keyOf, useRoute } from '../../lib/use-query.ts';

/**
 * A dashboard's counters and sums from the server (docs/decisions/0203-dashboard-summaries.md),
 * read again in the background whenever one of the lists they count changes (a write's answer,
 * a reload): the lists are paged, so the counters cannot be computed from the rows shown.
 */
export function useSummary<R extends RouteSpec & { method: 'GET' }>(
  route: R,
  options: CallOptions<R> | undefined,
  lists: readonly unknown[],
) {
  const summary = useRoute(route, options);
  const key = keyOf(route, options);
  const seen = useRef<readonly unknown[] | null>(null);
  useEffect(() => {
    if (lists.some((l) => l === undefined)) return;
    // The first time every list is in, the summary is loading already; later changes read it again.
    if (seen.current !== null && lists.some((l, i) => l !== seen.current![i])) invalidate(key);
    seen.current = lists;
  }, [key, ...lists]);
  return summary.data;
}
