import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { BUSINESS } from '../../contract/business.ts';
import { formatCents } from '../../contract/payments.ts';
import { timeInZone } from '../marketplace/geo/airport-day.ts';

export interface InvoiceData {
  title: string;
  job: string;
  owner: string;
  mechanic: string;
  lines: Array<{ description: string; cents: number; changeOrder: boolean }>;
  totalCents: number;
  depositCents: number;
  chargedCents: number;
  feeCents: number;
  paidAt: Date;
  /** The aircraft's airport's zone: the time paid is named in it (docs/decisions/0360). */
  timeZone: string;
}

/** The standard PDF fonts speak WinAnsi only: anything else prints as '?'. */
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

/** The owner's invoice of a paid job (pdf-lib, US Letter): approved lines, change orders, deposit, fee, totals, paid at. */
export async function invoicePdf(d: InvoiceData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(d.title);
  pdf.setAuthor(BUSINESS.name);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 54;
  let page = pdf.addPage([612, 792]);
  let y = 792 - margin;
  const row = (left: string, right = '', f = font, size = 10.5) => {
    if (y < margin + 16) {
      page = pdf.addPage([612, 792]);
      y = 792 - margin;
    }
    const text = printable(f, left).slice(0, 90);
    page.drawText(text, { x: margin, y, size, font: f, color: rgb(0.1, 0.1, 0.12) });
    if (right) page.drawText(right, { x: 612 - margin - f.widthOfTextAtSize(right, size), y, size, font: f });
    y -= size + 6;
  };
  row(d.title, '', bold, 16);
  row(BUSINESS.name, '', font, 9);
  y -= 6;
  row(`Job: ${d.job}`);
  row(`Owner: ${d.owner}`);
  row(`Mechanic: ${d.mechanic}`);
  y -= 6;
  row('Approved quote lines', '', bold, 12);
  for (const l of d.lines.filter((x) => !x.changeOrder)) row(l.description, formatCents(l.cents));
  const changes = d.lines.filter((x) => x.changeOrder);
  if (changes.length) {
    row('Approved change orders', '', bold, 12);
    for (const l of changes) row(l.description, formatCents(l.cents));
  }
  y -= 6;
  row('Total', formatCents(d.totalCents), bold);
  if (d.depositCents) row('Parts deposit paid at acceptance', formatCents(d.depositCents));
  row('Charged at completion', formatCents(d.chargedCents));
  row(`Platform fee (paid by the mechanic from the total)`, formatCents(d.feeCents));
  row(`Paid ${timeInZone(d.timeZone, d.paidAt)}`, '', bold);
  return pdf.save();
}
