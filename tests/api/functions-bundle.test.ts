import { resolveConfig } from '@netlify/config';
import { listFunctions, zipFunctions, type Config as FunctionsConfig } from '@netlify/zip-it-and-ship-it';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundledCall, BundledResult } from '../helpers/bundled-function-runner.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { createUser } from '../helpers/users.ts';
import { api } from '../helpers/api.ts';
import { uniqueTail } from '../helpers/marketplace.ts';
import { loadContentLibrary } from '../../src/features/blog/content-library.server.ts';

/**
 * The deploy path without any emulator: every function bundled by @netlify/zip-it-and-ship-it with
 * the `[functions]` settings of netlify.toml, exactly as Netlify's build does, then imported from
 * its bundle in a separate Node process (outside the repository, so nothing resolves from the
 * project's node_modules) and called. A function that does not bundle, imports what the trace
 * missed, or reads a file `included_files` does not ship fails here rather than in production.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNNER = path.join(ROOT, 'tests/helpers/bundled-function-runner.ts');

interface Bundle {
  name: string;
  dir: string;
  routes: string[];
  schedule?: string;
}

let out: string;
let bundles: Bundle[] = [];
let blobs: TestBlobs;
let adminToken: string;

/** Netlify's build reads `[functions]` with @netlify/config and hands zip-it-and-ship-it camelCase keys. */
async function functionsConfig(): Promise<{ functions: FunctionsConfig; directory: string }> {
  const { config } = (await resolveConfig({ repositoryRoot: ROOT, cwd: ROOT, offline: true } as never)) as unknown as {
    config: { functions?: Record<string, { included_files?: string[]; node_bundler?: string; external_node_modules?: string[] }>; functionsDirectory: string };
  };
  const functions = Object.fromEntries(
    Object.entries(config.functions ?? {}).map(([pattern, c]) => [
      pattern,
      {
        ...(c.included_files ? { includedFiles: c.included_files } : {}),
        ...(c.node_bundler ? { nodeBundler: c.node_bundler as NonNullable<FunctionsConfig[string]['nodeBundler']> } : {}),
        ...(c.external_node_modules ? { externalNodeModules: c.external_node_modules } : {}),
      },
    ]),
  );
  return { functions, directory: config.functionsDirectory };
}

/** Runs the calls in a child process, asynchronously: the Blobs server answers from this one. */
async function runBundled(calls: BundledCall[]): Promise<BundledResult[]> {
  const child = spawn(process.execPath, [RUNNER], { cwd: out, env: { ...process.env, NODE_PATH: '' } });
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

beforeAll(async () => {
  // Generating content replaces every post: this suite's database is its own.
  await useIsolatedDatabase();
  blobs = await startTestBlobs();
  adminToken = (await createUser('admin')).token;
  const { functions, directory } = await functionsConfig();
  out = mkdtempSync(path.join(os.tmpdir(), 'function-bundles-'));
  const results = await zipFunctions([directory], out, {
    archiveFormat: 'none',
    basePath: ROOT,
    repositoryRoot: ROOT,
    config: functions,
  });
  const declared = await listFunctions([directory], { parseISC: true });
  bundles = results.map((r) => {
    const meta = declared.find((d) => d.name === r.name) as { routes?: Array<{ pattern?: string; path?: string }>; schedule?: string } | undefined;
    return {
      name: r.name,
      dir: r.path,
      routes: (meta?.routes ?? []).map((route) => route.pattern ?? route.path ?? ''),
      ...(meta?.schedule ? { schedule: meta.schedule } : {}),
    };
  });
}, 300_000);

afterAll(async () => {
  await blobs?.stop();
  if (out) rmSync(out, { recursive: true, force: true });
});

/** A concrete URL for a route pattern: parameters filled with a well-formed id. */
const concretePath = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');

// Importing ~40 bundles in a fresh process takes seconds on an idle machine and much more on a busy one.
describe('functions bundled as Netlify deploys them', { timeout: 180_000 }, () => {
  it('bundles every function', () => {
    expect(bundles.length).toBeGreaterThan(30);
    expect(bundles.every((b) => b.routes.length > 0 || b.schedule)).toBe(true);
  });

  it('loads each bundle on its own and answers one route of each (405 for a method it does not serve)', async () => {
    const http = bundles.filter((b) => b.routes.length > 0);
    const results = await runBundled(
      http.map((b) => ({ dir: b.dir, method: 'PURGE', url: `https://example.netlify.app${concretePath(b.routes[0]!)}` })),
    );
    const failures = results
      .map((r, i) => ({ name: http[i]!.name, ...r }))
      .filter((r) => r.status !== 405 || !JSON.parse(r.body ?? '{}').detail);
    expect(failures).toEqual([]);
  });

  it('runs each scheduled function from its bundle', async () => {
    const scheduled = bundles.filter((b) => b.schedule);
    expect(scheduled.map((b) => b.name).sort()).toEqual(['aog-escalation', 'cleanup-uploads', 'complete-matching', 'conversation-digest', 'deliver-outbox', 'maintenance-reminders']);
    const results = await runBundled(
      scheduled.map((b) => ({
        dir: b.dir,
        method: 'POST',
        url: `https://example.netlify.app/.netlify/functions/${b.name}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ next_run: new Date().toISOString() }),
      })),
    );
    expect(results.map((r) => r.error ?? r.status)).toEqual([204, 204, 204, 204, 204, 204]);
  });

  it('ships the article library with the blog admin function (included_files)', async () => {
    const blogAdmin = bundles.find((b) => b.name === 'blog-admin')!;
    const [result] = await runBundled([
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

  it('ships the logbook PDF font with the functions that make PDFs (included_files)', async () => {
    const pilot = await createUser('pilot');
    const plane = await api.post('/api/aircraft', { tailNumber: uniqueTail(), make: 'Cessna', model: '182P' }, { token: pilot.token });
    const logbook = bundles.find((b) => b.name === 'aircraft-logbook')!;
    const [result] = await runBundled([
      { dir: logbook.dir, method: 'GET', url: `https://example.netlify.app/api/aircraft/${plane.body.id}/logbook/pdf`, headers: { authorization: `Bearer ${pilot.token}` } },
    ]);
    expect(result!.error).toBeUndefined();
    expect(result!.status).toBe(200);
    expect(result!.body!.startsWith('%PDF-')).toBe(true);
    expect(result!.body).toContain('DejaVuSans');
  });
});
