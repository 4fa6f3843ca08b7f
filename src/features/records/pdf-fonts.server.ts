import fontkit from '@pdf-lib/fontkit';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The Unicode font of filed PDFs (DejaVu Sans, from the `dejavu-fonts-ttf` package): the standard
 * PDF fonts speak WinAnsi only and printed "?" for the rest, while the entry's hash covers the real
 * text (docs/decisions/0163-logbook-pdf-font-and-layouts.md). Functions ship the two files through
 * netlify.toml `included_files` and run with their bundle as working directory; the local server
 * and the tests find them in node_modules.
 */
const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
export type FontWeight = keyof typeof FILES;

function fontDir(): string {
  const candidates = [path.resolve(process.cwd(), 'node_modules/dejavu-fonts-ttf/ttf')];
  try {
    candidates.push(
      path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf'),
    );
  } catch {
    /* bundled: the package is not resolvable, only its included files */
  }
  const found = candidates.find((dir) => existsSync(path.join(dir, FILES.regular)));
  if (!found) throw new Error(`The PDF font was not found (looked in ${candidates.join(', ')})`);
  return found;
}

const bytes = new Map<FontWeight, Uint8Array>();

/** The font file's bytes, read once per process. */
export function fontBytes(weight: FontWeight): Uint8Array {
  let b = bytes.get(weight);
  if (!b) {
    b = readFileSync(path.join(fontDir(), FILES[weight]));
    bytes.set(weight, b);
  }
  return b;
}

let regular: ReturnType<typeof fontkit.create> | null = null;

/**
 * The characters of `text` the PDF font cannot draw (each once), which would print as empty boxes:
 * an entry holding any is refused before it is signed. Line breaks and tabs are layout, not glyphs.
 */
export function unprintable(text: string): string[] {
  regular ??= fontkit.create(fontBytes('regular'));
  const missing = new Set<string>();
  for (const ch of text) {
    if (ch === '\n' || ch === '\r' || ch === '\t') continue;
    if (!regular.hasGlyphForCodePoint(ch.codePointAt(0)!)) missing.add(ch);
  }
  return [...missing];
}
