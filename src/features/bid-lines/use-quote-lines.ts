import { useEffect } from 'react';
import type { BidLine } from '../../contract/line-items.ts';
import type { Bid } from '../../contract/bids.ts';
import { ROUTES } from '../../contract/routes/marketplace.ts';
import { useRoute } from '../../lib/use-query.ts';

/** Whether a quote has lines the screen does not hold yet (the owner's list counts them: docs/decisions/0205). */
export const linesMissing = (bid: Bid): boolean => bid.lines === undefined && (bid.lineCount ?? 0) > 0;

/**
 * The lines of a request's quotes, when `wanted`: those the quotes carry, else from the request's
 * own answer (GET /api/enhanced/quotes/:id), read once and shared by every screen that asks (and
 * again when a quote arrived since). `lines` is undefined while they load; `failed` when they
 * could not be read.
 */
export function useQuoteLines(
  requestId: string,
  quotes: readonly Bid[],
  wanted: boolean,
): { lines: Map<string, BidLine[]> | undefined; failed: unknown; retry: () => void } {
  const needed = wanted ? quotes.filter(linesMissing).map((q) => q.id) : [];
  const detail = useRoute(ROUTES.request, needed.length > 0 ? { params: { id: requestId } } : null);
  const fetched = detail.data?.quotes;
  const stale = fetched !== undefined && needed.some((id) => !fetched.some((f) => f.id === id));
  const { reload } = detail;
  useEffect(() => {
    if (stale) void reload();
  }, [stale, reload]);
  const retry = () => void reload();
  if (needed.length > 0 && (!fetched || stale))
    return { lines: undefined, failed: detail.state.status === 'error' ? detail.state.error : undefined, retry };
  const lines = new Map<string, BidLine[]>();
  for (const q of quotes) lines.set(q.id, q.lines ?? fetched?.find((f) => f.id === q.id)?.lines ?? []);
  return { lines, failed: undefined, retry };
}
