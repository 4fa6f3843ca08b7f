import { INBOX_SOURCES, INBOX_STATUSES, LOST_REASONS, type InboxItem, type InboxKind } from '../../contract/inbox.ts';
import { labelOf } from '../../contract/options.ts';
import { AIRCRAFT_TYPES, QUOTE_SERVICE_TYPES } from '../../contract/quote-fields.ts';
import { buildCsv } from '../marketing/csv.ts';

const COLUMNS: readonly { header: string; value: (i: InboxItem) => unknown; quotesOnly?: true }[] = [
  { header: 'Received', value: (i) => i.createdAt },
  { header: 'Respond by', value: (i) => i.respondBy, quotesOnly: true },
  { header: 'Overdue', value: (i) => (i.overdue ? 'yes' : 'no'), quotesOnly: true },
  { header: 'Status', value: (i) => labelOf(INBOX_STATUSES, i.status) },
  { header: 'Lost reason', value: (i) => (i.lostReason ? labelOf(LOST_REASONS, i.lostReason) : '') },
  { header: 'First name', value: (i) => i.firstName },
  { header: 'Last name', value: (i) => i.lastName, quotesOnly: true },
  { header: 'Email', value: (i) => i.email },
  { header: 'Phone', value: (i) => i.phone },
  { header: 'Aircraft make', value: (i) => i.aircraft?.make, quotesOnly: true },
  { header: 'Aircraft model', value: (i) => i.aircraft?.model, quotesOnly: true },
  { header: 'Registration', value: (i) => i.aircraft?.registrationNumber, quotesOnly: true },
  {
    header: 'Aircraft type',
    value: (i) => (i.aircraft ? labelOf(AIRCRAFT_TYPES, i.aircraft.type) : ''),
    quotesOnly: true,
  },
  {
    header: 'Service',
    value: (i) => (i.serviceType ? labelOf(QUOTE_SERVICE_TYPES, i.serviceType) : ''),
    quotesOnly: true,
  },
  { header: 'Location', value: (i) => i.location, quotesOnly: true },
  { header: 'Source', value: (i) => labelOf(INBOX_SOURCES, i.source) },
  { header: 'Assigned to', value: (i) => i.assignedTo?.name },
  { header: 'Est. savings %', value: (i) => i.estimatedSavings, quotesOnly: true },
  { header: 'Message', value: (i) => i.message, quotesOnly: true },
];

/** The filtered list as CSV (RFC 4180, formula-safe cells: src/features/marketing/csv.ts). */
export function inboxToCsv(kind: InboxKind, items: readonly InboxItem[]): string {
  const columns = COLUMNS.filter((c) => kind === 'quotes' || !c.quotesOnly);
  return buildCsv(
    columns.map((c) => c.header),
    items.map((i) => columns.map((c) => c.value(i))),
  );
}

export function inboxCsvFilename(kind: InboxKind, date: Date = new Date()): string {
  return `${kind === 'quotes' ? 'quote-requests' : 'leads'}-${date.toISOString().slice(0, 10)}.csv`;
}
