import { Toaster as Sonner } from 'sonner';
import { TOASTS } from '../../contract/business.ts';

/**
 * The site's toasts (sonner). Its defaults are the spec's: 4000 ms, 3 visible, 356 px wide, 14 px
 * apart; they are still spelled out so the constants live in one place. At the bottom: at the top
 * they covered the dashboards' bell, Logout and System Config right after signing in.
 */
export function Toaster({ visibleToasts = TOASTS.visible }: { visibleToasts?: number }) {
  return (
    <Sonner
      position="bottom-right"
      duration={TOASTS.durationMs}
      visibleToasts={visibleToasts}
      gap={TOASTS.gapPx}
      richColors
      closeButton
      style={{ '--width': `${TOASTS.widthPx}px` } as React.CSSProperties}
    />
  );
}
