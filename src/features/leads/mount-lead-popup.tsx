import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ToasterOnce } from '../../components/ui/toaster-once.tsx';
import { LeadPopup } from './LeadPopup.tsx';
import { markLeadSubmitted, markPopupClosed } from './popup-flags.ts';

function LeadPopupHost({ returnFocus }: { returnFocus: HTMLElement | null }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <ToasterOnce />
      <LeadPopup
        open={open}
        onOpenChange={(next) => {
          if (!next) {
            markPopupClosed();
            // Back where the visitor was (the dialog had no trigger to return to).
            setTimeout(() => returnFocus?.isConnected && returnFocus.focus({ preventScroll: true }), 0);
          }
          setOpen(next);
        }}
        // The lead is stored: the popup stays open to show the code until the visitor closes it.
        onSubmitted={() => markLeadSubmitted()}
      />
    </>
  );
}

let mounted = false;

/**
 * Shows the popup now. Loaded by the home page's scheduler only when the popup is due, so its React
 * code (dialog, form) never weighs on the first load. Client-only: there is nothing to prerender.
 */
export function mountLeadPopup(): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'lead-popup';
  document.body.append(host);
  const active = document.activeElement;
  createRoot(host).render(
    <LeadPopupHost returnFocus={active instanceof HTMLElement && active !== document.body ? active : null} />,
  );
}
