import { useEffect, useRef } from 'react';
import type { MechanicCounts, OwnerCounts } from '../../../contract/dashboard-counts.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { useRoute } from '../../../lib/use-query.ts';

/**
 * The Overview's counters from the server (docs/decisions/0164): a list on screen is its first page
 * only, so a count of it stops at the page size. `signature` names what the lists on screen hold
 * (ids and statuses); when a write changes them, the counters are read again with them.
 */
export function useDashboardCounts<C extends OwnerCounts | MechanicCounts>(signature: string): C | undefined {
  const counts = useRoute(ROUTES.dashboardCounts);
  const { reload } = counts;
  const seen = useRef(signature);
  useEffect(() => {
    if (seen.current === signature) return;
    seen.current = signature;
    reload().catch((e: unknown) => console.warn('Reading the counters failed', e));
  }, [signature, reload]);
  return counts.data as C | undefined;
}

/** What the lists hold, as the counters' signature: ids with their statuses. */
export const signatureOf = (...lists: ReadonlyArray<ReadonlyArray<{ id: string; status?: string }>>): string =>
  lists.map((list) => list.map((x) => `${x.id}:${x.status ?? ''}`).join(',')).join('|');
