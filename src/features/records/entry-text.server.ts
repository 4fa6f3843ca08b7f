import type { Selectable } from 'kysely';
import { DISCREPANCY_LIST_TEXT, RECORD_STATEMENTS, type RecordInspection } from '../../contract/records.ts';
import type { MaintenanceRecordsTable } from '../../server/db/tables/maintenance-records.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { formatDay } from '../../lib/format.ts';
import { timeInZone } from '../marketplace/geo/airport-day.ts';

export type RecordRow = Selectable<MaintenanceRecordsTable>;

export const INSPECTION_LABEL: Record<RecordInspection, string> = {
  annual: 'Annual inspection',
  '100_hour': '100-hour inspection',
};

export function statementOf(r: Pick<RecordRow, 'inspection' | 'airworthy'>): string {
  if (!r.inspection) return RECORD_STATEMENTS.returnToService;
  return r.airworthy ? RECORD_STATEMENTS.airworthy(r.inspection) : RECORD_STATEMENTS.notAirworthy(r.inspection);
}

/**
 * "Nov 27, 2026 at 5:39 PM PST": the time at the aircraft's airport, its zone named, so the
 * signature's day is the entry's day (docs/decisions/0360-records-dated-at-the-airport.md).
 */
export const signedAtText = (at: Date, timeZone: string): string => timeInZone(timeZone, at);

const hoursText = (h: string | number | null) =>
  h === null
    ? 'not recorded'
    : `${Number(h).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} hours`;

/**
 * The entry as it is printed and signed. Its SHA-256 is stamped at signing: any change to what it
 * says (or who signed it, or when) changes the hash. Lines are joined with '\n'.
 */
export function entryText(
  r: RecordRow,
  signature?: { name: string; kind: string; number: string; at: Date; timeZone: string },
): string {
  const lines = [
    `Aircraft: ${r.aircraftLabel}`,
    `Date: ${formatDay(dateOnly(r.completedOn))}`,
    `Total time in service: ${hoursText(r.totalTimeHours)}`,
  ];
  if (r.inspection)
    lines.push(
      `Inspection: ${INSPECTION_LABEL[r.inspection]}${r.inspectionExtent ? `; extent: ${r.inspectionExtent}` : ''}`,
    );
  lines.push('Work performed:', r.description);
  if (r.inspection && !r.airworthy) {
    lines.push(DISCREPANCY_LIST_TEXT.unairworthy);
    for (const d of r.discrepancies) lines.push(`- ${d}`);
  } else if (r.discrepancies.length > 0) {
    // Work the owner deferred or declined is part of the record too: it was not done (91.417).
    lines.push(DISCREPANCY_LIST_TEXT.notDone);
    for (const d of r.discrepancies) lines.push(`- ${d}`);
  }
  lines.push(`Statement: ${statementOf(r)}`, `Performed by: ${r.performedBy}`);
  if (signature)
    lines.push(
      `Signed: ${signature.name}, ${signature.kind} certificate ${signature.number}, ${signedAtText(signature.at, signature.timeZone)}`,
    );
  return lines.join('\n');
}
