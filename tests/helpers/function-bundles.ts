import { resolveConfig } from '@netlify/config';
import { listFunctions, zipFunctions, type Config as FunctionsConfig } from '@netlify/zip-it-and-ship-it';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWsProxy } from '../../scripts/lib/ws-proxy.ts';
import { loadContentLibrary } from '../../src/features/blog/content-library.server.ts';
import { api } from './api.ts';
import type { BundledCall, BundledResult } from './bundled-function-runner.ts';
import { openBundleCache, type BundleCache } from './function-bundle-cache.ts';
import { startTestBlobs, type TestBlobs } from './blobs.ts';
import { useIsolatedDatabase } from './isolated-db.ts';
import { uniqueTail } from './marketplace.ts';
import { createUser } from './users.ts';

/**
 * The deploy path without any emulator: functions bundled by @netlify/zip-it-and-ship-it with the
 * `[functions]` settings of netlify.toml, exactly as Netlify's build does, then imported from their
 * bundles in a separate Node process (outside the repository, so nothing resolves from the
 * project's node_modules) and called. A function that does not bundle, imports what the trace
 * missed, or reads a file `included_files` does not ship fails here rather than in production.
 *
 * Bundling all ~100 functions is minutes of work on 2 cores, so it is split into a few test files
 * (`tests/api/functions-bundle-*.test.ts`), each bundling its share of the functions: Vitest runs
 * them side by side with the other files instead of one file running alone for minutes at the end.
 * On a working tree a function whose files are unchanged keeps its last bundle (0499).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNNER = path.join(ROOT, 'tests/helpers/bundled-function-runner.ts');
const FUNCTIONS_DIR = path.join(ROOT, 'netlify/functions');

/** Every function's name, sorted: the files of `netlify/functions` that Netlify deploys. */
export function functionNames(): string[] {
  return readdirSync(FUNCTIONS_DIR)
    .filter((f) => /\.(ts|mts|js|mjs)$/.test(f))
    .map((f) => f.replace(/\.[mc]?[jt]s$/, ''))
    .sort();
}

/** How many files share the bundling: `tests/api/functions-bundle-1.test.ts` and on. */
export const BUNDLE_SHARDS = 3;

/** The functions of shard `index` (1-based): every function is in exactly one shard. */
export function functionShard(index: number): string[] {
  return functionNames().filter((_, i) => i % BUNDLE_SHARDS === index - 1);
}

export interface Bundle {
  name: string;
  dir: string;
  routes: string[];
  schedule?: string;
}

/** Netlify's build reads `[functions]` with @netlify/config and hands zip-it-and-ship-it camelCase keys. */
async function functionsConfig(): Promise<FunctionsConfig> {
  const { config } = (await resolveConfig({ repositoryRoot: ROOT, cwd: ROOT, offline: true } as never)) as unknown as {
    config: {
      functions?: Record<
        string,
        { included_files?: string[]; node_bundler?: string; external_node_modules?: string[] }
      >;
      functionsDirectory: string;
    };
  };
  // The shares are made from the files of this directory.
  if (path.resolve(config.functionsDirectory) !== FUNCTIONS_DIR)
    throw new Error(`netlify.toml deploys functions from ${config.functionsDirectory}, not ${FUNCTIONS_DIR}`);
  return Object.fromEntries(
    Object.entries(config.functions ?? {}).map(([pattern, c]) => [
      pattern,
      {
        ...(c.included_files ? { includedFiles: c.included_files } : {}),
        ...(c.node_bundler
          ? { nodeBundler: c.node_bundler as NonNullable<FunctionsConfig[string]['nodeBundler']> }
          : {}),
        ...(c.external_node_modules ? { externalNodeModules: c.external_node_modules } : {}),
      },
    ]),
  );
}

function sourceOf(name: string): string {
  const file = readdirSync(FUNCTIONS_DIR).find((f) => f.replace(/\.[mc]?[jt]s$/, '') === name);
  if (!file) throw new Error(`no function ${name} in netlify/functions`);
  return path.join(FUNCTIONS_DIR, file);
}

/**
 * Where the bundles are written: memory (`/dev/shm`) where the machine has room there, else the
 * temporary directory. Each function's bundle carries its own copy of the packages it imports
 * (~7 MB), so a share writes and then deletes ~270 MB: on an ext4 disk the delete alone took 14 s
 * for 15 functions, in memory 0.2 s (docs/decisions/0295-function-bundles-traced-once.md). Either
 * place is outside the repository, so nothing resolves from the project's node_modules.
 */
function scratchRoot(): string {
  const room = 2 * 1024 ** 3; // the three shares at once, with room to spare (a container's default is 64 MB)
  try {
    accessSync('/dev/shm', constants.W_OK);
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= room) return '/dev/shm';
  } catch {
    // no /dev/shm here
  }
  return os.tmpdir();
}

/** The version of the bundler: part of a kept bundle's key. */
function bundlerVersion(): string {
  const manifest = path.join(ROOT, 'node_modules/@netlify/zip-it-and-ship-it/package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * Bundles kept from the last runs on this working tree; none in CI, where every run bundles every
 * function from a clean checkout (docs/decisions/0499).
 */
function keptBundles(config: FunctionsConfig): BundleCache | undefined {
  if (process.env['CI']) return undefined;
  return openBundleCache(scratchRoot(), ROOT, { bundler: bundlerVersion(), node: process.version, config }, [
    'package-lock.json',
  ]);
}

/**
 * Bundles the named functions into `out` in one zipFunctions run, as Netlify's build does: the
 * run shares one dependency-trace cache across its functions (kysely, pg, zod ... traced once).
 * On a working tree, a function whose inputs are unchanged since a run bundled it keeps that bundle.
 */
async function bundle(names: string[], out: string): Promise<Bundle[]> {
  const config = await functionsConfig();
  const kept = keptBundles(config);
  const dirs = new Map<string, string>();
  for (const name of names) {
    const dir = kept?.find(name);
    if (dir) dirs.set(name, dir);
  }
  const toBundle = names.filter((name) => !dirs.has(name));
  if (toBundle.length > 0) {
    const results = await zipFunctions({ user: { functions: toBundle.map(sourceOf) } }, out, {
      archiveFormat: 'none',
      // One function at a time, so that the trace cache is filled once: the cache keeps finished
      // analyses only, and with zip-it-and-ship-it's default of five at a time the first five
      // functions each parsed every package file (kysely, zod, pg ...) themselves, 3,855 parses of
      // 1,679 files for one share. The bundles are the same either way; only the order differs.
      parallelLimit: 1,
      basePath: ROOT,
      repositoryRoot: ROOT,
      config,
    });
    for (const r of results) {
      // A bundle whose files the bundler did not name could not be told apart from a changed one: not kept.
      const keepable = kept && r.inputs && r.inputs.length > 0;
      dirs.set(r.name, keepable ? kept.keep(r.name, r.path, r.inputs ?? [], r.includedFiles ?? []) : r.path);
    }
  }
  const functions = names.map(sourceOf);
  const declared = await listFunctions({ user: { functions } }, { parseISC: true, config });
  return [...dirs]
    .map(([name, dir]) => {
      const meta = declared.find((d) => d.name === name) as
        { routes?: Array<{ pattern?: string; path?: string }>; schedule?: string } | undefined;
      return {
        name,
        dir,
        routes: (meta?.routes ?? []).map((route) => route.pattern ?? route.path ?? ''),
        ...(meta?.schedule ? { schedule: meta.schedule } : {}),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Runs the calls in a child process, asynchronously: the Blobs server (and the WebSocket proxy)
 * answer from this one. `env` changes the child's environment (a name set to undefined is removed).
 */
async function runBundled(
  out: string,
  calls: BundledCall[],
  env: Record<string, string | undefined> = {},
): Promise<BundledResult[]> {
  const childEnv: Record<string, string | undefined> = { ...process.env, NODE_PATH: '', ...env };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  const child = spawn(process.execPath, [RUNNER], { cwd: out, env: childEnv });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(JSON.stringify(calls));
  const [status] = (await once(child, 'close')) as [number | null];
  const line = stdout.trim().split('\n').at(-1) ?? '';
  if (!line.startsWith('[')) throw new Error(`the bundled function runner failed (${status}): ${stderr}`);
  return JSON.parse(line) as BundledResult[];
}

/** A concrete URL for a route pattern: parameters filled with a well-formed id. */
const concretePath = (pattern: string) =>
  pattern.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');

/** The scheduled functions, as netlify.toml's build would deploy them. */
export const SCHEDULED = [
  'aog-escalation',
  'booking-reminders',
  'cleanup-uploads',
  'complete-matching',
  'conversation-digest',
  'deliver-outbox',
  'maintenance-reminders',
  'payments-settle',
];

/** The tests of one shard: its functions bundled, each loaded and called from its bundle. */
export function describeBundleShard(index: number): void {
  const count = BUNDLE_SHARDS;
  const names = functionShard(index);
  let out: string;
  let bundles: Bundle[] = [];
  let blobs: TestBlobs;
  let adminToken: string;

  beforeAll(async () => {
    // Generating content replaces every post, and the outbox run takes every due message: this
    // suite's database is its own.
    await useIsolatedDatabase();
    blobs = await startTestBlobs();
    adminToken = (await createUser('admin')).token;
    out = mkdtempSync(path.join(scratchRoot(), 'function-bundles-'));
    bundles = await bundle(names, out);
    // The dependency trace costs seconds of CPU a function (measured: 4-5 s on an idle core).
  }, 600_000);

  afterAll(async () => {
    await blobs?.stop();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  // Importing a few dozen bundles in a fresh process takes seconds on an idle machine and minutes on
  // a busy one (three minutes measured at a load average of 24 on 2 cores).
  describe(`functions bundled as Netlify deploys them (${index} of ${count})`, { timeout: 480_000 }, () => {
    it('bundles every function of this share, each with its routes or schedule', () => {
      // Every shard's file exists, so that no function goes unbundled.
      const files = readdirSync(path.join(ROOT, 'tests/api')).filter((f) => /^functions-bundle-\d+\.test\.ts$/.test(f));
      expect(files.sort()).toEqual(Array.from({ length: count }, (_, i) => `functions-bundle-${i + 1}.test.ts`).sort());
      expect(names.length).toBeGreaterThan(0);
      expect(bundles.map((b) => b.name)).toEqual(names);
      expect(bundles.filter((b) => b.routes.length === 0 && !b.schedule).map((b) => b.name)).toEqual([]);
      expect(bundles.filter((b) => b.schedule).map((b) => b.name)).toEqual(
        SCHEDULED.filter((name) => names.includes(name)),
      );
    });

    it('loads each bundle on its own and answers one route of each (405 for a method it does not serve)', async () => {
      const http = bundles.filter((b) => b.routes.length > 0);
      const results = await runBundled(
        out,
        http.map((b) => ({
          dir: b.dir,
          method: 'PURGE',
          url: `https://example.netlify.app${concretePath(b.routes[0]!)}`,
        })),
      );
      const failures = results
        .map((r, i) => ({ name: http[i]!.name, ...r }))
        .filter((r) => r.status !== 405 || !JSON.parse(r.body ?? '{}').detail);
      expect(failures).toEqual([]);
    });

    const scheduled = SCHEDULED.filter((name) => names.includes(name));
    if (scheduled.length > 0) {
      it(`runs each scheduled function of this share from its bundle (${scheduled.join(', ')})`, async () => {
        const results = await runBundled(
          out,
          bundles
            .filter((b) => b.schedule)
            .map((b) => ({
              dir: b.dir,
              method: 'POST',
              url: `https://example.netlify.app/.netlify/functions/${b.name}`,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ next_run: new Date().toISOString() }),
            })),
        );
        expect(results.map((r) => r.error ?? r.status)).toEqual(scheduled.map(() => 204));
      });
    }

    const overNeon = ['health', 'blog-posts'].filter((name) => names.includes(name));
    if (overNeon.length > 0) {
      it(`reads the database through Neon's serverless driver from its bundle (${overNeon.join(', ')})`, async () => {
        // Production's path: Netlify DB's environment, `@netlify/db` choosing Neon's driver, which
        // speaks Postgres over a WebSocket; the local proxy stands where Neon's is, named by
        // LOCAL_NEON_WS_PROXY as the deploy rehearsal names it. Each request ends its own pool.
        const proxy = await startWsProxy();
        try {
          const results = await runBundled(
            out,
            overNeon.map((name) => ({
              dir: bundles.find((b) => b.name === name)!.dir,
              method: 'GET',
              url: `https://example.netlify.app${name === 'health' ? '/api/health' : '/api/blog/posts?limit=1'}`,
            })),
            {
              DATABASE_URL: undefined,
              NETLIFY_DB_URL: process.env['DATABASE_URL'],
              NETLIFY_DB_DRIVER: 'serverless',
              LOCAL_NEON_WS_PROXY: `127.0.0.1:${proxy.port}`,
            },
          );
          expect(results.map((r) => r.error ?? `${r.status} ${r.body?.slice(0, 80)}`)).toEqual(
            overNeon.map((name) => (name === 'health' ? '200 {"database":"ok"}' : expect.stringMatching(/^200 /))),
          );
          expect(proxy.opened).toBeGreaterThanOrEqual(overNeon.length);
          await vi.waitFor(() => expect(proxy.open).toBe(0), { timeout: 5_000 });
        } finally {
          await proxy.close();
        }
      });
    }

    if (names.includes('blog-admin')) {
      it('ships the article library with the blog admin function (included_files)', async () => {
        const blogAdmin = bundles.find((b) => b.name === 'blog-admin')!;
        const [result] = await runBundled(out, [
          {
            dir: blogAdmin.dir,
            method: 'POST',
            url: 'https://example.netlify.app/api/blog/admin/generate-initial-content',
            headers: { authorization: `Bearer ${adminToken}` },
          },
        ]);
        expect(result!.error).toBeUndefined();
        expect(result!.status).toBe(200);
        expect(JSON.parse(result!.body!)).toEqual({ success: true, posts_created: loadContentLibrary().length });
      });
    }

    if (names.includes('aircraft-logbook')) {
      it('ships the logbook PDF font with the functions that make PDFs (included_files)', async () => {
        const pilot = await createUser('pilot');
        const plane = await api.post(
          '/api/aircraft',
          { tailNumber: uniqueTail(), make: 'Cessna', model: '182P' },
          { token: pilot.token },
        );
        const logbook = bundles.find((b) => b.name === 'aircraft-logbook')!;
        const [result] = await runBundled(out, [
          {
            dir: logbook.dir,
            method: 'GET',
            url: `https://example.netlify.app/api/aircraft/${plane.body.id}/logbook/pdf`,
            headers: { authorization: `Bearer ${pilot.token}` },
          },
        ]);
        expect(result!.error).toBeUndefined();
        expect(result!.status).toBe(200);
        expect(result!.body!.startsWith('%PDF-')).toBe(true);
        expect(result!.body).toContain('DejaVuSans');
      });
    }
  });
}
