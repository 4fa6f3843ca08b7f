import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { BUSINESS } from '../../contract/business.ts';
import { formatDay } from '../../lib/format.ts';
import { dateOnly } from '../marketplace/mappers.server.ts';
import { DISCREPANCY_LIST_TEXT } from '../../contract/records.ts';
import { entryText, INSPECTION_LABEL, type RecordRow } from './entry-text.server.ts';
import { fontBytes } from './pdf-fonts.server.ts';

/**
 * Logbook entries as a PDF an owner pastes into the paper logbook or files
 * (docs/decisions/0163-logbook-pdf-font-and-layouts.md): each entry's text exactly as signed, the
 * shop that did the work (business name and address), the signature and the SHA-256 of the text.
 * Two layouts: a full US Letter page (the filed PDF, the whole logbook's export) and a 6 x 4 inch
 * sticker, the label size shops print entries on; an entry longer than a sticker continues on the
 * next one. The font is DejaVu Sans, so every character of the signed text prints as signed.
 */

export type PdfLayout = 'page' | 'sticker';

/** Who did the work, printed above the entry: the mechanic's business name and base, or their name. */
export interface Shop {
  name: string;
  address: string | null;
}

export interface Geometry {
  width: number;
  height: number;
  margin: number;
  size: number;
  leading: number;
  small: number;
}

export const LAYOUTS: Record<PdfLayout, Geometry> = {
  page: { width: 612, height: 792, margin: 54, size: 10.5, leading: 15, small: 8 }, // US Letter, 3/4 inch margins
  sticker: { width: 432, height: 288, margin: 16, size: 7.5, leading: 9.5, small: 5.5 }, // 6 x 4 inch label
};

export const INK = rgb(0.1, 0.1, 0.12);
export const GREY = rgb(0.35, 0.35, 0.4);
export const RED = rgb(0.6, 0.1, 0.1);

/** Words into lines that fit `width` at `size`; a word wider than a line is cut. */
export function wrap(font: PDFFont, text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      while (font.widthOfTextAtSize(word, size) > width && word.length > 1) {
        let cut = word.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > width) cut--;
        if (line) lines.push(line);
        lines.push(word.slice(0, cut));
        line = '';
        word = word.slice(cut);
      }
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Writes lines down pages of one geometry, starting a new page (or sticker) when one is full. */
export class Writer {
  page!: PDFPage;
  y = 0;
  pages: PDFPage[] = [];
  private pdf: PDFDocument;
  private g: Geometry;
  private onNewPage: (w: Writer, continued: boolean) => void;
  constructor(pdf: PDFDocument, g: Geometry, onNewPage: (w: Writer, continued: boolean) => void) {
    this.pdf = pdf;
    this.g = g;
    this.onNewPage = onNewPage;
  }
  get textWidth() {
    return this.g.width - 2 * this.g.margin;
  }
  newPage(continued = false) {
    this.page = this.pdf.addPage([this.g.width, this.g.height]);
    this.pages.push(this.page);
    this.y = this.g.height - this.g.margin;
    this.onNewPage(this, continued);
  }
  /** Room for `n` lines at `leading` above the footer. */
  fits(leading: number, n = 1) {
    return this.y - leading * n >= this.g.margin;
  }
  line(
    text: string,
    font: PDFFont,
    size = this.g.size,
    color = INK,
    leading = size > this.g.size ? this.g.leading + 4 : this.g.leading,
  ) {
    if (!this.fits(leading)) this.newPage(true);
    this.page.drawText(text, { x: this.g.margin, y: this.y - size, size, font, color });
    this.y -= leading;
  }
  wrapped(text: string, font: PDFFont, size = this.g.size, color = INK) {
    const leading = size === this.g.size ? this.g.leading : size * 1.3;
    for (const l of wrap(font, text, this.textWidth, size)) this.line(l, font, size, color, leading);
  }
  gap(points: number) {
    this.y -= points;
  }
  rule() {
    if (!this.fits(6)) return;
    this.page.drawLine({
      start: { x: this.g.margin, y: this.y },
      end: { x: this.g.width - this.g.margin, y: this.y },
      thickness: 0.5,
      color: GREY,
    });
    this.y -= 6;
  }
}

const dayOf = (r: RecordRow) => formatDay(dateOnly(r.completedOn));

function statusLine(r: RecordRow): string | null {
  return r.status === 'superseded'
    ? 'SUPERSEDED by a later correction: this entry is kept, it is no longer the current one'
    : null;
}

export function shopLine(shop: Shop | undefined, r: Pick<RecordRow, 'performedBy'>): string {
  const who = shop ?? { name: r.performedBy, address: null };
  return who.address ? `${who.name}, ${who.address}` : who.name;
}

export interface PdfOptions {
  layout?: PdfLayout;
  /** The shop of each entry's mechanic, by mechanic id. */
  shops?: ReadonlyMap<string, Shop>;
}

/**
 * One entry is the PDF filed in Documents at signing; all of them the logbook's export. Superseded
 * entries say so on their first line.
 */
export async function logbookPdf(
  rows: readonly RecordRow[],
  title: string,
  options: PdfOptions = {},
): Promise<Uint8Array> {
  const layout = options.layout ?? 'page';
  const g = LAYOUTS[layout];
  const { pdf, font, bold } = await newPdf(title);

  if (layout === 'page') {
    const w = new Writer(pdf, g, (writer, continued) => {
      if (continued) writer.line(`${title} (continued)`, font, g.small, GREY);
    });
    w.newPage();
    w.line(title, bold, 16);
    w.line(`Maintenance record entries (14 CFR 43.9, 43.11), filed through ${BUSINESS.name}`, font, g.small + 1, GREY);
    w.gap(10);
    if (rows.length === 0) w.line('No signed entries yet.', font);
    for (const r of rows) {
      if (!w.fits(g.leading, 6)) w.newPage(true);
      w.rule();
      w.line(dayOf(r), bold, 12);
      const status = statusLine(r);
      if (status) w.wrapped(status, bold, g.size, RED);
      w.wrapped(`Work performed by ${shopLine(options.shops?.get(r.mechanicId), r)}`, bold, g.size);
      w.gap(3);
      w.wrapped(r.entryText ?? entryText(r), font);
      if (r.sha256) w.wrapped(`SHA-256 of the entry text: ${r.sha256}`, font, g.small, GREY);
      w.gap(12);
      if (r.inspection && r.discrepancies.length > 0) discrepancyPage(w, r, { font, bold });
    }
    pageNumbers(w.pages, font, g);
  } else {
    for (const r of rows) {
      const head = `${dayOf(r)} · ${r.aircraftLabel}`;
      const w = new Writer(pdf, g, (writer, continued) => {
        writer.line(shopLine(options.shops?.get(r.mechanicId), r), bold, g.size + 0.5, INK, g.leading + 1);
        writer.line(continued ? `${head} (continued)` : head, font, g.small + 0.5, GREY, g.leading);
        writer.rule();
      });
      w.newPage();
      const status = statusLine(r);
      if (status) w.wrapped(status, bold, g.size, RED);
      w.wrapped(r.entryText ?? entryText(r), font);
      if (r.sha256) w.wrapped(`SHA-256 ${r.sha256}`, font, g.small, GREY);
    }
    if (rows.length === 0) new Writer(pdf, g, () => {}).newPage();
  }
  // Plain objects (no object streams): every PDF reader and checker reads the page and font dictionaries.
  return pdf.save({ useObjectStreams: false });
}

/** A PDF of this product's records, its two DejaVu Sans faces embedded (subset). */
export async function newPdf(title: string): Promise<{ pdf: PDFDocument; font: PDFFont; bold: PDFFont }> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(title);
  pdf.setAuthor(BUSINESS.name);
  pdf.setCreator(BUSINESS.name);
  const font = await pdf.embedFont(fontBytes('regular'), { subset: true });
  const bold = await pdf.embedFont(fontBytes('bold'), { subset: true });
  return { pdf, font, bold };
}

/** The signature line of a signed entry's text, as signed ("Signed: name, kind certificate n, day at time zone"). */
export const signedLineOf = (r: Pick<RecordRow, 'entryText'>): string | null =>
  r.entryText?.split('\n').find((l) => l.startsWith('Signed: ')) ?? null;

/**
 * An inspection entry's not-done lines as their own page (14 CFR 43.11(b)): the list the owner is
 * given, titled as such, with the aircraft, the inspection and its date, and the entry's signature
 * and hash, so the page can be handed over or filed apart from the entry and still say whose it is.
 */
function discrepancyPage(w: Writer, r: RecordRow, fonts: { font: PDFFont; bold: PDFFont }): void {
  const { font, bold } = fonts;
  const g = LAYOUTS.page;
  w.newPage();
  w.line(DISCREPANCY_LIST_TEXT.title, bold, 16);
  w.line(DISCREPANCY_LIST_TEXT.rule, font, g.small + 1, GREY);
  w.gap(10);
  w.wrapped(`Aircraft: ${r.aircraftLabel}`, font);
  w.wrapped(
    `Inspection: ${INSPECTION_LABEL[r.inspection!]}, dated ${dayOf(r)}; total time in service ${r.totalTimeHours === null ? 'not recorded' : `${Number(r.totalTimeHours).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} hours`}`,
    font,
  );
  const status = statusLine(r);
  if (status) w.wrapped(status, bold, g.size, RED);
  w.gap(6);
  w.wrapped(r.airworthy ? DISCREPANCY_LIST_TEXT.notDone : DISCREPANCY_LIST_TEXT.unairworthy, bold);
  w.gap(3);
  r.discrepancies.forEach((d, i) => w.wrapped(`${i + 1}. ${d}`, font));
  w.gap(12);
  w.rule();
  w.wrapped(signedLineOf(r) ?? DISCREPANCY_LIST_TEXT.unsigned, bold);
  w.wrapped(`Performed by: ${r.performedBy}`, font);
  if (r.sha256) w.wrapped(`Part of the entry whose text has SHA-256 ${r.sha256}`, font, g.small, GREY);
}

export function pageNumbers(pages: readonly PDFPage[], font: PDFFont, g: Geometry): void {
  pages.forEach((p, i) => {
    const text = `Page ${i + 1} of ${pages.length}`;
    p.drawText(text, {
      x: g.width - g.margin - font.widthOfTextAtSize(text, g.small),
      y: g.margin / 2,
      size: g.small,
      font,
      color: GREY,
    });
  });
}
