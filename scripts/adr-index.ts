// Writes docs/decisions/README.md: the index of the decision records, one line each with its title
// and status, so a reader finds a decision without opening 60 files. `node scripts/adr-index.ts`
// after adding a record; tests/unit/adr-index.test.ts fails when the index is stale.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.ts';

const DIR = path.join(ROOT, 'docs/decisions');

export function adrIndex(): string {
  const files = readdirSync(DIR)
    .filter((f) => /^\d{4}-.*\.md$/.test(f))
    .sort();
  const rows = files.map((file) => {
    const text = readFileSync(path.join(DIR, file), 'utf8');
    const title = (text.match(/^#\s+(.+)$/m)?.[1] ?? file).replace(/^\d{4}\s*[—:-]?\s*/, '').trim();
    const status = text.match(/^Status:\s*(.+)$/im)?.[1]?.trim() ?? 'accepted';
    return `- [${file.slice(0, 4)}](${file}) ${title} — ${status}`;
  });
  return [
    '# Decision records',
    '',
    'Why the product is the way it is: one record per decision, with the options rejected. This index',
    'is written by `node scripts/adr-index.ts`; a unit test fails when a record is missing from it.',
    '',
    ...rows,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(path.join(DIR, 'README.md'), adrIndex());
  console.log('docs/decisions/README.md written');
}
