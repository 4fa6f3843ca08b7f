// Page weight of built static pages (the home page, the dashboard, the console) from `dist/`, served
// here by a plain file server: HTML, CSS and JavaScript gzip of each page and of its islands.
// Usage: npx astro build && node bench/static-pages-weight.ts [dist] [port]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { measurePage } from './lib/page-weight.ts';

const dist = process.argv[2] ?? 'dist';
const port = Number(process.argv[3] ?? 4399);
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

async function fileFor(pathname: string): Promise<string | null> {
  for (const candidate of [pathname, `${pathname}/index.html`, `${pathname}.html`]) {
    const file = join(dist, decodeURIComponent(candidate));
    if (
      await stat(file).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return file;
  }
  return null;
}

const server = createServer((req, res) => {
  void fileFor(new URL(req.url ?? '/', 'http://x').pathname).then(async (file) => {
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(await readFile(file));
  });
});
await new Promise<void>((resolve) => server.listen(port, resolve));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('| page | HTML | CSS | JS (eager) | JS (islands) | largest island |\n|---|---|---|---|---|---|');
for (const path of ['/', '/dashboard', '/admin']) {
  const w = await measurePage(`http://localhost:${port}`, path);
  const largest = [...w.islands].sort((a, b) => b.gzipBytes - a.gzipBytes)[0];
  console.log(
    `| \`${path}\` | ${kb(w.htmlGzip)} | ${kb(w.cssGzip)} | ${kb(w.eagerJsGzip)} | ${kb(w.islandsJsGzip)} | ${largest ? `${largest.component} ${kb(largest.gzipBytes)}` : '-'} |`,
  );
}
server.close();
