// `node scripts/check-imports.ts`: no import cycle between files, and imports between features
// point one way (docs/decisions/0004-dependency-direction.md). Part of `npm test`'s static stage.
import { buildGraph, cyclePath } from './lib/import-graph.ts';
import { ALLOWED_UPWARD, checkDirection, directionOk } from './lib/direction.ts';
import { ROOT } from './lib/paths.ts';

const files = buildGraph(ROOT, ['src', 'netlify', 'scripts']);
const report = checkDirection(files);

for (const component of report.fileCycles) {
  console.log(`import cycle between ${component.length} files:\n  ${cyclePath(files, component[0]!).join('\n  -> ')}`);
}
for (const { edge, files: through } of report.wrongEdges) {
  console.log(`feature import against the direction: ${edge}\n  ${through.join('\n  ')}`);
}
for (const edge of report.staleAllowed)
  console.log(`allowed edge no longer exists, delete it from ALLOWED_UPWARD: ${edge}`);
for (const unit of report.unplaced)
  console.log(`feature folder in no layer, add it to LAYERS in scripts/lib/direction.ts: ${unit}`);

const ok = directionOk(report);
console.log(
  `${files.size} files, ${report.fileCycles.length} file cycles, ${report.wrongEdges.length} feature edges against the direction, ` +
    `${report.allowedInUse.length} of ${Object.keys(ALLOWED_UPWARD).length} allowed edges still in use: ${ok ? 'ok' : 'FAILED'}`,
);
process.exit(ok ? 0 : 1);
