import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, started first. CI runs on a clean clone, where Vitest has no timings
 * of an earlier run and orders files by size: the bundling of every function, small as a file, then
 * started last and ran alone for minutes after everything else had finished. Started first, these
 * overlap the many short files instead. Most of them wait (on real timeouts, a slow provider, a
 * restarted database) rather than compute. Files not named keep Vitest's order, after these.
 */
export const LONGEST_FIRST = [
  'tests/api/functions-bundle',
  'tests/api/auth-sessions.test.ts',
  'tests/api/auth-throttle.test.ts',
  'tests/api/outbox-budget.test.ts',
  'tests/api/every-route-bad-input.test.ts',
  'tests/api/payments.test.ts',
  'tests/api/database-faults.test.ts',
  'tests/api/query-plans.test.ts',
  'tests/api/backup-restore.test.ts',
];

function rank(spec: TestSpecification): number {
  const file = spec.moduleId.replace(/\\/g, '/');
  const at = LONGEST_FIRST.findIndex((name) => file.includes(`/${name}`));
  return at === -1 ? LONGEST_FIRST.length : at;
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: Vitest's own order holds among files of the same rank.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
