// The load generator process of bench/lib/load.ts `httpLoad`: reads an HttpLoadSpec on stdin,
// prints one LoadResult line.
//
// Each client is one keep-alive connection made with `node:http` (a load generator should spend
// as little of the shared CPU as it can: `fetch` costs several times more per call). With
// `distinctClients`, client n connects from 127.0.0.(n+2), so the server sees twenty visitors,
// each with its own address, as it would in production, instead of one address sending twenty
// requests at a time (which per-address limits rightly treat as one visitor).
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { load, type HttpLoadSpec } from './load.ts';

const spec = JSON.parse(readFileSync(0, 'utf8')) as HttpLoadSpec;
const url = new URL(spec.url);
const agents = Array.from(
  { length: spec.concurrency },
  (_, n) =>
    new Agent({
      keepAlive: true,
      maxSockets: 1,
      ...(spec.distinctClients ? { localAddress: `127.0.0.${n + 2}` } : {}),
    }),
);

function call(client: number, i: number): Promise<number> {
  const body = spec.body === undefined ? undefined : Buffer.from(spec.body.replaceAll('{i}', String(i)));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: spec.method ?? 'GET',
        agent: agents[client],
        headers: { ...(spec.headers ?? {}), ...(body ? { 'content-length': String(body.length) } : {}) },
        timeout: spec.timeoutMs ?? 30_000,
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

const result = await load(
  {
    ...(spec.requests === undefined ? {} : { requests: spec.requests }),
    ...(spec.seconds === undefined ? {} : { seconds: spec.seconds }),
  },
  spec.concurrency,
  call,
);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
