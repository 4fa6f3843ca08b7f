import { useEffect, useState } from 'react';
import { Toaster } from './toaster.tsx';

// Islands share this module, so the first one to mount claims the page's only Toaster.
let claimed = false;

/**
 * Renders the page's Toaster unless another island already did. Lets each island that toasts
 * carry the Toaster with it, so a static page loads no React until an island needs it, and a page
 * with several islands still gets exactly one toast region. sonner replays toasts created before
 * the Toaster subscribed, so nothing is lost while it mounts. Renders nothing on the server (the
 * claim is a browser-only fact) and on the first client render, so hydration matches.
 */
export function ToasterOnce({ visibleToasts }: { visibleToasts?: number }) {
  const [mine, setMine] = useState(false);
  useEffect(() => {
    if (claimed) return;
    claimed = true;
    setMine(true);
  }, []);
  if (!mine) return null;
  return visibleToasts === undefined ? <Toaster /> : <Toaster visibleToasts={visibleToasts} />;
}

export default ToasterOnce;
