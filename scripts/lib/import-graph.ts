// The import graph of src/ and its cycles, at file level and at feature-folder level
// (docs/decisions/0004-dependency-direction.md). No dependency beyond TypeScript: imports are read
// with ts.preProcessFile and resolved with ts.resolveModuleName against the project's tsconfig,
// so `./x`, `../x.ts` and package names resolve exactly as the compiler resolves them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type Graph = Map<string, Set<string>>;

const SOURCE = /\.(ts|tsx|astro)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Module names a file imports: static, type-only, re-exports and dynamic `import()`. */
export function importedNames(file: string, text: string): string[] {
  // An .astro file's imports sit in its frontmatter and its <script> tags: plain TypeScript there.
  const code = file.endsWith('.astro') ? astroScripts(text) : text;
  return ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName);
}

function astroScripts(text: string): string {
  const parts: string[] = [];
  const front = text.match(/^---\r?\n([\s\S]*?)\r?\n---/);
  if (front?.[1]) parts.push(front[1]);
  for (const m of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) if (m[1]) parts.push(m[1]);
  return parts.join('\n');
}

function compilerOptions(root: string): ts.CompilerOptions {
  const configPath = path.join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root, undefined, configPath);
  // Only the file list matters here; allow .astro-style paths and explicit .ts extensions.
  return { ...parsed.options, allowImportingTsExtensions: true, noEmit: true };
}

/** File-level graph of `dirs` (relative to root): an edge for each import resolved inside them. */
export function buildGraph(root: string, dirs: string[]): Graph {
  const options = compilerOptions(root);
  const files = dirs.flatMap((d) => walk(path.join(root, d)));
  const inside = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const rel = path.relative(root, file);
    const edges = new Set<string>();
    for (const name of importedNames(file, readFileSync(file, 'utf8'))) {
      if (!name.startsWith('.') && !name.startsWith('@/')) continue; // packages are outside the graph
      const target = resolve(name, file, options);
      if (target && inside.has(target) && target !== file) edges.add(path.relative(root, target));
    }
    graph.set(rel, edges);
  }
  return graph;
}

function resolve(name: string, from: string, options: ts.CompilerOptions): string | undefined {
  if (name.endsWith('.astro')) return path.resolve(path.dirname(from), name); // the compiler does not know .astro
  const found = ts.resolveModuleName(name, from, options, ts.sys).resolvedModule?.resolvedFileName;
  if (found) return found;
  // `?raw`, `?url` and similar Vite suffixes: the file without the query.
  const bare = name.replace(/\?.*$/, '');
  return bare !== name ? path.resolve(path.dirname(from), bare) : undefined;
}

/** Strongly connected components with more than one member (Tarjan), each sorted, largest first. */
export function cycles(graph: Graph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];

  const connect = (node: string): void => {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) connect(node);
  return found.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** One shortest path from `from` back to itself inside the graph, to print a cycle readably. */
export function cyclePath(graph: Graph, from: string): string[] {
  const previous = new Map<string, string>();
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (next === from) {
        const route = [node];
        while (route[0] !== from) route.unshift(previous.get(route[0]!)!);
        return [...route, from];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [];
}

/** `src/features/<name>/...` -> `<name>`; anything else -> undefined. */
export function featureOf(file: string): string | undefined {
  return file.replace(/\\/g, '/').match(/^src\/features\/([^/]+)\//)?.[1];
}

/**
 * Feature-folder graph: an edge a -> b when a file of feature a imports a file of feature b.
 * Test files are left out: they ship nowhere and may read across features.
 */
export function featureGraph(files: Graph): Graph {
  const graph: Graph = new Map();
  for (const [file, imports] of files) {
    const from = featureOf(file);
    if (!from || /\.test\.tsx?$/.test(file)) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of imports) {
      const to = featureOf(target);
      if (to && to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** Which files make one feature edge, for a readable report. */
export function edgeFiles(files: Graph, from: string, to: string): string[] {
  const out: string[] = [];
  for (const [file, imports] of files) {
    if (featureOf(file) !== from || /\.test\.tsx?$/.test(file)) continue;
    for (const target of imports) if (featureOf(target) === to) out.push(`${file} -> ${target}`);
  }
  return out;
}
