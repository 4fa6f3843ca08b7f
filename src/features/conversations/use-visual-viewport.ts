import { useEffect, useState } from 'react';

export interface VisibleArea {
  height: number;
  top: number;
}

const read = (vv: VisualViewport): VisibleArea => ({ height: vv.height, top: vv.offsetTop });

/**
 * What is visible above a phone's on-screen keyboard: its height and where it starts. A
 * full-screen thread takes exactly this box, so its composer (the last row) stays just above the
 * keyboard on iOS Safari, which shrinks and scrolls only the visual viewport, as on Android
 * Chrome. Null where the API is missing (the thread then takes 100dvh).
 */
export function useVisibleArea(): VisibleArea | null {
  const [area, setArea] = useState<VisibleArea | null>(() =>
    typeof window !== 'undefined' && window.visualViewport ? read(window.visualViewport) : null,
  );
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    const update = () => setArea(read(vv));
    vv.addEventListener('resize', update);
    vv.addEventListener('scroll', update);
    return () => {
      vv.removeEventListener('resize', update);
      vv.removeEventListener('scroll', update);
    };
  }, []);
  return area;
}
