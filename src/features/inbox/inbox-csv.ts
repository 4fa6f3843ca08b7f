import {
  INBOX_SOURCES,
  INBOX_STATUSES,
  LOST_REASONS,
  type InboxExportItem,
  type InboxKind,
} from '../../contract/inbox.ts';
import { INVOICE_PARTS_OPTIONS } from '../../contract/savings.ts';
import { labelOf } from '../../contract/options.ts';
import { AIRCRAFT_TYPES, QUOTE_SERVICE_TYPES } from '../../contract/quote-fields.ts';
import { BUSINESS_TIME_ZONE } from '../../contract/business-hours.ts';
import { todayIn } from '../../contract/zoned-time.ts';
import { buildCsv } from '../marketing/csv.ts';

/** Money as a plain number with two decimals (no currency sign: spreadsheets sum it). */
const money = (v: string | null) => (v === null ? '' : Number(v).toFixed(2));

const COLUMNS: readonly {
  header: string;
  value: (i: InboxExportItem) => unknown;
  quotesOnly?: true;
  leadsOnly?: true;
}[] = [
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
  { header: 'Last invoice ($)', value: (i) => money(i.lastInvoiceAmount), quotesOnly: true },
  {
    header: 'Invoice included parts',
    value: (i) => (i.invoiceIncludesParts ? labelOf(INVOICE_PARTS_OPTIONS, i.invoiceIncludesParts) : ''),
    quotesOnly: true,
  },
  { header: 'Est. savings %', value: (i) => i.estimatedSavings, quotesOnly: true },
  { header: 'Est. savings ($)', value: (i) => money(i.estimatedSavingsDollars), quotesOnly: true },
  { header: 'Discount code', value: (i) => i.discountCode },
  {
    header: 'Code used on a quote',
    value: (i) => (i.discountCode ? (i.codeUsedOnQuote ? 'yes' : 'no') : ''),
    leadsOnly: true,
  },
  { header: 'Message', value: (i) => i.message, quotesOnly: true },
];

/** The filtered list as CSV (RFC 4180, formula-safe cells: src/features/marketing/csv.ts). */
export function inboxToCsv(kind: InboxKind, items: readonly InboxExportItem[]): string {
  const columns = COLUMNS.filter((c) => (kind === 'quotes' ? !c.leadsOnly : !c.quotesOnly));
  return buildCsv(
    columns.map((c) => c.header),
    items.map((i) => columns.map((c) => c.value(i))),
  );
}

/** The export's file name carries the business's day (a California evening is already tomorrow in UTC). */
export function inboxCsvFilename(kind: InboxKind, date: Date = new Date()): string {
  return `${kind === 'quotes' ? 'quote-requests' : 'leads'}-${todayIn(BUSINESS_TIME_ZONE.iana, date)}.csv`;
}
