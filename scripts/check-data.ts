// `npm run check:data`: prints every row of a database that breaks an invariant of the jobs' money
// and records (src/server/db/invariants.server.ts), with the fix an operator would apply; exits 1
// when any does. Reads DATABASE_URL, or the local embedded database `npm start` uses.
import { startLocalDatabase } from './lib/local-db.ts';
import { LOCAL_DATA_DIR } from './lib/paths.ts';
import { describeViolations, violationsIn } from './lib/check-data.ts';

const configured = process.env['DATABASE_URL'] || process.env['NETLIFY_DB_URL'];
const local = configured ? undefined : await startLocalDatabase({ dataDir: LOCAL_DATA_DIR, persistent: true });
const violations = await violationsIn(configured ?? local!.url).finally(() => local?.stop());
console.log(describeViolations(violations));
process.exit(violations.length > 0 ? 1 : 0);
