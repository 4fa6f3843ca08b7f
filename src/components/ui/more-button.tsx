import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from './button.tsx';

/**
 * The end of a list with more pages (docs/decisions/0201-cursor-paging.md): loads the next when it
 * scrolls into view, and is a "Load more" button for keyboards and screen readers. Nothing on the
 * last page (`cursor` null). One load at a time; a failed load says so and can be tried again.
 * `loading`, when given, is the caller's own state (an admin list that also reloads from filters).
 */
export function MoreButton({
  cursor,
  loading: loadingFromCaller,
  onMore,
  label = 'Load more',
  size = 'default',
}: {
  cursor: string | null;
  loading?: boolean;
  onMore: () => void | Promise<void>;
  label?: string;
  size?: 'default' | 'sm';
}) {
  const [ownLoading, setOwnLoading] = useState(false);
  const loading = loadingFromCaller ?? ownLoading;
  const busy = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const more = async () => {
    if (busy.current) return;
    busy.current = true;
    setOwnLoading(true);
    try {
      await onMore();
    } catch (err) {
      console.error('Loading more failed', err);
      toast.error('Could not load more. Please try again.');
    } finally {
      busy.current = false;
      setOwnLoading(false);
    }
  };
  const moreRef = useRef(more);
  moreRef.current = more;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !cursor || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void moreRef.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [cursor]);
  if (!cursor) return null;
  return (
    <div ref={sentinel} className={size === 'sm' ? 'flex justify-center py-3' : 'flex justify-center py-4'}>
      <Button variant="outline" size={size} onClick={() => void more()} disabled={loading} aria-busy={loading}>
        {loading ? 'Loading…' : label}
      </Button>
    </div>
  );
}
