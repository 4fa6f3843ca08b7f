import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { buildGraph, cyclePath, cycles, featureGraph, type Graph } from '../../scripts/lib/import-graph.ts';
import { checkDirection, directionOk } from '../../scripts/lib/direction.ts';

// The check behind `node scripts/check-imports.ts` (docs/decisions/0004-dependency-direction.md),
// fed small trees with a deliberate cycle: it must fail on each, and pass once the cycle is gone.

const graph = (edges: Record<string, string[]>): Graph =>
  new Map(Object.entries(edges).map(([file, to]) => [file, new Set(to)]));

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A throw-away project: a tsconfig like the real one and the given files. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'import-direction-'));
  dirs.push(root);
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'esnext',
        moduleResolution: 'bundler',
        allowImportingTsExtensions: true,
        jsx: 'react-jsx',
        noEmit: true,
      },
    }),
  );
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('file cycles', () => {
  test('a cycle through a type-only import, a re-export and a dynamic import is found and printed', () => {
    const root = project({
      'src/contract/a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n",
      'src/contract/b.ts': "export * from './c';\nexport type B = { n: number };\n",
      'src/contract/c.ts': "export const load = () => import('./a.ts');\n",
      'src/contract/d.ts': "import { load } from './c.ts';\nimport React from 'react';\nexport { load, React };\n",
    });
    const files = buildGraph(root, ['src']);
    expect(cycles(files)).toEqual([['src/contract/a.ts', 'src/contract/b.ts', 'src/contract/c.ts']]);
    expect(cyclePath(files, 'src/contract/a.ts')).toEqual([
      'src/contract/a.ts',
      'src/contract/b.ts',
      'src/contract/c.ts',
      'src/contract/a.ts',
    ]);
    expect(directionOk(checkDirection(files, {}))).toBe(false);
  });

  test("an .astro page's frontmatter and script imports are edges", () => {
    const root = project({
      'src/pages/index.astro':
        "---\nimport Card from '../components/Card.astro';\n---\n<Card />\n<script>\n  import { go } from '../lib/go.ts';\n  go();\n</script>\n",
      'src/components/Card.astro': '---\n---\n<p>card</p>\n',
      'src/lib/go.ts': 'export const go = () => undefined;\n',
    });
    expect(buildGraph(root, ['src']).get('src/pages/index.astro')).toEqual(
      new Set(['src/components/Card.astro', 'src/lib/go.ts']),
    );
  });

  test('without the cycle the same tree passes', () => {
    const root = project({
      'src/contract/a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n",
      'src/contract/b.ts': 'export type B = { n: number };\n',
    });
    expect(directionOk(checkDirection(buildGraph(root, ['src']), {}))).toBe(true);
  });
});

describe('feature direction', () => {
  test('an import from a neutral feature up into the console fails, naming the file', () => {
    const report = checkDirection(
      graph({
        'src/features/messaging/OutboxPanel.tsx': ['src/features/admin/LoadError.tsx'],
        'src/features/admin/LoadError.tsx': [],
      }),
      {},
    );
    expect(report.wrongEdges).toEqual([
      {
        edge: 'messaging -> admin',
        files: ['src/features/messaging/OutboxPanel.tsx -> src/features/admin/LoadError.tsx'],
      },
    ]);
    expect(directionOk(report)).toBe(false);
  });

  test('two features of one layer importing each other fail; one way passes', () => {
    const loop = graph({
      'src/features/leads/LeadPopup.tsx': ['src/features/quotes/quote-form.ts'],
      'src/features/quotes/QuoteForm.tsx': ['src/features/leads/popup-flags.ts'],
      'src/features/quotes/quote-form.ts': [],
      'src/features/leads/popup-flags.ts': [],
    });
    expect(checkDirection(loop, {}).wrongEdges.map((e) => e.edge)).toEqual(['leads -> quotes', 'quotes -> leads']);
    loop.set('src/features/leads/LeadPopup.tsx', new Set());
    expect(directionOk(checkDirection(loop, {}))).toBe(true);
  });

  test('a dashboard composes any feature; a feature importing a dashboard fails', () => {
    const files = graph({
      'src/features/dashboards/PilotDashboard.tsx': ['src/features/records/RecordPanel.tsx'],
      'src/features/records/RecordPanel.tsx': [],
    });
    expect(directionOk(checkDirection(files, {}))).toBe(true);
    files.set('src/features/records/RecordPanel.tsx', new Set(['src/features/dashboards/PilotDashboard.tsx']));
    expect(checkDirection(files, {}).wrongEdges.map((e) => e.edge)).toEqual(['records -> dashboards']);
  });

  test('the folder is the layer: a screen under marketplace/ importing a higher feature fails', () => {
    const report = checkDirection(
      graph({
        'src/features/marketplace/pilot/RequestsTab.tsx': ['src/features/payments/PaymentTerms.tsx'],
        'src/features/payments/PaymentTerms.tsx': [],
      }),
      {},
    );
    expect(report.wrongEdges.map((e) => e.edge)).toEqual(['marketplace -> payments']);
  });

  test('an allowed edge passes while it exists and fails once it is gone (the list only shrinks)', () => {
    const files = graph({
      'src/features/marketplace/bids.server.ts': ['src/features/bid-lines/lines.server.ts'],
      'src/features/bid-lines/lines.server.ts': [],
    });
    const allowed = { 'marketplace -> bid-lines': 'why' };
    expect(directionOk(checkDirection(files, allowed))).toBe(true);
    files.set('src/features/marketplace/bids.server.ts', new Set());
    expect(checkDirection(files, allowed).staleAllowed).toEqual(['marketplace -> bid-lines']);
  });

  test('a new feature folder must take a place in a layer; test files are not edges', () => {
    const files = graph({
      'src/features/dispatch/dispatch.server.ts': [],
      'src/features/messaging/outbox.test.ts': ['src/features/admin/x.ts'],
      'src/features/admin/x.ts': [],
    });
    const report = checkDirection(files, {});
    expect(report.unplaced).toEqual(['dispatch']);
    expect(report.wrongEdges).toEqual([]);
    expect(featureGraph(files).get('messaging')).toBeUndefined();
  });
});
