import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DEFECTS } from '../../scripts/lib/defects.ts';
import { ROOT } from '../../scripts/lib/paths.ts';

// The drill reports a defect whose code moved as "not applied"; found here first, on every run.
it.each(DEFECTS.map((d) => [d.id, d] as const))('the drill finds the code of defect %s exactly once', (_, d) => {
  const source = readFileSync(path.join(ROOT, d.file), 'utf8');
  expect(source.split(d.find).length - 1).toBe(1);
});
