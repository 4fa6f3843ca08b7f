import {
  hoursTenthsOf,
  categoryTotals,
  laborCents,
  sumLines,
  toTotals,
  type PricedLine,
} from '../../contract/bid-lines.ts';
import { LINE_CATEGORIES, type CategoryTotals, type LineCategory, type Totals } from '../../contract/line-items.ts';
import { answerIds, suggestedAnswer, type AnswerChoices, type LineAnswer } from '../../contract/line-coverage.ts';

/** A line as typed in the bid dialog: text fields, a stable key for React. */
export interface DraftLine {
  key: string;
  category: LineCategory;
  description: string;
  laborHours: string;
  laborRate: string;
  partsCost: string;
  /** The due item or squawk the mechanic picked for the line; absent, the suggestion from its words. */
  answers?: LineAnswer;
}

let counter = 0;
export function draftLine(over: Partial<Omit<DraftLine, 'key'>> = {}): DraftLine {
  counter += 1;
  return {
    key: `line-${counter}`,
    category: 'inspection',
    description: '',
    laborHours: '',
    laborRate: '',
    partsCost: '',
    ...over,
  };
}

const num = (v: string): number => {
  const n = Number(v.trim().replace(/[$,]/g, ''));
  return v.trim() === '' || !Number.isFinite(n) || n < 0 ? 0 : n;
};

/** The hours field's refusal as typed (the server's own rule), or undefined when it is fine. */
export function hoursError(l: DraftLine): string | undefined {
  const t = hoursTenthsOf(l.laborHours);
  return typeof t === 'number' ? undefined : t.error;
}

/**
 * What a draft line is worth as typed. Invalid or negative figures count as 0 until corrected:
 * hours off the 0.1 step are never rounded into a total the server would then refuse.
 */
export function pricedDraft(l: DraftLine): PricedLine {
  const typed = hoursTenthsOf(l.laborHours);
  const hoursTenths = typeof typed === 'number' ? typed : 0;
  return {
    category: l.category,
    hoursTenths,
    laborCents: laborCents(hoursTenths, Math.round(num(l.laborRate) * 100)),
    partsCents: Math.round(num(l.partsCost) * 100),
  };
}

export const draftTotals = (lines: readonly DraftLine[]): Totals => toTotals(sumLines(lines.map(pricedDraft)));
export const draftCategoryTotals = (lines: readonly DraftLine[]): CategoryTotals =>
  categoryTotals(lines.map(pricedDraft));

/** The categories that have at least one line, in the fixed order. */
export const usedCategories = (lines: readonly { category: LineCategory }[]): LineCategory[] =>
  LINE_CATEGORIES.filter((c) => lines.some((l) => l.category === c));

/** Moves the item at `from` by `by` places (-1 up, +1 down), clamped to the list. */
export function move<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** What a line answers as the picker shows it: the mechanic's pick, else the suggestion. */
export const answerOf = (l: DraftLine, choices: AnswerChoices | null | undefined): LineAnswer =>
  choices ? (l.answers ?? suggestedAnswer(l, choices)) : '';

/** The body's `lines` from the drafts (the server validates and prices them, and checks what they answer). */
export const linesBody = (lines: readonly DraftLine[], choices?: AnswerChoices | null) =>
  lines.map((l) => ({
    category: l.category,
    description: l.description,
    laborHours: l.laborHours,
    laborRate: l.laborRate,
    partsCost: l.partsCost,
    ...answerIds(answerOf(l, choices)),
  }));
