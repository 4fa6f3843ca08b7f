import { useEffect, useRef } from 'react';
import type { InboxDetail } from '../../contract/inbox.ts';

/** The first read again after a reply was queued; each next one waits twice as long, up to the last. */
const RECHECK_FIRST_MS = 1_500;
const RECHECK_LAST_MS = 30_000;

/** A reply (or a conversion's email) the outbox has not finished with: waiting or being sent. */
function onItsWay(d: InboxDetail): boolean {
  return d.history.some(
    (e) => (e.kind === 'reply' || e.kind === 'convert') && (e.delivery === 'pending' || e.delivery === 'sending'),
  );
}

/**
 * The outbox sends a reply after the write has answered, so the history first says "waiting in
 * the outbox" or "sending". While one is on its way the request is read again (after 1.5 s, then
 * twice as long each time, at most every 30 s), so the open dialog comes to say "delivered to the
 * provider" or "failed" instead of keeping the state of the moment it was read.
 */
export function useDeliveryRecheck(detail: InboxDetail | null, reload: () => Promise<unknown>): void {
  const rechecks = useRef(0);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const waiting = detail !== null && onItsWay(detail);
  useEffect(() => {
    if (!waiting) {
      rechecks.current = 0;
      return;
    }
    const ms = Math.min(RECHECK_LAST_MS, RECHECK_FIRST_MS * 2 ** rechecks.current);
    const timer = setTimeout(() => {
      rechecks.current += 1;
      void reloadRef.current().catch(() => undefined);
    }, ms);
    return () => clearTimeout(timer);
    // `detail`: each answer that still has one on its way arms the next read.
  }, [waiting, detail]);
}
