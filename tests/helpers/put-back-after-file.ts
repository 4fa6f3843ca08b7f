import { afterAll, vi } from 'vitest';
import { resetEnvCache } from '../../src/server/env.ts';

/**
 * Test files that share a worker's module graph (`isolate: false` in vitest.config.ts) run one
 * after the other in one process: called from a project's setup file, before each file, this
 * snapshots the environment and, after the file, puts back what a file may change for the whole
 * process (its environment variables, added or changed, the environment cache, timers, mocks,
 * stubbed env vars and globals), so no file sees another's
 * (docs/decisions/0330-api-tests-share-a-module-graph.md).
 */
export function putBackAfterFile(): void {
  const environment = { ...process.env };
  afterAll(() => {
    for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
    Object.assign(process.env, environment);
    resetEnvCache();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });
}
