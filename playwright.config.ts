import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

const PORT = Number(process.env['E2E_PORT'] ?? 4399);
/** Where tests/e2e/admin-console.spec.ts serves its fake payment provider. */
const FAKE_PROVIDER_PORT = Number(process.env['E2E_FAKE_PROVIDER_PORT'] ?? 4388);
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

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
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs every test its snapshots and screencast, kept or not: CI records
    // the retry of a failed test (Playwright's advice), a local run keeps the failed ones.
    trace: process.env['CI'] ? 'on-first-retry' : 'retain-on-failure',
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
    // The production-like server on a fresh embedded database of its own, with demo data.
    command: `node scripts/start.ts --port ${PORT} --data-dir .data/e2e/postgres --fresh --scratch --quiet`,
    url: `http://localhost:${PORT}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PUBLIC_WRITE_RATE_LIMIT: '10000',
      LOGIN_RATE_LIMIT_SCALE: '1',
      // Integration tests in the admin console call a fake provider the spec starts on this port
      // (tests/e2e/admin-console.spec.ts, tests/helpers/fake-providers.ts), never the real Stripe.
      STRIPE_API_BASE: `http://127.0.0.1:${FAKE_PROVIDER_PORT}`,
    },
  },
});
