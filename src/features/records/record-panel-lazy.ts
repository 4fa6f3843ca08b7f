import { preloadable } from '../../lib/preloadable.ts';

/**
 * The maintenance record panel as its own chunk, one instance for every screen that shows it (the
 * mechanic's appointments and the annuals an IA signs): two `lazy` wrappers of the same module each
 * suspend on their first render, and React holds a Suspense fallback 300 ms even when the module
 * is already loaded. A screen that will show the panel preloads it with its own module.
 */
export const LazyRecordPanel = preloadable(() => import('./RecordPanel.tsx'));
