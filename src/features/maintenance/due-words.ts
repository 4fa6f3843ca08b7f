import { formatHours } from '../../contract/job-figures.ts';
import { formatDay } from '../../lib/format.ts';

/**
 * How an item's due point is said in requests and reminders (issue 26, point 17): an overdue item
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
