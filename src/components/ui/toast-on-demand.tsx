import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { toast as SonnerToast } from 'sonner';

const LazyToasterOnce = lazy(() => import('./toaster-once.tsx'));

type Toast = typeof SonnerToast;

/**
 * Toasts for an island that shows them only after the visitor acts (the home page's quote form):
 * sonner and the page's Toaster (9 KB of gzip) load when the visitor starts to fill the form
 * (`prepare`, on its first focus or input), not with the island, so the home page's JavaScript stays
 * inside its budget (docs/decisions/0446-home-javascript-budget.md). Loaded before the submit, they are
 * there when the answer is that the network failed. A toast asked for before sonner arrived is
 * shown when it does (sonner replays toasts created before its Toaster subscribed).
 */
export function useToastOnDemand(): {
  toaster: ReactNode;
  prepare: () => void;
  show: (fn: (toast: Toast) => void) => void;
} {
  const [wanted, setWanted] = useState(false);
  const loading = useRef<Promise<Toast> | null>(null);
  const prepare = useCallback(() => {
    if (loading.current) return;
    setWanted(true);
    loading.current = import('sonner').then((m) => m.toast);
  }, []);
  const show = useCallback(
    (fn: (toast: Toast) => void) => {
      prepare();
      void loading.current!.then(fn);
    },
    [prepare],
  );
  const toaster = wanted ? (
    <Suspense fallback={null}>
      <LazyToasterOnce />
    </Suspense>
  ) : null;
  return { toaster, prepare, show };
}
