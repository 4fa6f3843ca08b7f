import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Reads `load` now and every `everyMs` while the page is visible, one call in flight at a time: a
 * live AOG screen follows offers and statuses without a refresh, as a conversation does (ADR 0220).
 * `reload` reads at once (after a write). A failure keeps the last answer and says so.
 */
export function usePoll<T>(load: () => Promise<T>, everyMs: number, key: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const inflight = useRef<Promise<void> | null>(null);

  const reload = useCallback((): Promise<void> => {
    inflight.current ??= loadRef
      .current()
      .then((value) => {
        setData(value);
        setError(null);
      })
      .catch((e: unknown) => setError(e))
      .finally(() => {
        inflight.current = null;
      });
    return inflight.current;
  }, []);

  useEffect(() => {
    setData(null);
    void reload();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void reload();
    }, everyMs);
    const onVisible = () => document.visibilityState === 'visible' && void reload();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [key, everyMs, reload]);

  return { data, error, reload, setData };
}
