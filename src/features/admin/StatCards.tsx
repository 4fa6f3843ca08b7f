import { CheckCircle2, Clock, FileText } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import type { DashboardStats } from '../../contract/admin-dashboard.ts';
import type { AdminData } from './use-admin-data.ts';
import { LoadError } from '../../components/ui/load-error.tsx';

const CARDS = [
  { key: 'totalQuotes', label: 'Total Quotes', Icon: FileText, tone: 'text-accent' },
  { key: 'pendingQuotes', label: 'Pending', Icon: Clock, tone: 'text-warning' },
  { key: 'completedQuotes', label: 'Completed', Icon: CheckCircle2, tone: 'text-success' },
] as const;

/** The three stat cards of the admin dashboard (GET /api/admin/dashboard). */
export function StatCards({ state, onRetry }: { state: AdminData<DashboardStats>; onRetry: () => void }) {
  if (state.status === 'error') return <LoadError message={state.message} onRetry={onRetry} />;
  return (
    <section
      aria-label="Quote statistics"
      aria-busy={state.status === 'loading'}
      className="grid grid-cols-3 gap-2 sm:gap-4"
    >
      {CARDS.map(({ key, label, Icon, tone }) => (
        <Card key={key} className="flex items-center justify-between gap-4 p-3 sm:p-5">
          <div>
            <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
            <p className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">
              {state.status === 'ready' ? (
                state.data[key].toLocaleString('en-US')
              ) : (
                <>
                  <span className="text-muted-foreground" aria-hidden="true">
                    …
                  </span>
                  <span className="sr-only">Loading</span>
                </>
              )}
            </p>
          </div>
          <Icon className={`hidden h-8 w-8 shrink-0 sm:block ${tone}`} aria-hidden="true" />
        </Card>
      ))}
    </section>
  );
}
