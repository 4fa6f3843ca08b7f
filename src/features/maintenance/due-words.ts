import { formatHours } from '../../contract/job-figures.ts';
import type { MaintenanceItem } from '../../contract/maintenance.ts';
import { formatDay } from '../../lib/format.ts';

/**
 * How an item's due point is said in requests and reminders: an overdue item
 * whose date is still ahead is overdue by hours, so it never reads "was due by" a future date;
 * hours are grouped ("3,390.4 hours"); an AD titled by its number is named once.
 */
export function dueWords(
  item: { status: string; dueDate: string | null; dueHours: number | null },
  today: string,
): string {
  const date = item.dueDate ? `by ${formatDay(item.dueDate)}` : null;
  const hours = item.dueHours !== null ? `at ${formatHours(item.dueHours, 'hours')}` : null;
  const parts = [date, hours].filter(Boolean);
  if (parts.length === 0) return '';
  if (item.status === 'overdue' && hours && item.dueDate && item.dueDate >= today)
    return `was due ${hours} (the date limit is ${formatDay(item.dueDate)})`;
  return `${item.status === 'overdue' ? 'was due' : 'due'} ${parts.join(' or ')}${parts.length > 1 ? ', whichever comes first' : ''}`;
}

/** 'AD 2020-18-03, 14 CFR part 39' once, not 'AD 2020-18-03 (AD 2020-18-03, 14 CFR part 39)'. */
export const titledItem = (item: { title: string; cite: string }): string =>
  item.cite.startsWith(item.title) ? item.cite : `${item.title} (${item.cite})`;

/**
 * The rule to show beside words that already name the item: '14 CFR part 39' beside 'AD 2011-10-09
 * overdue', whose cite 'AD 2011-10-09, 14 CFR part 39' would name the AD a second time.
 */
export function citeBeside(words: string, cite: string): string {
  const comma = cite.indexOf(', ');
  return comma > 0 && words.startsWith(cite.slice(0, comma)) ? cite.slice(comma + 2) : cite;
}

const hoursText = (h: number) => `${h.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`;

/** When an item is due, on both clocks: "Mar 31, 2027 or 1,100 h (about Jan 5, 2027)". */
export function dueText(item: Pick<MaintenanceItem, 'dueDate' | 'dueHours' | 'forecastDate'>): string {
  const parts: string[] = [];
  if (item.dueDate) parts.push(formatDay(item.dueDate));
  if (item.dueHours !== null)
    parts.push(hoursText(item.dueHours) + (item.forecastDate ? ` (about ${formatDay(item.forecastDate)})` : ''));
  return parts.length ? parts.join(' or ') : 'Nothing further due';
}

export function lastDoneText(item: Pick<MaintenanceItem, 'lastDoneDate' | 'lastDoneHours'>): string {
  const parts = [
    item.lastDoneDate ? formatDay(item.lastDoneDate) : null,
    item.lastDoneHours !== null ? hoursText(item.lastDoneHours) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' at ') : 'Not recorded';
}

export function intervalText(item: Pick<MaintenanceItem, 'intervalMonths' | 'intervalHours'>): string {
  const parts = [
    item.intervalMonths ? `${item.intervalMonths} months` : null,
    item.intervalHours ? `${item.intervalHours} h` : null,
  ].filter(Boolean);
  return parts.length ? `Every ${parts.join(' or ')}` : 'Once';
}
