import type { MarketingLead } from '../../contract/marketing.ts';

/**
 * CSV per RFC 4180 (CRLF line ends; a field with a comma, quote, CR or LF is quoted and its quotes
 * doubled), plus the OWASP defence against spreadsheet formula injection: a cell starting with
 * =, +, -, @, tab or CR gets a leading apostrophe, so `=cmd|' /C calc'!A0` stays text in Excel.
 * A phone number or a signed amount (only digits, spaces, parentheses, dots, commas and dashes
 * after a leading + or -) can call no function and reach no other cell: it is written as it is,
 * not corrupted to `'+1 510 ...`.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?[\d ().,-]*\d[\d ().,-]*$/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : Array.isArray(value) ? value.join('; ') : String(value);
  if (FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function buildCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export const LEAD_CSV_COLUMNS: readonly { header: string; value: (l: MarketingLead) => unknown }[] = [
  { header: 'First Name', value: (l) => l.firstName },
  { header: 'Last Name', value: (l) => l.lastName },
  { header: 'Full Name', value: (l) => l.fullName },
  { header: 'Title', value: (l) => l.title },
  { header: 'Company', value: (l) => l.companyName },
  { header: 'Email', value: (l) => l.email },
  { header: 'Phone', value: (l) => l.phone },
  { header: 'City', value: (l) => l.city },
  { header: 'State', value: (l) => l.state },
  { header: 'LinkedIn URL', value: (l) => l.linkedinUrl },
  { header: 'Lead Type', value: (l) => l.leadType },
  { header: 'Lead Score', value: (l) => l.leadScore },
  { header: 'Status', value: (l) => l.status },
  { header: 'Tags', value: (l) => l.tags },
];

export function leadsToCsv(leads: readonly MarketingLead[]): string {
  return buildCsv(
    LEAD_CSV_COLUMNS.map((c) => c.header),
    leads.map((l) => LEAD_CSV_COLUMNS.map((c) => c.value(l))),
  );
}

/** leads-YYYY-MM-DD.csv in the admin's local date. */
export function leadsCsvFilename(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `leads-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}
