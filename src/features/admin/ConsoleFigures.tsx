import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { DashboardStats } from '../../contract/admin-dashboard.ts';
import { ROUTES } from '../../contract/routes.ts';
import { useRoute } from '../../lib/use-query.ts';
import type { AdminData } from './use-admin-data.ts';

/**
 * The console's figures above the tabs. A phone shows them as one line that opens the cards, so a
 * tab's content starts near the top; a wider screen shows the cards.
 */
export function ConsoleFigures({
  stats,
  children,
}: {
  stats: { state: AdminData<DashboardStats> };
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const summary = useRoute(ROUTES.adminInboxSummary, {});
  const d = stats.state.status === 'ready' ? stats.state.data : null;
  const overdue = summary.data?.overdue ?? 0;
  return (
    <div className="space-y-3 sm:space-y-6">
      <button
        type="button"
        className="flex w-full items-center justify-between gap-2 rounded-lg border border-border bg-background px-3 py-2 text-left text-sm sm:hidden"
        aria-expanded={open}
        aria-controls="console-figures"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="tabular-nums">
          {d ? (
            <>
              {d.totalQuotes} quotes · {d.pendingQuotes} pending · {d.completedQuotes} completed
            </>
          ) : (
            'Figures'
          )}
          {overdue > 0 && <span className="ml-1 font-semibold text-destructive">· {overdue} overdue</span>}
        </span>
        <ChevronDown className={`h-4 w-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        <span className="sr-only">{open ? 'Hide the figures' : 'Show the figures'}</span>
      </button>
      <div id="console-figures" className={`space-y-3 sm:block sm:space-y-6 ${open ? '' : 'hidden'}`}>
        {children}
      </div>
    </div>
  );
}
