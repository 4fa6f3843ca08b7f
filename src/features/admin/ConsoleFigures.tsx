import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { DashboardStats } from '../../contract/admin-dashboard.ts';
import { ROUTES } from '../../contract/routes/inbox.ts';
import { useRoute } from '../../lib/use-query.ts';
import type { AdminData } from './use-admin-data.ts';

/**
 * The console's figures above the tabs. A phone shows them as one line that opens the cards, with
 * the overdue requests one tap away, so a tab's content starts near the top; a wider screen shows
 * the cards.
 */
export function ConsoleFigures({
  stats,
  onOpenOverdue,
  children,
}: {
  stats: { state: AdminData<DashboardStats> };
  /** Opens the Inbox filtered to the overdue requests. */
  onOpenOverdue: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const summary = useRoute(ROUTES.adminInboxSummary, {});
  const d = stats.state.status === 'ready' ? stats.state.data : null;
  const overdue = summary.data?.overdue ?? 0;
  return (
    <div className="space-y-3 sm:space-y-6">
      <div className="flex items-stretch gap-2 sm:hidden">
        <button
          type="button"
          className="flex min-w-0 flex-1 items-center justify-between gap-2 rounded-lg border border-border bg-background px-3 py-2 text-left text-sm"
          aria-expanded={open}
          aria-controls="console-figures"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="text-xs tabular-nums">
            {d
              ? `${d.totalQuotes.toLocaleString('en-US')} total · ${d.pendingQuotes.toLocaleString('en-US')} pending · ${d.completedQuotes.toLocaleString('en-US')} completed`
              : 'Figures'}
          </span>
          <ChevronDown
            className={`h-4 w-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
          <span className="sr-only">{open ? 'Hide the figures' : 'Show the figures'}</span>
        </button>
        {overdue > 0 && !open && (
          <button
            type="button"
            className="shrink-0 rounded-lg border border-destructive bg-background px-3 py-2 text-sm font-semibold text-destructive tabular-nums"
            onClick={onOpenOverdue}
          >
            Overdue {overdue.toLocaleString('en-US')}
          </button>
        )}
      </div>
      <div id="console-figures" className={`space-y-3 sm:block sm:space-y-6 ${open ? '' : 'hidden'}`}>
        {children}
      </div>
    </div>
  );
}
