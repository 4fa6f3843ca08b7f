import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Browser history for the dashboards: each section is a history entry
 * (`?section=requests`, so Back returns to the previous section and a reload keeps it), and an
 * open dialog is one more entry, so Back on a phone closes the dialog instead of leaving the
 * dashboard with what was typed. docs/decisions/0172-dashboard-history.md
 */

// A dialog closed by its own buttons takes its entry back off (history.back() is asynchronous);
// the next entry is pushed only once that has happened, or the Back would remove the new one.
let settled: Promise<void> = Promise.resolve();
/** A Back the page made itself (a dialog taking its entry off): the section stays as it is. */
let ownBacks = 0;
/** The page is being left for another site (a hosted payment page): no dialog takes its entry back. */
let leaving = false;
function back(): void {
  // A Back now would cancel the navigation that is leaving the page.
  if (leaving) return;
  ownBacks += 1;
  settled = new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      ownBacks -= 1;
      window.removeEventListener('popstate', finish);
      resolve();
    };
    window.addEventListener('popstate', finish);
    // Never wait forever if the browser drops the navigation (a page being left).
    setTimeout(finish, 1000);
  });
  history.back();
}
const whenSettled = (fn: () => void) => void settled.then(fn);

/**
 * Leaves the dashboard for `url` (Stripe's hosted pages): a dialog closing at the same moment must
 * not take its history entry back, as that Back would cancel this navigation.
 */
export function leavePage(url: string): void {
  leaving = true;
  window.location.assign(url);
}

let dialogs = 0;
// Markers differ from one page load to the next: after a reload, the entry an earlier load's dialog
// pushed is not taken for this load's dialog.
const LOAD = Math.random().toString(36).slice(2, 8);

/** What an open dialog adds to the address (`?open=<id>`), so a reload opens it again. */
export interface DialogAddress {
  param: string;
  value: string;
}

const dropParam = (param: string | undefined) => {
  if (!param) return;
  const url = new URL(window.location.href);
  if (!url.searchParams.has(param)) return;
  url.searchParams.delete(param);
  history.replaceState(history.state, '', url);
};

/**
 * While `open`, Back closes the dialog (calls `close`) and keeps the page where it was. With an
 * `address`, the dialog's history entry carries it, so a reload opens the same thing, and leaving
 * the dialog leaves the address without it.
 */
export function useBackCloses(open: boolean, close: () => void, address?: DialogAddress | null): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  const addressRef = useRef(address);
  addressRef.current = address;
  const markerRef = useRef<string | null>(null);
  useEffect(() => {
    if (!open || typeof window === 'undefined') return;
    dialogs += 1;
    const marker = `dialog-${LOAD}-${dialogs}`;
    markerRef.current = marker;
    let active = true;
    let pushed = false;
    let poppedByBack = false;
    const onPop = () => {
      if ((history.state as { dialog?: string } | null)?.dialog === marker) return;
      poppedByBack = true;
      // An entry from before a reload may still name what this dialog showed.
      dropParam(addressRef.current?.param);
      closeRef.current();
    };
    whenSettled(() => {
      if (!active) return;
      const url = new URL(window.location.href);
      const a = addressRef.current;
      if (a) url.searchParams.set(a.param, a.value);
      history.pushState({ ...(history.state as object | null), dialog: marker }, '', url);
      pushed = true;
      window.addEventListener('popstate', onPop);
    });
    return () => {
      active = false;
      markerRef.current = null;
      window.removeEventListener('popstate', onPop);
      if (pushed && !poppedByBack && (history.state as { dialog?: string } | null)?.dialog === marker) back();
    };
  }, [open]);
  // The same dialog showing another item (a duplicate opened from it): its entry names the new one.
  const value = address?.value;
  useEffect(() => {
    const a = addressRef.current;
    if (!a || !markerRef.current) return;
    whenSettled(() => {
      if ((history.state as { dialog?: string } | null)?.dialog !== markerRef.current) return;
      const url = new URL(window.location.href);
      if (url.searchParams.get(a.param) === a.value) return;
      url.searchParams.set(a.param, a.value);
      history.replaceState(history.state, '', url);
    });
  }, [value]);
}

const sectionOf = <T extends string>(values: readonly T[], fallback: T, param = 'section'): T => {
  const v = new URLSearchParams(window.location.search).get(param);
  return v && (values as readonly string[]).includes(v) ? (v as T) : fallback;
};

export interface SectionOptions {
  /** The query parameter that holds it (`section` unless a page keeps two, like the console). */
  param?: string;
  /** Parameters of sections inside this one, dropped when another of this one is chosen. */
  drops?: readonly string[];
}

/**
 * Sets (or, with null, removes) a parameter of the current history entry without adding one: what
 * is open inside a section (a request in the console's Inbox) survives a reload, while its dialog
 * is the entry Back takes off (useBackCloses).
 */
export function replaceParam(param: string, value: string | null): void {
  if (typeof window === 'undefined') return;
  whenSettled(() => {
    const url = new URL(window.location.href);
    if ((url.searchParams.get(param) ?? null) === value) return;
    if (value === null) url.searchParams.delete(param);
    else url.searchParams.set(param, value);
    history.replaceState(history.state, '', url);
  });
}

/** A parameter of the current address, read once (the initial state of what it names). */
export const paramOf = (param: string): string | null =>
  typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get(param);

/**
 * The dashboard's section, kept in the address (`?section=`): choosing one adds a history entry,
 * Back and Forward move between them, and a reload or an email's link opens on it. A link's
 * `#item-<id>` is scrolled into view once the item is on screen.
 */
export function useSection<T extends string>(
  values: readonly T[],
  initial: T,
  options: SectionOptions = {},
): [T, (section: T) => void] {
  const param = options.param ?? 'section';
  const [section, setSection] = useState<T>(() =>
    typeof window === 'undefined' ? initial : sectionOf(values, initial, param),
  );
  const valuesRef = useRef(values);
  const dropsRef = useRef(options.drops ?? []);
  useEffect(() => {
    // Registered before any dialog's Back, so it runs first and sees that Back as the page's own.
    const onPop = () => {
      if (ownBacks === 0) setSection(sectionOf(valuesRef.current, initial, param));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [initial, param]);
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (!id.startsWith('item-')) return;
    // The item appears once its section's list has loaded: look for it for a few seconds at most.
    let tries = 0;
    const timer = window.setInterval(() => {
      const el = document.getElementById(id);
      tries += 1;
      if (el) el.scrollIntoView({ block: 'start' });
      if (el || tries > 50) window.clearInterval(timer);
    }, 100);
    return () => window.clearInterval(timer);
  }, []);
  const choose = useCallback(
    (next: T) => {
      setSection(next);
      whenSettled(() => {
        const url = new URL(window.location.href);
        const inner = dropsRef.current.filter((p) => url.searchParams.has(p));
        if (sectionOf(valuesRef.current, initial, param) === next && url.searchParams.has(param) && !inner.length)
          return;
        url.searchParams.set(param, next);
        for (const p of inner) url.searchParams.delete(p);
        url.hash = '';
        history.pushState({ [param]: next }, '', url);
      });
    },
    [initial, param],
  );
  return [section, choose];
}
