// The load generator process of bench/lib/load.ts `httpLoad`: reads an HttpLoadSpec on stdin,
// prints one LoadResult line.
import { readFileSync } from 'node:fs';
import { load, type HttpLoadSpec } from './load.ts';

const spec = JSON.parse(readFileSync(0, 'utf8')) as HttpLoadSpec;
const result = await load(
  { ...(spec.requests === undefined ? {} : { requests: spec.requests }), ...(spec.seconds === undefined ? {} : { seconds: spec.seconds }) },
  spec.concurrency,
  async (i) => {
    const res = await fetch(spec.url, {
      method: spec.method ?? 'GET',
      headers: spec.headers ?? {},
      ...(spec.body === undefined ? {} : { body: spec.body.replaceAll('{i}', String(i)) }),
      signal: AbortSignal.timeout(spec.timeoutMs ?? 30_000),
    });
    await res.arrayBuffer();
    return res.status;
  },
);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
