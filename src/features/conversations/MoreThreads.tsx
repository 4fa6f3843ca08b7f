import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';

/**
 * The end of the thread list while older threads are not loaded: loads them when it scrolls into
 * view, and is a "Load more" button for keyboards and screen readers (as ui/LoadMore.tsx does for
 * the dashboards' lists kept in the query cache; the threads live in their own store).
 */
export function MoreThreads({ onMore }: { onMore: () => Promise<void> }) {
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const more = async () => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    try {
      await onMore();
    } catch (err) {
      console.error('Loading more conversations failed', err);
      toast.error('Could not load more. Please try again.');
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };
  const moreRef = useRef(more);
  moreRef.current = more;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void moreRef.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={sentinel} className="flex justify-center py-3">
      <Button variant="outline" size="sm" onClick={() => void more()} disabled={loading} aria-busy={loading}>
        {loading ? 'Loading…' : 'Load more conversations'}
      </Button>
    </div>
  );
}
