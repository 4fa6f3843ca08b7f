import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * `lazy`, except that a module already loaded (by `preload()`, e.g. while a sign-in form waits) renders at once. A lazy
 * component always suspends on its first render, and React then holds the Suspense fallback for
 * at least 300 ms: measured here as the gap between the sign-in answer and the dashboard's calls.
 *
 * Each mounted instance keeps the type it first rendered: one that mounted through `lazy` (the
 * module was still loading) goes on rendering it. Switching to the loaded component on a later
 * render would be a different element type to React, which would unmount the panel and mount a new
 * one, losing its state: the console's Inbox lost its "Overdue only" filter the first time the
 * dashboard re-rendered after a reply.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(preload) as ComponentType<P>;
  const Component = (props: P) => {
    const [type] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(type, props);
  };
  return Object.assign(Component, { preload });
}
