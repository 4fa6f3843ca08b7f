import { defineConfig } from 'vitest/config';

// The deploy rehearsal's smoke suite: run by `npm run deploy:rehearse` (scripts/deploy-rehearse.ts)
// against the build Netlify's CLI serves; never part of the unit or API projects, which have no
// such server.
export default defineConfig({
  test: {
    name: 'deploy',
    include: ['tests/deploy/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
