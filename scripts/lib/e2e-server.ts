// The server the browser tests run against, in one place: Playwright's webServer starts it
// (playwright.config.ts), or reuses one a caller started and says so (E2E_SERVER_STARTED).
export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 4399);
/** Where tests/e2e/admin-console.spec.ts serves its fake payment provider. */
export const E2E_FAKE_PROVIDER_PORT = Number(process.env['E2E_FAKE_PROVIDER_PORT'] ?? 4388);

/** The production-like server on a fresh embedded database of its own, with demo data. */
export const E2E_SERVER_ARGS = [
  'scripts/start.ts',
  '--port',
  String(E2E_PORT),
  '--data-dir',
  '.data/e2e/postgres',
  '--fresh',
  '--scratch',
  '--quiet',
  // `npm run test:changed` sets this when dist/ is the build of the current sources
  // (scripts/lib/build-inputs.ts): the server then skips `astro build`.
  ...(process.env['E2E_NO_BUILD'] === '1' ? ['--no-build'] : []),
];

export const E2E_SERVER_ENV: Record<string, string> = {
  PUBLIC_WRITE_RATE_LIMIT: '10000',
  LOGIN_RATE_LIMIT_SCALE: '1',
  // Integration tests in the admin console call a fake provider the spec starts on this port
  // (tests/e2e/admin-console.spec.ts, tests/helpers/fake-providers.ts), never the real Stripe.
  STRIPE_API_BASE: `http://127.0.0.1:${E2E_FAKE_PROVIDER_PORT}`,
};

export const E2E_URL = `http://localhost:${E2E_PORT}/`;

/** Set by a caller that started this server itself: Playwright then uses it. */
export const E2E_SERVER_STARTED = 'E2E_SERVER_STARTED';
