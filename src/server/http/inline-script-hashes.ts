import { createHash } from 'node:crypto';

/** Script types a browser executes; data blocks (JSON-LD) are not subject to script-src. */
const EXECUTABLE = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The CSP hash source of every executable inline script of one HTML page, sorted. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = (/\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1] ?? '').toLowerCase();
    if (!EXECUTABLE.has(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2] ?? '').digest('base64')}'`);
  }
  return [...hashes].sort();
}
