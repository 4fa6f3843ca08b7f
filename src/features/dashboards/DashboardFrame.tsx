import { countBadge } from '../marketplace/ui/count-badge.ts';
import { Suspense, useEffect, useRef, useTransition, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';

export interface DashboardTab<T extends string> {
  value: T;
  label: string;
  /** A count shown on the tab (unread notifications). */
  badge?: number;
}

/**
 * The frame both marketplace dashboards share: the header, then the failure notice, the loading
 * state or the tabs with their panels (lazy panels wait in one Suspense), and the dialogs.
 */
export function DashboardFrame<T extends string>({
  header,
  status,
  onRetry,
  banner,
  tabs,
  tab,
  onTabChange,
  children,
  dialogs,
}: {
  header: ReactNode;
  status: 'loading' | 'error' | 'ready';
  onRetry: () => void;
  banner?: ReactNode;
  tabs: readonly DashboardTab<T>[];
  tab: T;
  onTabChange: (tab: T) => void;
  /** The `TabsContent` panels. */
  children: ReactNode;
  dialogs?: ReactNode;
}) {
  // A section chosen before its code has arrived keeps the open one on screen until it has (tens of
  // milliseconds), instead of a spinner React shows for at least 300 ms: the change is a transition.
  // While it waits, the panel says it is busy. A section shown before has its code: it opens at
  // once, without the transition's yielding. docs/decisions/0491-tab-change-transition.md
  const [pending, startTransition] = useTransition();
  const shown = useRef(new Set<T>());
  useEffect(() => void shown.current.add(tab), [tab]);
  const choose = (next: T) => (shown.current.has(next) ? onTabChange(next) : startTransition(() => onTabChange(next)));
  return (
    <div className="min-h-screen bg-muted/40">
      {header}
      <main id="main" tabIndex={-1} className="container-page py-6 outline-none">
        {status === 'error' ? (
          <Alert className="flex flex-wrap items-center justify-between gap-3">
            <span>We could not load your dashboard.</span>
            <Button size="sm" variant="outline" onClick={onRetry}>
              Try again
            </Button>
          </Alert>
        ) : status === 'loading' ? (
          <Loading label="Loading dashboard..." />
        ) : (
          <>
            {banner}
            <Tabs value={tab} onValueChange={(v) => choose(v as T)}>
              <TabsList aria-label="Dashboard sections">
                {tabs.map((t) => (
                  <TabsTrigger key={t.value} value={t.value}>
                    {t.label}
                    {t.badge ? (
                      <span className="rounded-full bg-destructive px-1.5 text-xs font-bold text-white">
                        {countBadge(t.badge)}
                      </span>
                    ) : null}
                  </TabsTrigger>
                ))}
              </TabsList>
              <div aria-busy={pending || undefined} className={pending ? 'opacity-60 transition-opacity' : undefined}>
                <Suspense fallback={<Loading />}>{children}</Suspense>
              </div>
            </Tabs>
          </>
        )}
      </main>
      <Suspense fallback={null}>{dialogs}</Suspense>
    </div>
  );
}
