import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';

/**
 * The text of each page of a PDF this product made (pdf-lib, DejaVu Sans embedded as Identity-H
 * subsets), read with pdf-lib itself so tests need no PDF tool on the machine: every `Tj` of a
 * page's content, its glyph ids mapped back to characters by the font's ToUnicode map, one line
 * per `Tj` (the product draws one line of text per call).
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const ctx = pdf.context;
  const lookup = (o: PDFObject | undefined): PDFObject | undefined => (o instanceof PDFRef ? ctx.lookup(o) : o);
  const streamText = (o: PDFObject | undefined): string => {
    const s = lookup(o);
    if (!(s instanceof PDFRawStream)) return '';
    const filter = s.dict.get(PDFName.of('Filter'));
    const raw = s.getContents();
    return Buffer.from(filter ? inflateSync(raw) : raw).toString('latin1');
  };
  const cmaps = new Map<string, Map<string, string>>();
  const cmapOf = (font: PDFObject | undefined): Map<string, string> => {
    const key = String(font);
    const known = cmaps.get(key);
    if (known) return known;
    const map = new Map<string, string>();
    const dict = lookup(font);
    const text = dict instanceof PDFDict ? streamText(dict.get(PDFName.of('ToUnicode'))) : '';
    const hex = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((u) => parseInt(u, 16)));
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
        map.set(m[1]!.toUpperCase(), hex(m[2]!));
    for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
      for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        const [from, to, start] = [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
        for (let g = from; g <= to; g++)
          map.set(g.toString(16).toUpperCase().padStart(m[1]!.length, '0'), String.fromCodePoint(start + g - from));
      }
    cmaps.set(key, map);
    return map;
  };
  return pdf.getPages().map((page) => {
    const fonts = lookup(page.node.Resources()?.get(PDFName.of('Font')));
    const contents = lookup(page.node.get(PDFName.of('Contents')));
    const parts = contents instanceof PDFArray ? contents.asArray() : [contents];
    const ops = parts.map((p) => streamText(p)).join('\n');
    const lines: string[] = [];
    let map = new Map<string, string>();
    for (const m of ops.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (m[1] !== undefined) {
        map = fonts instanceof PDFDict ? cmapOf(fonts.get(PDFName.of(m[1]))) : new Map();
        continue;
      }
      const glyphs = m[2]!.toUpperCase().match(/.{4}/g) ?? [];
      lines.push(glyphs.map((g) => map.get(g) ?? '?').join(''));
    }
    return lines.join('\n');
  });
}
