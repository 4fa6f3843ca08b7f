import { bidCoverage, type AnswerChoices, type Coverage } from '../../contract/line-coverage.ts';
import type { Bid } from '../../contract/bids.ts';
import type { ServiceRequest } from '../../contract/service-requests.ts';
import { ROUTES } from '../../contract/routes/maintenance.ts';
import { useRoute } from '../../lib/use-query.ts';
import { useQuoteLines } from './use-quote-lines.ts';

/** A quote's coverage with the titles to show: which of the request's due items and squawks its lines answer. */
export interface QuoteCoverage extends Coverage {
  covered: string[];
  missing: string[];
}

/**
 * What each quote covers and leaves out of the due items and squawks the request was made for
 * (docs/decisions/0160-what-a-job-completes.md): the same rule that decides, at signing, what a
 * job completed. Empty for a request not made from a due list.
 */
export function useQuoteCoverage(
  request: Pick<ServiceRequest, 'id' | 'aircraftId'>,
  quotes: readonly Bid[],
): Map<string, QuoteCoverage> {
  const due = useRoute(ROUTES.requestMaintenance, request.aircraftId ? { params: { id: request.id } } : null);
  const view = due.data;
  // A request made from a due list needs its quotes' lines (the owner's list sends their totals only).
  const linked = !!view && view.linkedItemIds.length + view.linkedSquawkIds.length > 0;
  const { lines: linesOf } = useQuoteLines(request.id, quotes, linked);
  const result = new Map<string, QuoteCoverage>();
  if (!view || !linked || !linesOf) return result;
  const items = view.items
    .filter((i) => view.linkedItemIds.includes(i.id))
    .map((i) => ({ id: i.id, kind: i.kind, title: i.title, adNumber: i.adNumber, overdue: i.status === 'overdue' }));
  const squawks = view.squawks
    .filter((s) => view.linkedSquawkIds.includes(s.id))
    .map((s) => ({ id: s.id, title: s.title }));
  const titleOf = (id: string) => {
    const item = items.find((i) => i.id === id);
    if (item) return item.overdue ? `${item.title} (overdue)` : item.title;
    return `Squawk: ${squawks.find((s) => s.id === id)?.title ?? ''}`;
  };
  for (const q of quotes) {
    const lines = (linesOf.get(q.id) ?? [])
      .filter((l) => l.changeOrderId === null)
      .map((l) => ({ description: l.description, decision: null, dueItemId: l.dueItemId, squawkId: l.squawkId }));
    const c = bidCoverage(lines, items, squawks);
    result.set(q.id, {
      ...c,
      covered: [...c.coveredItemIds, ...c.coveredSquawkIds].map(titleOf),
      missing: [...c.missingItemIds, ...c.missingSquawkIds].map(titleOf),
    });
  }
  return result;
}

/**
 * The due items and squawks a request was made for, as a line's "Answers" picker and the owner's
 * reading of a line list them; null while they load, for a request not made from a due list, or
 * when not `wanted`.
 */
export function useAnswerChoices(requestId: string | null, wanted = true): AnswerChoices | null {
  const due = useRoute(ROUTES.requestMaintenance, wanted && requestId ? { params: { id: requestId } } : null);
  const view = due.data;
  if (!view || view.linkedItemIds.length + view.linkedSquawkIds.length === 0) return null;
  return {
    items: view.items
      .filter((i) => view.linkedItemIds.includes(i.id))
      .map((i) => ({ id: i.id, kind: i.kind, title: i.title, adNumber: i.adNumber })),
    squawks: view.squawks.filter((s) => view.linkedSquawkIds.includes(s.id)).map((s) => ({ id: s.id, title: s.title })),
  };
}
