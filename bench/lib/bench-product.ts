// The start-up the browser benches share: their flags, the system Chromium, the machine's load
// average before anything starts, and the production-like server on a fresh database with the
// demo data (as `npm run bench` starts it).
import { existsSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startProduct, type RunningProduct } from '../../scripts/lib/product.ts';
import type { Login } from './dashboards.ts';

export interface BenchProduct {
  product: RunningProduct;
  chromePath: string;
  runs: number;
  /** The 1-minute load average when the bench started, as printed beside its figures. */
  load: string;
  /** The bench's own boolean flags, by name. */
  flags: Record<string, boolean>;
  /** The first demo login of each role: pilot, mechanic, administrator. */
  logins: Login[];
}

/**
 * Parses `--no-build`, `--runs N` and `--port P` (plus the bench's own boolean `flags`), finds
 * Chromium and starts the product on `port` (unless `--port` says another: benches of several
 * checkouts on one machine must not share one) with its data under `.data/<name>/`.
 */
export async function benchProduct(options: {
  name: string;
  port: number;
  runs: number;
  flags?: string[];
}): Promise<BenchProduct> {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      runs: { type: 'string', default: String(options.runs) },
      port: { type: 'string', default: String(options.port) },
      ...Object.fromEntries((options.flags ?? []).map((f) => [f, { type: 'boolean' as const, default: false }])),
    },
  });
  const chromePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  if (!chromePath) throw new Error('No Chromium: apt-get install -y chromium');
  const load = os.loadavg()[0]!.toFixed(2);
  const product = await startProduct({
    port: Number(values.port),
    dataDir: `.data/${options.name}/postgres`,
    fresh: true,
    build: !values['no-build'],
    quiet: true,
  });
  const flags = Object.fromEntries(
    (options.flags ?? []).map((f) => [f, (values as Record<string, unknown>)[f] === true]),
  );
  const logins = ['pilot', 'mechanic', 'admin'].flatMap((role) =>
    product.logins.filter((l) => l.role === role).slice(0, 1),
  );
  return { product, chromePath, runs: Number(values.runs), load, flags, logins };
}
