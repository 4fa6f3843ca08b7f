import type { LineCategory } from '../../contract/line-items.ts';

/** A line a mechanic reuses ("Annual inspection, PA-28"), kept in this browser per mechanic. */
export interface LineTemplate {
  category: LineCategory;
  description: string;
  laborHours: string;
  laborRate: string;
  partsCost: string;
}

const key = (mechanicId: string) => `lineTemplates:${mechanicId}`;

export function loadTemplates(mechanicId: string): LineTemplate[] {
  try {
    const raw = globalThis.localStorage?.getItem(key(mechanicId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? (parsed as LineTemplate[]).filter((t) => t && typeof t.description === 'string')
      : [];
  } catch {
    return [];
  }
}

export function saveTemplates(mechanicId: string, templates: readonly LineTemplate[]): void {
  try {
    globalThis.localStorage?.setItem(key(mechanicId), JSON.stringify(templates.slice(-30)));
  } catch {
    // Storage full or refused: templates are a convenience, the quote still works.
  }
}
