import { useEffect, useRef } from 'react';
import { Button } from './button.tsx';

/**
 * The end of an admin list with more pages: loads the next when it scrolls into view, and is a
 * "Load more" button for keyboards and screen readers (as the dashboards' LoadMore). Nothing on
 * the last page.
 */
export function MoreButton({
  cursor,
  loading,
  onMore,
  label = 'Load more',
}: {
  cursor: string | null;
  loading: boolean;
  onMore: () => void;
  label?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const onMoreRef = useRef(onMore);
  onMoreRef.current = onMore;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !cursor || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onMoreRef.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [cursor]);
  if (!cursor) return null;
  return (
    <div ref={sentinel} className="flex justify-center py-4">
      <Button variant="outline" onClick={onMore} disabled={loading} aria-busy={loading}>
        {loading ? 'Loading…' : label}
      </Button>
    </div>
  );
}
