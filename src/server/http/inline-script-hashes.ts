import { createHash } from 'node:crypto';

/** Script types a browser executes; data blocks (JSON-LD) are not subject to script-src. */
const EXECUTABLE = new Set(['', 'module', 'text/javascript', 'application/javascript']);

// Attributes as the HTML tokenizer reads them: a quoted value may hold `<script>` (Astro escapes
// quotes in attribute values, not `<`), so it must be read as a value, never as a tag.
const ATTRS = String.raw`(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?|\s*/)*\s*`;
/** Comments, scripts with their text, and any other start or end tag with its attributes. */
const TOKENS = new RegExp(
  String.raw`<!--[\s\S]*?-->|<script\b(${ATTRS})>([\s\S]*?)</script\s*>|</?[a-zA-Z][^\s/>]*${ATTRS}>`,
  'gi',
);

/** The CSP hash source of every executable inline script of one HTML page, sorted. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(TOKENS)) {
    const attrs = match[1];
    if (attrs === undefined) continue; // a comment or another tag
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = (/\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1] ?? '').toLowerCase();
    if (!EXECUTABLE.has(type)) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return [...hashes].sort();
}
