// `npm start`: the whole product on this machine (see scripts/lib/product.ts).
// Flags: --port N, --host H, --data-dir DIR, --fresh (wipe local data first), --no-build, --quiet,
// --scratch (data thrown away after the run, as in browser tests: the database skips disk flushes).
import { parseArgs } from 'node:util';
import { LOCAL_DATA_DIR } from './lib/paths.ts';
import { startProduct } from './lib/product.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: process.env['PORT'] ?? '4321' },
    host: { type: 'string', default: process.env['HOST'] ?? '127.0.0.1' },
    'data-dir': { type: 'string', default: LOCAL_DATA_DIR },
    fresh: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    scratch: { type: 'boolean', default: false },
  },
});

let product;
try {
  product = await startProduct({
    port: Number(args.port),
    host: args.host,
    dataDir: args['data-dir'],
    fresh: args.fresh,
    build: !args['no-build'],
    quiet: args.quiet,
    scratch: args.scratch,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

console.log(`\nSkyward is running at ${product.url}`);
console.log(`Local mail catcher (email while no provider is configured): ${product.mailCatcherUrl}`);
console.log(
  `Local Stripe stand-in (payments while no Stripe key is configured, test mode): ${product.stripeStandinUrl}`,
);
if (product.gtagStandinUrl)
  console.log(
    `Local Google tag stand-in (Google Analytics after a visitor's consent, once an ID is set): ${product.gtagStandinUrl}`,
  );
if (product.logins.length) {
  console.log('\nDemo logins (local data only):');
  for (const login of product.logins)
    console.log(`  ${login.role.padEnd(9)} ${login.email.padEnd(24)} ${login.password}`);
  console.log(`  Admin console: ${product.url}/admin    Pilot and mechanic: ${product.url}/dashboard\n`);
}

const running = product;
const shutdown = async () => {
  await running.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
