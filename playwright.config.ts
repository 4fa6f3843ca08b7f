import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

import { E2E_PORT, E2E_SERVER_ARGS, E2E_SERVER_ENV, E2E_SERVER_STARTED, E2E_URL } from './scripts/lib/e2e-server.ts';

// Debian's headless shell first: the same Chromium without the browser's interface, which runs the
// whole browser suite on about a third less CPU than the full browser in its headless mode
// (docs/decisions/0496-the-headless-shell.md). `.ci/run` installs it; a laptop without it uses
// the full browser, as the benchmarks always do (they time what a visitor's browser does).
const systemChromium = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => existsSync(p),
);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two: a third browser on 2 cores measured no faster (6.6 min against 6.3) and slowed the
  // longest walk from 41 s to 1.8 min.
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // Recording a trace costs every test its snapshots and screencast, kept or not: a third more
    // CPU for the whole browser stage (six long walks: 161 CPU s without, 239-255 with; `npm test`
    // on a working tree 755 s of browser tests against 424 in CI; docs/decisions/0494). CI records
    // the retry of a failed test (Playwright's advice); so does the whole suite run by `npm test`
    // (E2E_WHOLE_SUITE), where nothing retries: a failed test is named, and its spec run again by
    // hand records and keeps its trace.
    trace: process.env['CI'] || process.env['E2E_WHOLE_SUITE'] ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      ...(systemChromium ? { executablePath: systemChromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Tests tagged @global-setting change a console setting every visitor sees (the popup switch,
    // the business hours, the sign-in length) or the FAA airmen file every approval verdict reads:
    // they run after every other test, one at a time, so no other test ever sees one mid-change.
    {
      name: 'desktop',
      grepInvert: /@global-setting/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
    },
    {
      name: 'global-setting',
      grep: /@global-setting/,
      dependencies: ['desktop'],
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
    },
  ],
  webServer: {
    command: `node ${E2E_SERVER_ARGS.join(' ')}`,
    url: E2E_URL,
    timeout: 240_000,
    // `npm test` starts this server while Vitest runs (scripts/test-all.ts) and waits until it answers.
    reuseExistingServer: process.env[E2E_SERVER_STARTED] === '1',
    stdout: 'pipe',
    env: E2E_SERVER_ENV,
  },
});
