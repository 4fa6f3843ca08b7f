// JavaScript shipped by the blog pages, measured on the built site (dist/): every inline script
// and every external module with the modules it imports statically, gzip level 9, counted once.
// Usage: node bench/blog-weight.ts [page paths...]   (default: /blog, an article, the fallback)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../dist');
const gz = (text: string) => gzipSync(text, { level: 9 }).length;

function htmlFile(page: string): string {
  return path.join(DIST, page.replace(/^\/|\/$/g, ''), 'index.html');
}

function moduleGraph(src: string, seen: Set<string>): void {
  if (seen.has(src)) return;
  seen.add(src);
  const code = readFileSync(path.join(DIST, src), 'utf8');
  for (const m of code.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    moduleGraph(path.posix.join(path.posix.dirname(src), m[1]!), seen);
  }
}

export function pageJs(page: string): { inline: number; modules: { file: string; gzip: number }[]; total: number } {
  const html = readFileSync(htmlFile(page), 'utf8');
  let inline = 0;
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)) inline += gz(m[1]!);
  const seen = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="\/([^"]+)"/g)) moduleGraph(m[1]!, seen);
  const modules = [...seen].map((file) => ({ file, gzip: gz(readFileSync(path.join(DIST, file), 'utf8')) }));
  return { inline, modules, total: inline + modules.reduce((n, m) => n + m.gzip, 0) };
}

const article = readdirSync(path.join(DIST, 'blog')).find(
  (d) => !['article', 'page', 'category'].includes(d) && existsSync(path.join(DIST, 'blog', d, 'index.html')),
);
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/blog', `/blog/${article}`, '/blog/article'];
for (const page of pages) {
  const r = pageJs(page);
  const html = gz(readFileSync(htmlFile(page), 'utf8'));
  console.log(`${page}: JS ${(r.total / 1024).toFixed(2)} KB gzip (inline ${r.inline} B; ${r.modules.map((m) => `${m.file} ${m.gzip} B`).join(', ') || 'no modules'}); HTML ${(html / 1024).toFixed(1)} KB gzip`);
}
