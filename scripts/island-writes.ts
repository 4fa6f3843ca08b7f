// `node scripts/island-writes.ts`: the writes browser code sends with `call(ROUTES.x)` itself
// instead of through `useWrite` (src/lib/use-write.ts), by file. A write is a call of a route
// whose method is not GET. Prints the count last; `--list` names each call.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTES } from '../src/contract/routes.ts';
import { ROOT } from './lib/paths.ts';

const routes = ROUTES as Record<string, { method: string }>;
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );

const browser = files(path.join(ROOT, 'src')).filter(
  (f) => /\.tsx?$/.test(f) && !/\.(server|test)\.tsx?$/.test(f) && !f.includes(`${path.sep}server${path.sep}`),
);
const byFile = new Map<string, string[]>();
for (const file of browser) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/\bcall\(\s*ROUTES\.(\w+)/g)) {
    const method = routes[m[1]!]?.method ?? 'GET';
    if (method === 'GET') continue;
    const rel = path.relative(ROOT, file);
    byFile.set(rel, [...(byFile.get(rel) ?? []), `${method} ${m[1]}`]);
  }
}
const total = [...byFile.values()].reduce((n, list) => n + list.length, 0);
for (const [file, calls] of [...byFile].sort())
  console.log(`${calls.length} ${file}${process.argv.includes('--list') ? `: ${calls.join(', ')}` : ''}`);
console.log(`${total} writes outside useWrite in ${byFile.size} files`);
