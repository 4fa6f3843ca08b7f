import { useStore } from '@nanostores/react';
import { MoreButton } from '../../components/ui/more-button.tsx';
import { $threadsNext } from './store.ts';

/**
 * The end of the thread list while older threads are not loaded (the threads live in their own
 * store, not the query cache the dashboards' LoadMore fills).
 */
export function MoreThreads({ onMore }: { onMore: () => Promise<void> }) {
  const cursor = useStore($threadsNext);
  return <MoreButton cursor={cursor} onMore={onMore} label="Load more conversations" size="sm" />;
}
