import type { LineCategory, LineDecision } from './line-items.ts';
import type { ItemKind } from './maintenance.ts';
import { MARKETPLACE_SERVICE_TYPES } from './marketplace.ts';

/**
 * Which of a request's due items and squawks a bid's lines answer, and which of them the job
 * actually did (docs/decisions/0160-what-a-job-completes.md). Pure: the comparison of bids shows
 * what each covers and leaves out, and the signature of the entry completes only what an approved
 * line did. A line answers an item when it names it (`dueItemId`/`squawkId`) or, since lines are
 * typed by hand, when its description names it: the inspection's or check's own words, an AD's
 * number, a squawk's or owner item's title.
 */

export interface CoverageLine {
  id?: string;
  description: string;
  decision: LineDecision | null;
  dueItemId: string | null;
  squawkId: string | null;
  decidedAt?: string | null;
  category?: LineCategory;
  /** A line of a change order, added during the job (not part of the quote as sent). */
  changeOrder?: boolean;
}

export interface CoverageItem {
  id: string;
  kind: ItemKind;
  title: string;
  adNumber: string | null;
}

export interface CoverageSquawk {
  id: string;
  title: string;
}

/** The words a line uses for each rule-based item. */
const KIND_WORDS: Partial<Record<ItemKind, RegExp>> = {
  annual: /\bannual\b/i,
  '100_hour': /\b100[\s-]*(?:hour|hr|h)\b/i,
  transponder: /\btransponder\b|\bxpdr\b|91\.413/i,
  pitot_static: /\baltimeter\b|\bpitot\b|\bstatic system\b|91\.411/i,
  elt: /\belt\b|emergency locator/i,
  registration: /\bregistration\b/i,
};

const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function describes(description: string, title: string): boolean {
  const d = squash(description);
  const t = squash(title);
  return t.length >= 3 && (d.includes(t) || (d.length >= 6 && t.includes(d)));
}

/** Whether a line's words name the item (a line that names another item by id never does). */
export function lineNamesItem(line: CoverageLine, item: CoverageItem): boolean {
  if (line.dueItemId !== null) return line.dueItemId === item.id;
  if (line.squawkId !== null) return false;
  const words = KIND_WORDS[item.kind];
  if (words) return words.test(line.description);
  if (item.kind === 'ad' && item.adNumber && line.description.includes(item.adNumber)) return true;
  return describes(line.description, item.title);
}

export function lineNamesSquawk(line: CoverageLine, squawk: CoverageSquawk): boolean {
  if (line.squawkId !== null) return line.squawkId === squawk.id;
  if (line.dueItemId !== null) return false;
  return describes(line.description, squawk.title);
}

/** The one line of the spec's plain quote is the service's label ("Annual Inspection"): lines.server.ts priceBid. */
const PLAIN_QUOTE_LINES: ReadonlySet<string> = new Set(MARKETPLACE_SERVICE_TYPES.map((t) => t.label));

/**
 * The lines that answer each item. The spec's plain quote (labor, parts and hours, stored as one
 * line named after the service) is the request as a whole: it answers every item and squawk the
 * request was made for. A quote itemized into one line of the mechanic's own words answers what
 * those words name, like any line: "Annual inspection, C182P" alone leaves out the overdue
 * transponder check (docs/decisions/0168), in the comparison and at signing.
 */
function answering<T>(
  lines: readonly CoverageLine[],
  things: readonly T[],
  names: (l: CoverageLine, t: T) => boolean,
): Map<T, CoverageLine[]> {
  const quoted = lines.filter((l) => !l.changeOrder);
  const only = quoted.length === 1 ? quoted[0]! : null;
  const whole =
    only && only.dueItemId === null && only.squawkId === null && PLAIN_QUOTE_LINES.has(only.description) ? only : null;
  return new Map(things.map((t) => [t, lines.filter((l) => l === whole || names(l, t))]));
}

export interface Coverage {
  coveredItemIds: string[];
  missingItemIds: string[];
  coveredSquawkIds: string[];
  missingSquawkIds: string[];
}

/** What a bid's lines (as sent, before any decision) cover of the request's items and squawks. */
export function bidCoverage(
  lines: readonly CoverageLine[],
  items: readonly CoverageItem[],
  squawks: readonly CoverageSquawk[],
): Coverage {
  const byItem = answering(lines, items, lineNamesItem);
  const bySquawk = answering(lines, squawks, lineNamesSquawk);
  return {
    coveredItemIds: items.filter((i) => byItem.get(i)!.length > 0).map((i) => i.id),
    missingItemIds: items.filter((i) => byItem.get(i)!.length === 0).map((i) => i.id),
    coveredSquawkIds: squawks.filter((s) => bySquawk.get(s)!.length > 0).map((s) => s.id),
    missingSquawkIds: squawks.filter((s) => bySquawk.get(s)!.length === 0).map((s) => s.id),
  };
}

export interface LeftOpen {
  id: string;
  /** The item's or squawk's title. */
  title: string;
  decision: 'defer' | 'decline';
  /** When the owner decided (YYYY-MM-DD), when known. */
  decidedOn: string | null;
}

export interface WorkDone {
  itemIds: string[];
  squawkIds: string[];
  /** Items and squawks the owner deferred or declined: they stay due or open. */
  leftOpen: LeftOpen[];
}

/**
 * What a finished job did: an item or squawk is done only when an approved line answers it and
 * no line answering it was deferred or declined. One left out of every line stays due too: the
 * job never said it did it.
 */
export function workDone(
  lines: readonly CoverageLine[],
  items: readonly CoverageItem[],
  squawks: readonly CoverageSquawk[],
  /** The day of a decision: the local day at the aircraft's airport (the caller knows its zone). */
  dayOf: (instant: string) => string = (instant) => instant.slice(0, 10),
): WorkDone {
  const leftOpen: LeftOpen[] = [];
  const decide = <T extends { id: string; title: string }>(map: Map<T, CoverageLine[]>): string[] => {
    const done: string[] = [];
    for (const [thing, answers] of map) {
      const refused = answers.find((l) => l.decision === 'defer' || l.decision === 'decline');
      if (refused) {
        leftOpen.push({
          id: thing.id,
          title: thing.title,
          decision: refused.decision as 'defer' | 'decline',
          decidedOn: refused.decidedAt ? dayOf(refused.decidedAt) : null,
        });
      } else if (answers.some((l) => l.decision === 'approve')) {
        done.push(thing.id);
      }
    }
    return done;
  };
  const itemIds = decide(answering(lines, items, lineNamesItem));
  const squawkIds = decide(answering(lines, squawks, lineNamesSquawk));
  return { itemIds, squawkIds, leftOpen };
}

/** A quote or change-order line the owner deferred or declined, as the airworthiness verdict reads it (maintenance/rules.ts). */
export interface RefusedLine {
  description: string;
  category: LineCategory;
  dueItemId: string | null;
  squawkId: string | null;
}

// ---------------------------------------------------------------------------------------------
// "Answers": which due item or squawk a line is for, as the quote and change-order forms pick it

/** The picker's value: '' (none), `item:<id>` or `squawk:<id>`; the API carries `dueItemId`/`squawkId`. */
export type LineAnswer = '' | `item:${string}` | `squawk:${string}`;

/** What a request was made for, as the picker lists it. */
export interface AnswerChoices {
  items: readonly CoverageItem[];
  squawks: readonly CoverageSquawk[];
}

/** The line's `dueItemId` and `squawkId` from the picker's value (the API's LineSchema checks them). */
export function answerIds(value: string): { dueItemId: string | null; squawkId: string | null } {
  if (value.startsWith('item:')) return { dueItemId: value.slice(5), squawkId: null };
  if (value.startsWith('squawk:')) return { dueItemId: null, squawkId: value.slice(7) };
  return { dueItemId: null, squawkId: null };
}

/** The picker's options: "None", then the request's due items, then its squawks. */
export function answerOptions(choices: AnswerChoices): Array<{ value: LineAnswer; label: string }> {
  return [
    { value: '', label: 'None' },
    ...choices.items.map((i) => ({ value: `item:${i.id}` as const, label: i.title })),
    ...choices.squawks.map((s) => ({ value: `squawk:${s.id}` as const, label: `Squawk: ${s.title}` })),
  ];
}

/**
 * The suggestion for a line not picked by hand: the one item or squawk its words name, else the
 * one thing a single-item request was made for (a travel line answers nothing), else none.
 */
export function suggestedAnswer(
  line: { description: string; category?: LineCategory },
  choices: AnswerChoices,
): LineAnswer {
  if (line.category === 'travel') return '';
  const words: CoverageLine = { description: line.description, decision: null, dueItemId: null, squawkId: null };
  const named = [
    ...choices.items.filter((i) => lineNamesItem(words, i)).map((i) => `item:${i.id}` as const),
    ...choices.squawks.filter((s) => lineNamesSquawk(words, s)).map((s) => `squawk:${s.id}` as const),
  ];
  if (named.length === 1) return named[0]!;
  if (named.length === 0 && choices.items.length + choices.squawks.length === 1)
    return choices.items[0] ? `item:${choices.items[0].id}` : `squawk:${choices.squawks[0]!.id}`;
  return '';
}

/** What a sent line answers, in words ("Left main brake dragging"); null when it names nothing by id. */
export function answerTitle(
  line: { dueItemId: string | null; squawkId: string | null },
  choices: AnswerChoices,
): string | null {
  if (line.dueItemId) return choices.items.find((i) => i.id === line.dueItemId)?.title ?? null;
  if (line.squawkId) return choices.squawks.find((s) => s.id === line.squawkId)?.title ?? null;
  return null;
}
