import { useEffect, useState } from 'react';

/**
 * The height of what is visible above a phone's on-screen keyboard. A full-screen thread takes
 * this height, so its composer (the last row) stays just above the keyboard on iOS Safari, which
 * shrinks only the visual viewport, as on Android Chrome. Null where the API is missing.
 */
export function useVisualViewportHeight(): number | null {
  const [height, setHeight] = useState<number | null>(() => (typeof window !== 'undefined' && window.visualViewport ? window.visualViewport.height : null));
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    const update = () => setHeight(vv.height);
    vv.addEventListener('resize', update);
    vv.addEventListener('scroll', update);
    return () => {
      vv.removeEventListener('resize', update);
      vv.removeEventListener('scroll', update);
    };
  }, []);
  return height;
}
