// `node scripts/island-writes.ts`: the writes browser code sends with `call(...)` itself instead
// of through `useWrite` (src/lib/use-write.ts) or, outside a component, `write()` (src/lib/write.ts,
// which `useWrite` sends through), by file. A write is a call of a route whose method is not GET.
// Prints the count last; `--list` names each call.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTES } from '../src/contract/routes.ts';
import { ROOT } from './lib/paths.ts';

const routes = ROUTES as Record<string, { method: string }>;
// Routes sent as POST that change nothing: the email template preview takes its sample data as a
// body and renders it (the server stores nothing), loading with its dialog as any read does; it
// has no pending write, refusal or stale re-read for `useWrite` to own.
const READ_BY_POST = new Set(['adminTemplatePreview']);
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
  const rel = path.relative(ROOT, file);
  const count = (what: string) => byFile.set(rel, [...(byFile.get(rel) ?? []), what]);
  for (const m of text.matchAll(/\bcall\(\s*ROUTES\.(\w+)/g)) {
    const method = routes[m[1]!]?.method ?? 'GET';
    if (method !== 'GET' && !READ_BY_POST.has(m[1]!)) count(`${method} ${m[1]}`);
  }
  // A route chosen at run time (`call(kind === 'quotes' ? ROUTES.a : ROUTES.b`, `call(routeOf[action]`)
  // hid its writes from the pattern above: its routes are those the argument names, and a name
  // the script cannot read (a variable) counts as a write until it is written as `ROUTES.x`.
  for (const m of text.matchAll(/\bcall\(\s*(?!ROUTES\.)([^,)]+)[,)]/g)) {
    if (rel === path.join('src', 'lib', 'api-client.ts') || /^\s*(route|r)\s*$/.test(m[1]!)) continue;
    const named = [...m[1]!.matchAll(/ROUTES\.(\w+)/g)].map((r) => r[1]!);
    const writes = named.filter((name) => (routes[name]?.method ?? 'GET') !== 'GET' && !READ_BY_POST.has(name));
    if (named.length === 0) count(`? ${m[1]!.trim()}`);
    else if (writes.length) count(writes.map((name) => `${routes[name]!.method} ${name}`).join(' | '));
  }
}
const total = [...byFile.values()].reduce((n, list) => n + list.length, 0);
for (const [file, calls] of [...byFile].sort())
  console.log(`${calls.length} ${file}${process.argv.includes('--list') ? `: ${calls.join(', ')}` : ''}`);
console.log(`${total} writes outside useWrite in ${byFile.size} files`);
