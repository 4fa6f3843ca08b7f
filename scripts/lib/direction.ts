// Which way imports between features may point: docs/decisions/0004-dependency-direction.md.
// A feature imports features of a lower layer only. The unit is the feature folder and nothing
// else, so the layers can be read from the tree: the screens that compose several features'
// islands live in `dashboards/`, the top layer (docs/decisions/0441-dashboards-folder.md).
// Edges that still point up are listed in ALLOWED_UPWARD with the move that removes them; the
// check fails on any other, and on an allowed edge that no longer exists (the list only shrinks).
import { cycles, featureOf, type Graph } from './import-graph.ts';

/** Lower layers first; a feature may import from any layer below its own, and its own folder. */
export const LAYERS: ReadonlyArray<readonly string[]> = [
  // 1. Neutral shared features: files, provider clients and keys, the outbox (ADR 0016).
  ['site', 'documents', 'integrations', 'messaging'],
  // 2. Accounts and the business's own channels, which know nothing of jobs.
  ['auth', 'blog', 'conversations', 'inbox', 'leads', 'marketing', 'quotes'],
  // 3. The marketplace core: requests, bids, appointments, matching, notifications, profiles.
  ['marketplace'],
  // 4. The work on a job, built on the core.
  ['bid-lines', 'booking', 'maintenance', 'payments', 'aog', 'jobs'],
  // 5. Signed records of finished work: they read the job's lines and complete its due items.
  ['records'],
  // 6. The administrators' console.
  ['admin'],
  // 7. The screens that compose several features' islands: the entry app, the two dashboards and
  //    their tabs, the console's app and dashboard.
  ['dashboards'],
];

/**
 * Feature edges that still point up or close a loop, each with the move that removes it. The
 * check fails when one of these no longer exists, so the list only shrinks: delete the line.
 * Empty since a bid's lines moved into the marketplace core and the due list is handed its
 * logbook dialog by the dashboard (docs/decisions/0004, 0266).
 */
export const ALLOWED_UPWARD: Readonly<Record<string, string>> = {};

/** The unit a file belongs to: its feature folder (undefined outside src/features). */
export const unitOf = featureOf;

export function layerOf(unit: string): number {
  const index = LAYERS.findIndex((layer) => layer.includes(unit));
  return index === -1 ? Number.POSITIVE_INFINITY : index;
}

export interface DirectionReport {
  fileCycles: string[][];
  /** `a -> b` edges that point up or sideways into a loop and are not in the allowed list. */
  wrongEdges: Array<{ edge: string; files: string[] }>;
  /** Allowed edges that no longer exist: delete them from ALLOWED_UPWARD. */
  staleAllowed: string[];
  /** Feature folders no layer names: every new feature takes a place in LAYERS. */
  unplaced: string[];
  /** The allowed edges that remain, for the report. */
  allowedInUse: string[];
}

/**
 * Checks a file-level import graph: no cycle between files, and between features only edges that
 * point down (or sideways without a loop), apart from the allowed list.
 */
export function checkDirection(
  files: Graph,
  allowed: Readonly<Record<string, string>> = ALLOWED_UPWARD,
): DirectionReport {
  const units: Graph = new Map();
  const edgeFiles = new Map<string, string[]>();
  for (const [file, imports] of files) {
    const from = unitOf(file);
    if (!from || /\.test\.tsx?$/.test(file)) continue; // tests ship nowhere and may read across features
    if (!units.has(from)) units.set(from, new Set());
    for (const target of imports) {
      const to = unitOf(target);
      if (!to || to === from) continue;
      units.get(from)!.add(to);
      const key = `${from} -> ${to}`;
      edgeFiles.set(key, [...(edgeFiles.get(key) ?? []), `${file} -> ${target}`]);
    }
  }

  const unplaced = [...units.keys()].filter((u) => layerOf(u) === Number.POSITIVE_INFINITY).sort();
  const wrong = new Set<string>();
  const allowedInUse: string[] = [];
  // Edges that point up are wrong unless allowed; edges inside a layer are wrong only in a loop.
  const kept: Graph = new Map();
  for (const [from, targets] of units) {
    kept.set(from, new Set());
    for (const to of targets) {
      const key = `${from} -> ${to}`;
      if (key in allowed) {
        allowedInUse.push(key);
        continue;
      }
      if (layerOf(from) < layerOf(to)) wrong.add(key);
      else kept.get(from)!.add(to);
    }
  }
  for (const component of cycles(kept)) {
    for (const from of component)
      for (const to of kept.get(from) ?? []) if (component.includes(to)) wrong.add(`${from} -> ${to}`);
  }

  return {
    fileCycles: cycles(files),
    wrongEdges: [...wrong].sort().map((edge) => ({ edge, files: edgeFiles.get(edge) ?? [] })),
    staleAllowed: Object.keys(allowed)
      .filter((key) => !allowedInUse.includes(key))
      .sort(),
    unplaced,
    allowedInUse: allowedInUse.sort(),
  };
}

export const directionOk = (r: DirectionReport): boolean =>
  r.fileCycles.length === 0 && r.wrongEdges.length === 0 && r.staleAllowed.length === 0 && r.unplaced.length === 0;
