import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { adrIndex } from '../../scripts/adr-index.ts';
import { ROOT } from '../../scripts/lib/paths.ts';

test('the decision records index lists every record (node scripts/adr-index.ts rewrites it)', () => {
  const onDisk = readFileSync(path.join(ROOT, 'docs/decisions/README.md'), 'utf8');
  expect(onDisk).toBe(adrIndex());
});
