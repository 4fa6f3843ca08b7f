import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './tests/helpers/long-first-sequencer.ts';

export default defineConfig({
  test: {
    // The API suites mostly wait on PostgreSQL, a fake provider or a deliberate timeout: four files
    // at a time overlap those waits on a 2-core machine (the default would run one at a time).
    maxWorkers: 4,
    // The longest files first, so they overlap the short ones (tests/helpers/long-first-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          // As the API files do: a worker imports the modules once and runs file after file in
          // them (51 CPU s for the unit files isolated, 60 % of it importing; 18.5 CPU s shared),
          // and the setup file puts back what a file changed for the process (0330).
          isolate: false,
          setupFiles: ['tests/helpers/unit-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/api-global-setup.ts'],
          setupFiles: ['tests/helpers/api-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Files run in parallel against one database; each test makes its own users and rows.
          fileParallelism: true,
          // A worker imports the function tree once and runs file after file in it, instead of a
          // fresh process importing it again for each file; tests/helpers/api-setup.ts puts back
          // the environment, the database connections, timers and mocks after each file
          // (docs/decisions/0330-api-tests-share-a-module-graph.md says what a new file must do).
          isolate: false,
        },
      },
    ],
  },
});
