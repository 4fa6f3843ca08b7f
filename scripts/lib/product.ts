import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { connectDb } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { hashAtThrowAwayCost } from '../../src/server/auth/password.server.ts';
import { startLocalDatabase } from './local-db.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { startStripeStandin } from './stripe-standin.ts';
import { startGtagStandin } from './gtag-standin.ts';
import { loadLocalSecrets } from './local-secrets.ts';
import { ROOT } from './paths.ts';
import type { DemoLogin } from './seed-accounts.ts';
import { seedDemoData } from './seed.ts';
import { serve } from './serve.ts';

export interface ProductOptions {
  port: number;
  host?: string;
  dataDir: string;
  fresh?: boolean;
  build?: boolean;
  quiet?: boolean;
  /** Run scheduled functions (outbox delivery, upload cleanup) on their schedules; default true. */
  schedules?: boolean;
  /** Data thrown away after the run (browser tests): the database skips its disk flushes. */
  scratch?: boolean;
}

export interface RunningProduct {
  url: string;
  databaseUrl: string;
  /** Demo logins, when the database is the local one. */
  logins: DemoLogin[];
  /** The local mail catcher's inbox page (emails go there while no provider is configured). */
  mailCatcherUrl: string;
  /** The local Stripe stand-in (payments go there while no Stripe key is configured). */
  stripeStandinUrl: string;
  /** The local stand-in for Google's tag (GA_SCRIPT_BASE unless set), or null when it is set. */
  gtagStandinUrl: string | null;
  stop(): Promise<void>;
}

/**
 * The whole product on this machine: the embedded PostgreSQL (or DATABASE_URL), migrations, demo
 * data, `astro build` (prerendering reads the database), then the functions served warm beside
 * Netlify's emulator for everything else (scripts/lib/serve.ts).
 */
export async function startProduct(options: ProductOptions): Promise<RunningProduct> {
  const log = (...parts: unknown[]) => {
    if (!options.quiet) console.log(...parts);
  };
  const dataDir = path.resolve(options.dataDir);
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
  const secrets = loadLocalSecrets(`${dataDir}-secrets.json`);
  // Links in emails (password resets, every notice's link) point to this product, never to a
  // request's Host header. Set before anything reads the environment: the first read is kept
  // (env() caches it), and the seed below reads it, so a later SITE_URL left every link on :4321.
  process.env['SITE_URL'] ||= `http://localhost:${options.port}`;

  // Throw-away data (the browser tests' instance): its accounts' hashes at a test cost, the demo
  // accounts' included (docs/decisions/0497-throw-away-hash-cost.md).
  if (options.scratch) hashAtThrowAwayCost();

  let databaseUrl = process.env['DATABASE_URL'];
  const local = databaseUrl
    ? undefined
    : await startLocalDatabase({
        dataDir,
        persistent: true,
        quiet: options.quiet ?? false,
        scratch: options.scratch ?? false,
      });
  databaseUrl ??= local!.url;
  // Functions read the database exactly as on Netlify DB: NETLIFY_DB_URL with the `server` driver.
  process.env['NETLIFY_DB_URL'] = databaseUrl;
  process.env['NETLIFY_DB_DRIVER'] = 'server';

  const db = connectDb(databaseUrl);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
  } finally {
    await db.destroy();
  }
  const seedDb = connectDb(databaseUrl);
  const logins = await seedDemoData(seedDb, { demoAdminPassword: secrets.DEMO_ADMIN_PASSWORD }).finally(() =>
    seedDb.destroy(),
  );

  if (options.build !== false) {
    log('Building the site...');
    const astro = path.join(ROOT, 'node_modules/astro/bin/astro.mjs');
    const build = spawnSync(process.execPath, [astro, 'build', ...(options.quiet ? ['--silent'] : [])], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NETLIFY_VITE_PLUGIN: 'off' },
    });
    if (build.status !== 0) {
      await local?.stop();
      throw new Error(`astro build failed with status ${build.status}`);
    }
  }

  // Email with no provider configured goes to a local inbox instead of waiting forever (0100).
  const mail = await startMailCatcher({ httpPort: options.port + 1000 });
  process.env['LOCAL_MAIL_CATCHER_SMTP'] = `${mail.smtp.host}:${mail.smtp.port}`;
  process.env['LOCAL_MAIL_CATCHER_URL'] = mail.url;

  // Payments with no Stripe key configured go to a local Stripe stand-in (docs/decisions/0230).
  const stripe = await startStripeStandin({ port: options.port + 2000 });
  process.env['LOCAL_STRIPE_STANDIN_URL'] = stripe.url;
  process.env['LOCAL_STRIPE_STANDIN_KEY'] = stripe.secretKey;
  process.env['LOCAL_STRIPE_STANDIN_WEBHOOK_SECRET'] = stripe.webhookSecret;

  // Google Analytics, once an ID is set in the console, loads its tag from a local stand-in unless
  // GA_SCRIPT_BASE says where (docs/decisions/0275): nothing leaves this machine.
  const gtag = process.env['GA_SCRIPT_BASE'] ? null : await startGtagStandin({ port: options.port + 3000 });
  if (gtag) process.env['GA_SCRIPT_BASE'] = gtag.url;

  const server = await serve({
    port: options.port,
    host: options.host ?? '127.0.0.1',
    schedules: options.schedules ?? true,
  });
  stripe.webhookUrl = `${server.url}/api/payments/webhook`;
  return {
    url: server.url.replace('127.0.0.1', 'localhost'),
    databaseUrl,
    logins: process.env['DATABASE_URL'] ? [] : logins,
    mailCatcherUrl: mail.url,
    stripeStandinUrl: stripe.url,
    gtagStandinUrl: gtag?.url ?? null,
    stop: async () => {
      await gtag?.close().catch(() => {});
      await stripe.close().catch(() => {});
      await server.close().catch(() => {});
      await mail.close().catch(() => {});
      await local?.stop().catch(() => {});
    },
  };
}
