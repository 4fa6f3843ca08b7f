import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { BUSINESS } from '../../contract/business.ts';
import { entryText, type RecordRow } from './entry-text.server.ts';

const PAGE = { width: 612, height: 792, margin: 54 } as const; // US Letter, 3/4 inch margins
const SIZE = 10.5;
const LEADING = 15;

/** The standard PDF fonts speak WinAnsi only: anything else prints as '?' rather than failing. */
function printable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Words into lines that fit `width` at `size`. */
function wrap(font: PDFFont, text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of printable(font, paragraph).split(/\s+/).filter(Boolean)) {
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

/**
 * Logbook entries as a PDF (pdf-lib): each entry's text exactly as signed, its signature block and
 * SHA-256, one after the other; superseded entries say so. One entry is the PDF filed in
 * Documents at signing; the whole logbook is the export.
 */
export async function logbookPdf(rows: readonly RecordRow[], title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor(BUSINESS.name);
  pdf.setCreator(BUSINESS.name);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const line = (text: string, f = font, size = SIZE, color = rgb(0.1, 0.1, 0.12)) => {
    if (y < PAGE.margin + LEADING) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    page.drawText(printable(f, text), { x: PAGE.margin, y, size, font: f, color });
    y -= size > SIZE ? LEADING + 4 : LEADING;
  };

  line(title, bold, 16);
  line(BUSINESS.name, font, 9, rgb(0.35, 0.35, 0.4));
  y -= 8;
  if (rows.length === 0) line('No signed entries yet.');
  for (const r of rows) {
    const heading = `${r.completedOn instanceof Date ? r.completedOn.toISOString().slice(0, 10) : String(r.completedOn).slice(0, 10)}${r.status === 'superseded' ? ' (superseded by a correction)' : ''}`;
    line(heading, bold, 12);
    for (const l of wrap(font, r.entryText ?? entryText(r), width, SIZE)) line(l);
    if (r.sha256) line(`SHA-256 of the entry text: ${r.sha256}`, font, 8, rgb(0.35, 0.35, 0.4));
    y -= 12;
  }
  return pdf.save();
}
