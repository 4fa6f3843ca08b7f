import { useEffect } from 'react';
import { INBOX_LIMITS } from '../../contract/inbox.ts';
import { ROUTES } from '../../contract/routes/inbox.ts';
import { invalidate, keyOf, useRoute } from '../../lib/use-query.ts';

const summaryKey = keyOf(ROUTES.adminInboxSummary, {});

/**
 * What needs the console now, read again every INBOX_LIMITS.summaryPollMs while the page is seen:
 * an aircraft on ground waiting for a mechanic and conversations someone reported. The console's
 * home says them as buttons that open their tab; the tabs carry the same counts (`useAttention`).
 */
export function useAttention(): { aogOpen: number; reportsOpen: number } {
  const summary = useRoute(ROUTES.adminInboxSummary, {});
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') invalidate(summaryKey);
    }, INBOX_LIMITS.summaryPollMs);
    return () => clearInterval(timer);
  }, []);
  return { aogOpen: summary.data?.aogOpen ?? 0, reportsOpen: summary.data?.reportsOpen ?? 0 };
}

export const aogWaiting = (n: number) => `${n.toLocaleString('en-US')} aircraft on ground waiting for a mechanic`;
export const reportsWaiting = (n: number) =>
  `${n.toLocaleString('en-US')} reported conversation${n === 1 ? '' : 's'} to review`;

/** The console home's line of what cannot wait; nothing when nothing waits. */
export function ConsoleAttention({ onOpen }: { onOpen: (tab: 'aog' | 'reported') => void }) {
  const { aogOpen, reportsOpen } = useAttention();
  if (aogOpen === 0 && reportsOpen === 0) return null;
  return (
    <div role="status" aria-label="Needs attention" className="flex flex-wrap gap-2">
      {aogOpen > 0 && (
        <button
          type="button"
          className="rounded-lg border border-destructive bg-background px-3 py-2 text-sm font-semibold text-destructive"
          onClick={() => onOpen('aog')}
        >
          {aogWaiting(aogOpen)}
        </button>
      )}
      {reportsOpen > 0 && (
        <button
          type="button"
          className="rounded-lg border border-border bg-background px-3 py-2 text-sm font-semibold"
          onClick={() => onOpen('reported')}
        >
          {reportsWaiting(reportsOpen)}
        </button>
      )}
    </div>
  );
}

/** A tab's count, as a red dot with the number; hidden from a screen reader, which reads it as the tab's description. */
export function TabCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span
      aria-hidden="true"
      className="rounded-full bg-destructive px-1.5 text-xs font-semibold leading-5 text-white tabular-nums"
    >
      {count.toLocaleString('en-US')}
    </span>
  );
}
