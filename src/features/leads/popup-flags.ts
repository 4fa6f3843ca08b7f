// The lead popup's browser-storage flags (docs/product.md §2, "Lead-capture popup"): closing it sets a
// session flag, a submitted lead sets a lasting one, and either keeps it from showing again.
import { CODE_CLAIMED_EVENT, POPUP_STORAGE } from '../../contract/popup.ts';

export interface PopupStorages {
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  local: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

function browserStorages(): PopupStorages | null {
  try {
    return { session: window.sessionStorage, local: window.localStorage };
  } catch {
    // Storage disabled (some privacy modes): the popup then never shows rather than nagging.
    return null;
  }
}

/** True when the popup may show: not closed in this session and no lead submitted from this browser. */
export function isPopupDue(storages: PopupStorages | null = browserStorages()): boolean {
  if (!storages) return false;
  try {
    return !storages.session.getItem(POPUP_STORAGE.shown) && !storages.local.getItem(POPUP_STORAGE.submitted);
  } catch {
    return false;
  }
}

function write(action: (s: PopupStorages) => void, storages: PopupStorages | null): void {
  if (!storages) return;
  try {
    action(storages);
  } catch {
    // Quota or privacy errors only cost the memory of the flag.
  }
}

export function markPopupClosed(storages: PopupStorages | null = browserStorages()): void {
  write((s) => s.session.setItem(POPUP_STORAGE.shown, 'true'), storages);
}

export function markLeadSubmitted(storages: PopupStorages | null = browserStorages()): void {
  write((s) => s.local.setItem(POPUP_STORAGE.submitted, 'true'), storages);
}

/** Keeps the code this browser claimed, and tells a quote form already on the page. */
export function rememberClaimedCode(code: string, storages: PopupStorages | null = browserStorages()): void {
  write((s) => s.local.setItem(POPUP_STORAGE.code, code), storages);
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(CODE_CLAIMED_EVENT, { detail: code }));
}

/** The code this browser claimed, or ''. */
export function claimedCode(storages: PopupStorages | null = browserStorages()): string {
  try {
    return storages?.local.getItem(POPUP_STORAGE.code) ?? '';
  } catch {
    return '';
  }
}

/** Clears every flag: the popup shows again on the next visit of the home page. */
export function resetPopupFlags(storages: PopupStorages | null = browserStorages()): void {
  write((s) => {
    s.session.removeItem(POPUP_STORAGE.shown);
    s.local.removeItem(POPUP_STORAGE.submitted);
  }, storages);
}
