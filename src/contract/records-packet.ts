import { z } from './zod.ts';
import type { AircraftUsage, AirworthinessVerdict, ItemKind, MaintenanceItem, Reason } from './maintenance.ts';
import type { MaintenanceRecord, RecordInspection } from './records.ts';

/**
 * The records packet of one aircraft (docs/decisions/0398-records-packet.md): what a pre-buy
 * inspector, an insurer or a new IA reads first. The current status of every AD (14 CFR
 * 91.417(a)(2)(v)), of the inspections and the other tracked and life-limited items, the total
 * time, every signed entry in order with its hash (corrections shown as such) and the open
 * discrepancy lists (43.11(b)). The PDF and `?format=json` say the same; the items are the due
 * list's (MaintenanceItem) and the entries the logbook's (MaintenanceRecord), with their names.
 */

export const RECORDS_PACKET_FORMATS = ['pdf', 'json'] as const;

/** GET /api/aircraft/:id/records-packet?format=json: the PDF by default; the JSON pages its entries (`cursor`, `limit`). */
export const RecordsPacketQuerySchema = z.object({
  format: z
    .enum(RECORDS_PACKET_FORMATS, { error: `format must be one of ${RECORDS_PACKET_FORMATS.join(', ')}` })
    .optional(),
});

/** The inspections of the packet's second section, in this order; every other kind but AD is "other". */
export const PACKET_INSPECTION_KINDS: readonly ItemKind[] = [
  'annual',
  '100_hour',
  'transponder',
  'pitot_static',
  'elt',
] as const;

/** The packet's headings and words, one source for the PDF, the JSON's readers and the screen's link. */
export const RECORDS_PACKET_TEXT = {
  link: 'Records packet (PDF)',
  title: (tail: string) => `Aircraft records, ${tail}`,
  subtitle:
    'Current status of the aircraft’s maintenance records (14 CFR 91.417), from its signed logbook entries and its due list',
  aircraft: 'Aircraft',
  totalTime: 'Total time in service',
  ads: 'Airworthiness directives (14 CFR 91.417(a)(2)(v))',
  noAds: 'No airworthiness directives are recorded for this aircraft.',
  inspections: 'Inspections',
  otherItems: 'Other tracked items and life-limited parts',
  noItems: 'None recorded.',
  discrepancyLists: 'Open discrepancy lists (14 CFR 43.11(b))',
  noDiscrepancyLists: 'No open discrepancy list: the last inspection listed none.',
  entries: 'Signed logbook entries, in date and total time order',
  noEntries: 'No signed entries yet.',
  lastDone: 'Last done',
  interval: 'Interval',
  nextDue: 'Next due',
  status: 'Status',
  method: 'Method of compliance',
  revision: 'Revision',
  notRecorded: 'Not recorded',
  recurring: 'Recurring action',
  oneTime: 'One-time action',
  correctionOf: (day: string) => `CORRECTION of the entry of ${day}: this entry replaces it`,
  supersededBy: (day: string) =>
    `SUPERSEDED by the correction of ${day}: this entry is kept, it is no longer the current one`,
} as const;

export interface RecordsPacketAircraft {
  id: string;
  tailNumber: string;
  make: string;
  model: string;
  year: number | null;
  usage: AircraftUsage;
  homeAirport: string | null;
  /** The airport's IANA zone: every date of the packet is a local day there (docs/decisions/0360). */
  timeZone: string;
}

/** A line of a discrepancy list as signed; what the owner decided and when, when the line says so. */
export interface DiscrepancyLine {
  text: string;
  decision: 'deferred' | 'declined' | null;
  /** The decision's day as the entry printed it ("Nov 27, 2026"), or null. */
  decidedOn: string | null;
}

/** The not-done lines of a current signed inspection entry: the list 43.11(b) says is given to the owner. */
export interface DiscrepancyList {
  entryId: string;
  inspection: RecordInspection;
  /** The inspection's day (the entry's date). */
  completedOn: string;
  /** False: the list of discrepancies and unairworthy items of 43.11(a)(5); true: work not done on an airworthy aircraft. */
  airworthy: boolean;
  signerName: string | null;
  certificateKind: string | null;
  certificateNumber: string | null;
  signedAt: string | null;
  lines: DiscrepancyLine[];
}

/** A signed entry of the packet: the logbook's entry, and for a correction the date of the entry it corrects. */
export interface PacketEntry extends Omit<
  MaintenanceRecord,
  'canEdit' | 'canSign' | 'canCorrect' | 'signBlockedReason'
> {
  /** The date of the entry this one corrects (`supersedesId`), null when it corrects none. */
  correctsEntryOn: string | null;
  /** The date of the correction that replaced this one (`supersededById`), null when it is current. */
  correctedByEntryOn: string | null;
  /** Who did the work as the entry's PDF prints it: the mechanic's business and base, or their name. */
  shop: string;
}

export interface RecordsPacket {
  aircraft: RecordsPacketAircraft;
  /** The day the packet was made, at the aircraft's airport. */
  preparedOn: string;
  /** Total time in service: the latest tach reading (or the hours entered on the aircraft). */
  totalTimeHours: number | null;
  /** The day of that reading, null when it is the aircraft's own figure. */
  totalTimeOn: string | null;
  verdict: AirworthinessVerdict;
  verdictLabel: string;
  reasons: Reason[];
  limits: Reason[];
  /** Every AD item with its method of compliance and revision, most urgent first (as the due list). */
  ads: MaintenanceItem[];
  /** Annual, 100-hour, transponder, altimeter and static system, ELT. */
  inspections: MaintenanceItem[];
  /** Owner items (life-limited parts, overhauls) and registration. */
  otherItems: MaintenanceItem[];
  discrepancyLists: DiscrepancyList[];
  /** A page of the signed entries, oldest first (date, then total time); `nextCursor` for the next page. */
  entries: PacketEntry[];
  nextCursor: string | null;
}

/** "Repair nav/com 2: deferred by the owner on Nov 27, 2026" read back into its parts; other lines as they are. */
export function discrepancyLine(text: string): DiscrepancyLine {
  const m = /: (deferred|declined) by the owner(?: on ([A-Z][a-z]{2} \d{1,2}, \d{4}))?$/.exec(text);
  return m
    ? { text, decision: m[1] as 'deferred' | 'declined', decidedOn: m[2] ?? null }
    : { text, decision: null, decidedOn: null };
}
