import { createElement, lazy, type ComponentType } from 'react';

/**
 * `lazy`, except that a module already loaded (by `preload()`, e.g. while a sign-in form waits) renders at once. A lazy
 * component always suspends on its first render, and React then holds the Suspense fallback for
 * at least 300 ms: measured here as the gap between the sign-in answer and the dashboard's calls.
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
  const Lazy = lazy(preload);
  const Component = (props: P) =>
    loaded ? createElement(loaded, props) : createElement(Lazy as ComponentType<P>, props);
  return Object.assign(Component, { preload });
}
