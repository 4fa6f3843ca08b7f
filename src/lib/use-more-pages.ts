import { useRef, useState } from 'react';
import { toast } from 'sonner';

/** Adds `more` after `current`, each id once (a row may have moved between two pages' reads). */
function appendPage<T extends { id: string }>(current: T[], more: T[]): T[] {
  const seen = new Set(current.map((r) => r.id));
  return [...current, ...more.filter((r) => !seen.has(r.id))];
}

export interface PageOf<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The pages after the first of an admin list answered as an object with `nextCursor`
 * (docs/decisions/0201): the first page stays in the list's query cache, the later ones are kept
 * here until the first page is read again (a reload or another filter starts over).
 */
export function useMorePages<T extends { id: string }>(
  /** The first page's answer (its identity says when it was read again), null while loading. */
  base: object | null,
  first: PageOf<T> | null,
  fetchPage: (cursor: string) => Promise<PageOf<T>>,
) {
  const [extra, setExtra] = useState<{ base: object; items: T[]; cursor: string | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const current = extra && extra.base === base ? extra : null;
  const items = first ? appendPage(first.items, current?.items ?? []) : [];
  const cursor = current ? current.cursor : (first?.nextCursor ?? null);

  const more = async () => {
    if (!cursor || !base || busy.current) return;
    busy.current = true;
    setLoading(true);
    try {
      const page = await fetchPage(cursor);
      setExtra((e) => ({
        base,
        items: [...(e && e.base === base ? e.items : []), ...page.items],
        cursor: page.nextCursor,
      }));
    } catch (err) {
      console.error('Loading more failed', err);
      toast.error('Could not load more. Please try again.');
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };
  return { items, cursor, loading, more };
}
