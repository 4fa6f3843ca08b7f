import {
  AD_NUMBER,
  ITEM_KINDS,
  KIND_RULES,
  MAINTENANCE,
  type AircraftUsage,
  type ItemKind,
  type ItemStatus,
  type Reason,
  type SquawkPriority,
  type SquawkStatus,
} from '../../contract/maintenance.ts';
import type { MarketplaceServiceType, UrgencyLevel } from '../../contract/marketplace.ts';
import { labelOf } from '../../contract/options.ts';
import { addDays, addMonthsClamped, daysBetween, earliestDate, endOfCalendarMonthsAfter } from './dates.ts';
import { dueWords, titledItem } from './due-words.ts';
import { formatDay } from '../../lib/format.ts';
import { lineNamesItem, type RefusedLine } from '../../contract/line-coverage.ts';

export type { RefusedLine };

/**
 * The maintenance rules as arithmetic (docs/decisions/0100-maintenance-tracking.md). Pure: the
 * date of today, the current hours and the aircraft's use are passed in.
 */

/** Kinds whose months are calendar months: due through the last day of the month. */
const CALENDAR_MONTH_KINDS: readonly ItemKind[] = ['annual', 'transponder', 'pitot_static', 'elt'];

export interface ItemFacts {
  kind: ItemKind;
  lastDoneDate: string | null;
  lastDoneHours: number | null;
  intervalMonths: number | null;
  intervalHours: number | null;
  /** A fixed due date (registration expiry, ELT battery, one-time AD). */
  fixedDueDate: string | null;
  fixedDueHours: number | null;
  /** 100-hour: hours flown past the last due time, counted toward the next 100. */
  carriedHours: number;
}

export interface Clocks {
  today: string;
  /** The aircraft's latest hours; null when never recorded. */
  currentHours: number | null;
  /** Average use in hours a day; null when unknown. */
  hoursPerDay: number | null;
  dueSoonDays: number;
  dueSoonHours: number;
}

export interface ItemDue {
  dueDate: string | null;
  dueHours: number | null;
  forecastDate: string | null;
  status: ItemStatus;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The next due date from the interval alone. */
export function intervalDueDate(
  kind: ItemKind,
  lastDoneDate: string | null,
  intervalMonths: number | null,
): string | null {
  if (lastDoneDate === null || intervalMonths === null) return null;
  return CALENDAR_MONTH_KINDS.includes(kind)
    ? endOfCalendarMonthsAfter(lastDoneDate, intervalMonths)
    : addMonthsClamped(lastDoneDate, intervalMonths);
}

/** The next due hours from the interval alone; a 100-hour's carried excess is taken off. */
export function intervalDueHours(
  lastDoneHours: number | null,
  intervalHours: number | null,
  carriedHours = 0,
): number | null {
  if (lastDoneHours === null || intervalHours === null) return null;
  return round1(lastDoneHours + intervalHours - carriedHours);
}

/**
 * 14 CFR 91.409(b): a 100-hour done up to 10 hours after it was due carries the excess to the
 * next one (due at 1200, done at 1206: next due at 1300, not 1306). Done early, or later than the
 * allowance, nothing is carried: the next 100 hours start when it was done.
 */
export function hundredHourCarry(previousDueHours: number | null, doneHours: number): number {
  if (previousDueHours === null) return 0;
  const over = round1(doneHours - previousDueHours);
  return over > 0 && over <= MAINTENANCE.hundredHourAllowance ? over : 0;
}

const worse = (a: ItemStatus, b: ItemStatus): ItemStatus =>
  a === 'overdue' || b === 'overdue' ? 'overdue' : a === 'due_soon' || b === 'due_soon' ? 'due_soon' : 'ok';

/** Due through `dueDate`: overdue the day after; due soon within `dueSoonDays`. */
export function dateStatus(dueDate: string | null, today: string, dueSoonDays: number): ItemStatus {
  if (dueDate === null) return 'ok';
  const left = daysBetween(today, dueDate);
  if (left < 0) return 'overdue';
  return left <= dueSoonDays ? 'due_soon' : 'ok';
}

/** Due at `dueHours`: overdue once flown past it; due soon within `dueSoonHours`. */
export function hoursStatus(dueHours: number | null, currentHours: number | null, dueSoonHours: number): ItemStatus {
  if (dueHours === null || currentHours === null) return 'ok';
  const left = round1(dueHours - currentHours);
  if (left < 0) return 'overdue';
  return left <= dueSoonHours ? 'due_soon' : 'ok';
}

/** The day the aircraft should reach `dueHours` at `hoursPerDay`; null without a use or once reached. */
export function forecastDate(
  dueHours: number | null,
  clocks: Pick<Clocks, 'today' | 'currentHours' | 'hoursPerDay'>,
): string | null {
  if (dueHours === null || clocks.currentHours === null || !clocks.hoursPerDay || clocks.hoursPerDay <= 0) return null;
  const left = dueHours - clocks.currentHours;
  if (left < 0) return null;
  return addDays(clocks.today, Math.floor(left / clocks.hoursPerDay));
}

/**
 * Next due on both clocks, whichever comes first: the earlier of the interval's date and a fixed
 * date, the lower of the interval's hours and fixed hours; the status is the worse of the two.
 */
export function computeDue(item: ItemFacts, clocks: Clocks): ItemDue {
  const dueDate = earliestDate(intervalDueDate(item.kind, item.lastDoneDate, item.intervalMonths), item.fixedDueDate);
  const fromInterval = intervalDueHours(
    item.lastDoneHours,
    item.intervalHours,
    item.kind === '100_hour' ? item.carriedHours : 0,
  );
  const dueHours =
    fromInterval === null
      ? item.fixedDueHours
      : item.fixedDueHours === null
        ? fromInterval
        : Math.min(fromInterval, item.fixedDueHours);
  const status = worse(
    dateStatus(dueDate, clocks.today, clocks.dueSoonDays),
    hoursStatus(dueHours, clocks.currentHours, clocks.dueSoonHours),
  );
  return { dueDate, dueHours, forecastDate: forecastDate(dueHours, clocks), status };
}

/** What an item needs to be trackable; null when fine, else the message of a 400. */
export function itemProblem(
  kind: ItemKind,
  item: Omit<ItemFacts, 'kind' | 'carriedHours'> & { adNumber: string | null; title: string | null },
): string | null {
  if (kind === 'ad' && !item.adNumber) return 'AD number is required for an airworthiness directive (as YYYY-NN-NN)';
  if (kind === 'ad' && item.adNumber && !AD_NUMBER.test(item.adNumber))
    return 'AD number must look like YYYY-NN-NN (e.g. 2020-18-03)';
  if (kind === 'custom' && !item.title) return 'Title is required for an owner item';
  if (kind === 'registration' && !item.fixedDueDate)
    return 'Due date is required for a registration: the expiry date on the certificate';
  if (item.intervalMonths !== null && item.lastDoneDate === null)
    return `Last done date is required for an item due every ${item.intervalMonths} months`;
  if (item.intervalHours !== null && item.lastDoneHours === null)
    return `Last done hours are required for an item due every ${item.intervalHours} hours`;
  const tracked =
    item.intervalMonths !== null ||
    item.intervalHours !== null ||
    item.fixedDueDate !== null ||
    item.fixedDueHours !== null;
  // A one-time AD already complied with owes nothing more; anything else needs a way to come due.
  const complied = kind === 'ad' && (item.lastDoneDate !== null || item.lastDoneHours !== null);
  if (!tracked && !complied) return 'Give an interval (months or hours) or a due date or due hours';
  return null;
}

/** The cite shown beside an item. */
export function citeOf(kind: ItemKind, adNumber: string | null, hasInterval: boolean): string {
  if (kind === 'ad') return adNumber ? `AD ${adNumber}, 14 CFR part 39` : KIND_RULES.ad.cite; // shown in parentheses: none nested
  if (kind === 'elt' && !hasInterval) return '14 CFR 91.207(c)';
  return KIND_RULES[kind].cite;
}

export function titleOf(kind: ItemKind, title: string | null, adNumber: string | null): string {
  if (title) return title;
  if (kind === 'ad' && adNumber) return `AD ${adNumber}`;
  return labelOf(ITEM_KINDS, kind);
}

// ---------------------------------------------------------------------------------------------
// Average use

export interface Reading {
  date: string;
  hours: number;
}

/**
 * Average hours a day over the readings of the last 90 days (dated from today - 90 to today): the
 * hours between the first and last of them over the days between them. Null with fewer than two
 * readings on different days or no hours flown.
 */
export function averageHoursPerDay(
  readings: readonly Reading[],
  today: string,
  windowDays: number = MAINTENANCE.forecastWindowDays,
): number | null {
  const from = addDays(today, -windowDays);
  const recent = readings
    .filter((r) => r.date >= from && r.date <= today)
    .sort((a, b) => (a.date === b.date ? a.hours - b.hours : a.date < b.date ? -1 : 1));
  if (recent.length < 2) return null;
  const first = recent[0]!;
  const last = recent[recent.length - 1]!;
  const days = daysBetween(first.date, last.date);
  const flown = last.hours - first.hours;
  if (days <= 0 || flown <= 0) return null;
  return flown / days;
}

// ---------------------------------------------------------------------------------------------
// The verdict

export interface VerdictItem {
  id?: string;
  kind: ItemKind;
  title: string;
  cite: string;
  adNumber?: string | null;
  status: ItemStatus;
  dueDate: string | null;
  dueHours: number | null;
}

export interface VerdictSquawk {
  title: string;
  priority: SquawkPriority;
  status: SquawkStatus;
}

/**
 * What an overdue item does to the aircraft, item by item as 14 CFR says
 * (docs/decisions/0270-one-airworthiness-rule.md): `grounds` (may not be flown: not airworthy),
 * `limits` (airworthy, but a use is forbidden: the transponder, IFR) or nothing (the owner's own
 * schedule, a 100-hour on a private aircraft).
 */
export type OverdueEffect = 'grounds' | 'limits' | 'none';

export function overdueEffect(kind: ItemKind, usage: AircraftUsage): OverdueEffect {
  switch (kind) {
    case 'annual':
    case 'ad':
    case 'elt':
    case 'registration':
      return 'grounds';
    case '100_hour':
      return usage === 'for_hire' ? 'grounds' : 'none';
    case 'transponder':
    case 'pitot_static':
      return 'limits';
    case 'custom':
      return 'none';
  }
}

const wasDue = (item: VerdictItem) => `was due by ${item.dueDate ? formatDay(item.dueDate) : 'an unknown date'}`;

/** The reason an overdue item gives, in the words every screen shows. */
function overdueReason(item: VerdictItem, usage: AircraftUsage, currentHours: number | null): Reason | null {
  switch (item.kind) {
    case 'annual':
      return { text: `Annual inspection overdue (${wasDue(item)})`, cite: item.cite };
    case '100_hour': {
      if (usage !== 'for_hire') return null;
      const over = item.dueHours !== null && currentHours !== null ? round1(currentHours - item.dueHours) : null;
      const allowance =
        over !== null && over <= MAINTENANCE.hundredHourAllowance
          ? `; up to ${MAINTENANCE.hundredHourAllowance} hours over are allowed only to reach a place where it can be done`
          : '';
      return {
        text: `100-hour inspection overdue${over !== null ? ` by ${over} hours` : ''} on an aircraft used for hire${allowance}`,
        cite: item.cite,
      };
    }
    case 'ad':
      return { text: `${item.title} overdue`, cite: item.cite };
    case 'elt':
      return {
        text: `${item.title} overdue (${wasDue(item)}): the airplane may not be flown except as 91.207(f) allows`,
        cite: item.cite,
      };
    case 'registration':
      return {
        text: `${item.title} expired (${wasDue(item)}): the airworthiness certificate is not in effect`,
        cite: `${item.cite}; 14 CFR 21.181(a)(1), 91.203(a)`,
      };
    case 'transponder':
      return {
        text: `${item.title} overdue (${wasDue(item)}): the transponder may not be used, so no flight where one is required (Class A, B and C airspace, within 30 NM of a Class B airport, above 10,000 ft MSL)`,
        cite: `${item.cite}, 91.215`,
      };
    case 'pitot_static':
      return {
        text: `${item.title} overdue (${wasDue(item)}): no IFR flight in controlled airspace`,
        cite: item.cite,
      };
    case 'custom':
      return null;
  }
}

/**
 * The refused lines that are discrepancies the mechanic found: filed as airworthiness work and
 * answering no due item of the aircraft. A refused line that answers a due item (by id or by its
 * words) is judged by that item's own rule, which stays due: the deferral itself grounds nothing.
 */
export function refusedDiscrepancies(lines: readonly RefusedLine[], items: readonly VerdictItem[]): RefusedLine[] {
  return lines.filter(
    (l) =>
      l.category === 'airworthy' &&
      !items.some(
        (i) =>
          i.id !== undefined &&
          lineNamesItem(
            { description: l.description, decision: 'defer', dueItemId: l.dueItemId, squawkId: l.squawkId },
            { id: i.id, kind: i.kind, title: i.title, adNumber: i.adNumber ?? null },
          ),
      ),
  );
}

/**
 * The one airworthiness rule (docs/decisions/0270-one-airworthiness-rule.md): "Not airworthy" when
 * an overdue item grounds the aircraft (annual, AD, ELT, registration, a 100-hour for hire), a
 * grounding squawk is open, or the owner deferred or declined a discrepancy the mechanic filed as
 * airworthiness work; "limits" name what an overdue transponder or static test forbids. Each
 * reason names its rule.
 */
export function verdict(
  usage: AircraftUsage,
  items: readonly VerdictItem[],
  squawks: readonly VerdictSquawk[],
  currentHours: number | null,
  refused: readonly RefusedLine[] = [],
): { airworthy: boolean; reasons: Reason[]; limits: Reason[] } {
  const reasons: Reason[] = [];
  const limits: Reason[] = [];
  for (const item of items) {
    if (item.status !== 'overdue') continue;
    const effect = overdueEffect(item.kind, usage);
    const reason = effect === 'none' ? null : overdueReason(item, usage, currentHours);
    if (reason) (effect === 'grounds' ? reasons : limits).push(reason);
  }
  for (const squawk of squawks) {
    if (squawk.status === 'open' && squawk.priority === 'grounding')
      reasons.push({ text: `Open grounding squawk: ${squawk.title}`, cite: '14 CFR 91.7' });
  }
  for (const line of refusedDiscrepancies(refused, items))
    reasons.push({ text: `Airworthiness item deferred by owner: ${line.description}`, cite: '14 CFR 91.403' });
  return { airworthy: reasons.length === 0, reasons, limits };
}

// ---------------------------------------------------------------------------------------------
// The service request made from items and squawks

export interface RequestItem {
  kind: ItemKind;
  title: string;
  cite: string;
  status: ItemStatus;
  dueDate: string | null;
  dueHours: number | null;
}

export interface RequestSquawk {
  title: string;
  description: string | null;
  priority: SquawkPriority;
}

/** Annual first, then 100-hour, then repair: a grounding squawk is an emergency repair, the rest scheduled maintenance. */
export function serviceTypeFor(
  items: readonly RequestItem[],
  squawks: readonly RequestSquawk[],
): MarketplaceServiceType {
  if (items.some((i) => i.kind === 'annual')) return 'annual_inspection';
  if (items.some((i) => i.kind === '100_hour')) return 'hundred_hour';
  if (squawks.some((s) => s.priority === 'grounding')) return 'emergency_repair';
  return 'scheduled_maintenance';
}

/** High when anything chosen is overdue or grounding, else normal; the owner may choose otherwise. */
export function urgencyFor(items: readonly RequestItem[], squawks: readonly RequestSquawk[]): UrgencyLevel {
  return items.some((i) => i.status === 'overdue') || squawks.some((s) => s.priority === 'grounding')
    ? 'high'
    : 'normal';
}

const STATUS_WORDS: Record<ItemStatus, string> = { ok: 'due', due_soon: 'due soon', overdue: 'overdue' };
const PRIORITY_WORDS: Record<SquawkPriority, string> = {
  grounding: 'grounding',
  fix_soon: 'fix soon',
  next_inspection: 'next inspection',
  when_convenient: 'when convenient',
};

/** ' (due by Jan 1, 2027 or at 1,100 hours, whichever comes first)': when it is or was due, on each clock. */
function dueText(item: RequestItem, today: string): string {
  const words = dueWords(item, today);
  return words ? ` (${words})` : '';
}

const titled = titledItem;

/** The request's description: each item with its cite and when it is due, each squawk. */
export function requestDescription(
  tailNumber: string,
  items: readonly RequestItem[],
  squawks: readonly RequestSquawk[],
  /** The day at the aircraft's airport (`aircraftToday`): "was due" is said against it. */
  today: string,
  note: string | null = null,
  max = 5000,
): string {
  const lines = [`Maintenance for ${tailNumber}:`];
  for (const i of items) lines.push(`- ${titled(i)}: ${STATUS_WORDS[i.status]}${dueText(i, today)}`);
  for (const s of squawks)
    lines.push(`- Squawk (${PRIORITY_WORDS[s.priority]}): ${s.title}${s.description ? ` - ${s.description}` : ''}`);
  if (note) lines.push('', `Note from the owner: ${note}`);
  const text = lines.join('\n');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
