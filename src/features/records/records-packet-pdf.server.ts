import type { PDFFont } from 'pdf-lib';
import { BUSINESS } from '../../contract/business.ts';
import { formatHours } from '../../contract/job-figures.ts';
import { AIRCRAFT_USAGES, ITEM_STATUSES, type MaintenanceItem } from '../../contract/maintenance.ts';
import { labelOf } from '../../contract/options.ts';
import { PAGING } from '../../contract/paging.ts';
import { RECORDS_PACKET_TEXT as T, type PacketEntry, type RecordsPacket } from '../../contract/records-packet.ts';
import { DISCREPANCY_LIST_TEXT } from '../../contract/records.ts';
import { formatDay } from '../../lib/format.ts';
import type { Paged, PageRequest } from '../../server/http/paging.ts';
import { citeBeside, dueText, intervalText, lastDoneText, titledItem } from '../maintenance/due-words.ts';
import { INSPECTION_LABEL } from './entry-text.server.ts';
import { GREY, LAYOUTS, newPdf, pageNumbers, RED, Writer } from './record-pdf.server.ts';

/**
 * The records packet as a PDF (docs/decisions/0398-records-packet.md), in the signed entry's PDF
 * style (record-pdf.server.ts: US Letter, DejaVu Sans, the same writer). The entries are read a
 * page of the list at a time and written before the next page is read, so a logbook of thousands
 * of entries never sits in memory as rows, only as the pages already drawn.
 */

export interface PacketPdfSource {
  status: Omit<RecordsPacket, 'entries' | 'nextCursor'>;
  /** A page of the entries in the packet's order: the first, then each after the last one written. */
  entries: (page: PageRequest) => Promise<Paged<PacketEntry>>;
  /** The key a page's `nextCursor` carries (paging.ts). */
  keyOf: (cursor: string) => string[];
}

const g = LAYOUTS.page;

const hours = (h: number | null) => (h === null ? T.notRecorded : formatHours(h, 'hours'));

function itemBlock(w: Writer, i: MaintenanceItem, fonts: { font: PDFFont; bold: PDFFont }, ad = false): void {
  if (!w.fits(g.leading, 4)) w.newPage(true);
  w.wrapped(titledItem(i), fonts.bold);
  if (ad) {
    w.wrapped(`${T.revision}: ${i.adRevision ?? T.notRecorded}`, fonts.font);
    w.wrapped(`${T.method}: ${i.adMethod ?? T.notRecorded}`, fonts.font);
  }
  w.wrapped(
    `${T.lastDone}: ${lastDoneText(i)} · ${ad ? (i.intervalMonths || i.intervalHours ? `${T.recurring}, ${intervalText(i).toLowerCase()}` : T.oneTime) : `${T.interval}: ${intervalText(i)}`}`,
    fonts.font,
  );
  w.wrapped(`${T.nextDue}: ${dueText(i)} · ${T.status}: ${labelOf(ITEM_STATUSES, i.status)}`, fonts.font);
  if (i.notes) w.wrapped(i.notes, fonts.font, g.small + 1, GREY);
  w.gap(6);
}

function heading(w: Writer, text: string, bold: PDFFont): void {
  if (!w.fits(g.leading, 5)) w.newPage(true);
  w.gap(6);
  w.line(text, bold, 13);
  w.rule();
}

export async function recordsPacketPdf(source: PacketPdfSource): Promise<Uint8Array> {
  const { status } = source;
  const a = status.aircraft;
  const title = T.title(a.tailNumber);
  const { pdf, font, bold } = await newPdf(title);
  const fonts = { font, bold };
  const w = new Writer(pdf, g, (writer, continued) => {
    if (continued) writer.line(`${title} (continued)`, font, g.small, GREY);
  });
  w.newPage();
  w.line(title, bold, 16);
  w.wrapped(
    `${T.subtitle}. Prepared ${formatDay(status.preparedOn)} through ${BUSINESS.name}.`,
    font,
    g.small + 1,
    GREY,
  );
  w.gap(10);

  w.wrapped(
    `${T.aircraft}: ${a.tailNumber}, ${a.year ? `${a.year} ` : ''}${a.make} ${a.model} · ${labelOf(AIRCRAFT_USAGES, a.usage)} · home ${a.homeAirport ?? 'not set'} (dates are local days there, ${a.timeZone})`,
    font,
  );
  w.wrapped(
    `${T.totalTime}: ${hours(status.totalTimeHours)}${status.totalTimeOn ? ` (tach, ${formatDay(status.totalTimeOn)})` : ''}`,
    bold,
  );
  w.wrapped(`Airworthiness: ${status.verdictLabel}`, bold, g.size, status.verdict === 'airworthy' ? undefined : RED);
  for (const r of [...status.reasons, ...status.limits]) w.wrapped(`- ${r.text} (${citeBeside(r.text, r.cite)})`, font);

  heading(w, T.ads, bold);
  if (status.ads.length === 0) w.wrapped(T.noAds, font);
  for (const i of status.ads) itemBlock(w, i, fonts, true);

  heading(w, T.inspections, bold);
  if (status.inspections.length === 0) w.wrapped(T.noItems, font);
  for (const i of status.inspections) itemBlock(w, i, fonts);

  heading(w, T.otherItems, bold);
  if (status.otherItems.length === 0) w.wrapped(T.noItems, font);
  for (const i of status.otherItems) itemBlock(w, i, fonts);

  heading(w, T.discrepancyLists, bold);
  if (status.discrepancyLists.length === 0) w.wrapped(T.noDiscrepancyLists, font);
  for (const list of status.discrepancyLists) {
    w.wrapped(
      `${INSPECTION_LABEL[list.inspection]} of ${formatDay(list.completedOn)}: ${list.airworthy ? DISCREPANCY_LIST_TEXT.notDone : DISCREPANCY_LIST_TEXT.unairworthy}`,
      bold,
    );
    list.lines.forEach((l, n) => w.wrapped(`${n + 1}. ${l.text}`, font));
    w.wrapped(
      `Signed by ${list.signerName ?? '—'}, ${list.certificateKind ?? ''} certificate ${list.certificateNumber ?? '—'}`,
      font,
      g.small + 1,
      GREY,
    );
    w.gap(6);
  }

  heading(w, T.entries, bold);
  let after: string[] | null = null;
  let any = false;
  for (;;) {
    const page = await source.entries({ limit: PAGING.maxLimit, after });
    for (const e of page.rows) {
      if (!w.fits(g.leading, 6)) w.newPage(true);
      // The section's heading draws the rule above the first entry.
      if (any) w.rule();
      any = true;
      w.line(formatDay(e.completedOn), bold, 12);
      if (e.correctsEntryOn) w.wrapped(T.correctionOf(formatDay(e.correctsEntryOn)), bold, g.size, RED);
      if (e.status === 'superseded') w.wrapped(T.supersededBy(formatDay(e.correctedByEntryOn)), bold, g.size, RED);
      w.wrapped(`Work performed by ${e.shop}`, bold);
      w.gap(3);
      w.wrapped(e.text, font);
      if (e.sha256) w.wrapped(`SHA-256 of the entry text: ${e.sha256}`, font, g.small, GREY);
      w.gap(10);
    }
    if (!page.nextCursor) break;
    after = source.keyOf(page.nextCursor);
  }
  if (!any) w.wrapped(T.noEntries, font);
  pageNumbers(w.pages, font, g);
  return pdf.save({ useObjectStreams: false });
}
