import { describe, expect, it } from 'vitest';
import { POPUP_STORAGE } from '../../contract/popup.ts';
import { isPopupDue, markLeadSubmitted, markPopupClosed, resetPopupFlags, type PopupStorages } from './popup-flags.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

function storages(): PopupStorages & {
  session: ReturnType<typeof memoryStorage>;
  local: ReturnType<typeof memoryStorage>;
} {
  return { session: memoryStorage(), local: memoryStorage() };
}

describe('popup flags', () => {
  it('is due on a first visit', () => {
    expect(isPopupDue(storages())).toBe(true);
  });

  it('closing sets the session flag and keeps it away', () => {
    const s = storages();
    markPopupClosed(s);
    expect(s.session.map.get(POPUP_STORAGE.shown)).toBe('true');
    expect(isPopupDue(s)).toBe(false);
  });

  it('a submitted lead sets the lasting flag and keeps it away', () => {
    const s = storages();
    markLeadSubmitted(s);
    expect(s.local.map.get(POPUP_STORAGE.submitted)).toBe('true');
    expect(isPopupDue(s)).toBe(false);
  });

  it('reset clears both flags', () => {
    const s = storages();
    markPopupClosed(s);
    markLeadSubmitted(s);
    resetPopupFlags(s);
    expect(isPopupDue(s)).toBe(true);
  });

  it('never shows without storage, and never throws', () => {
    expect(isPopupDue(null)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const s = { session: broken, local: broken };
    expect(isPopupDue(s)).toBe(false);
    expect(() => markPopupClosed(s)).not.toThrow();
    expect(() => resetPopupFlags(s)).not.toThrow();
  });
});
