import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandin, type StripeStandin } from '../../scripts/lib/stripe-standin.ts';
import type { Db } from '../../src/server/db/client.ts';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';
import { dropIsolatedDatabase, useIsolatedDatabase } from '../helpers/isolated-db.ts';
import { KNOWN_OPEN, runJobModel } from '../helpers/job-model.ts';
import { createUser, type TestUser } from '../helpers/users.ts';

// The model-based test of the whole job (docs/decisions/0320): generated sequences of every role's
// actions on every path, the invariants checked after every step. `npm test` runs a fixed number
// of runs; `npm run test:model -- --runs N` as many as asked (`--strict` also fails on KNOWN_OPEN).
// Its own database: the Stripe stand-in and the payment settings are global, and the runs leave
// rows that break the invariants still known open (dropped at the end, after being checked).

const RUNS = Number(process.env['JOB_MODEL_RUNS'] || 30);
const STRICT = process.env['JOB_MODEL_STRICT'] === '1';
const ONLY = process.env['JOB_MODEL_ONLY']?.match(/^([a-z-]+)(?:\/(.+))?$/);
// `npm test` walks the same 30 jobs every run (a red CI names a defect, not a seed's luck);
// `npm run test:model` draws new ones unless given --seed.
const SEED = process.env['JOB_MODEL_SEED']
  ? Number(process.env['JOB_MODEL_SEED'])
  : process.env['JOB_MODEL_RUNS']
    ? undefined
    : 20261128;

let db: Db;
let blobs: TestBlobs;
let stripe: StripeStandin;
let admin: TestUser;

beforeAll(async () => {
  db = await useIsolatedDatabase();
  blobs = await startTestBlobs();
  stripe = await startStripeStandin();
  process.env['LOCAL_STRIPE_STANDIN_URL'] = stripe.url;
  process.env['LOCAL_STRIPE_STANDIN_KEY'] = stripe.secretKey;
  process.env['LOCAL_STRIPE_STANDIN_WEBHOOK_SECRET'] = stripe.webhookSecret;
  admin = await createUser('admin');
});

afterAll(async () => {
  await stripe.close();
  await blobs.stop();
  await dropIsolatedDatabase(db);
});

describe('the whole job, generated', () => {
  it(
    `keeps every invariant over ${RUNS} generated jobs${STRICT ? ' (strict: known-open too)' : ''}`,
    async () => {
      const result = await runJobModel(
        {
          db,
          stripe,
          admin,
          strict: STRICT,
          only: ONLY ? { invariant: ONLY[1]!, ...(ONLY[2] ? { detail: new RegExp(ONLY[2], 'i') } : {}) } : undefined,
        },
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
      );
      const seen = [...result.seen].map(([name, n]) => `${name} ×${n}`).join(', ') || 'none';
      console.log(
        `job model: ${result.runs} runs in ${(result.ms / 1000).toFixed(1)} s; known-open violations seen: ${seen}`,
      );
      expect(KNOWN_OPEN.every((k) => k.defect.length > 0)).toBe(true);
    },
    Number(process.env['JOB_MODEL_TIMEOUT_MS'] || 180_000),
  );
});
