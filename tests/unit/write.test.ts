import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ROUTES } from '../../src/contract/routes.ts';
import { ApiError } from '../../src/lib/api-client.ts';
import { fetchQuery, setQueryData, subscribeQuery } from '../../src/lib/use-query.ts';
import { write } from '../../src/lib/write.ts';

// `write()` (src/lib/write.ts), the one path of the browser's writes (`useWrite` sends through
// it): against a real HTTP server on 127.0.0.1 that answers by the id in the path, the cache
// effects happen in their order and only when they should. A read the test keeps in flight shows
// a re-read: `invalidate` aborts it to start it again.

let server: Server;
const realFetch = globalThis.fetch;
beforeAll(async () => {
  server = createServer((req, res) => {
    const id = /\/api\/aog\/([^/]+)\/cancel/.exec(req.url ?? '')?.[1] ?? '';
    const status = id === 'ok' ? 200 : Number(id);
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(status === 200 ? { id, status: 'cancelled' } : { detail: `Refused with ${status}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The browser resolves `/api/...` against the page; here, against the server above.
  globalThis.fetch = (input, init) => realFetch(new URL(String(input), base), init);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await new Promise((resolve) => server.close(resolve));
});

let n = 0;
const unsubscribes: Array<() => void> = [];
afterEach(() => unsubscribes.splice(0).forEach((u) => u()));

/** A cached read kept in flight under a fresh key: `aborted()` says whether a re-read replaced it. */
function readInFlight() {
  const key = `GET /api/write-test-${++n}`;
  let signal: AbortSignal | undefined;
  unsubscribes.push(subscribeQuery(key, () => undefined));
  void fetchQuery(key, (s) => {
    signal = s;
    return new Promise(() => undefined);
  });
  return { key, aborted: () => signal?.aborted === true };
}

const cancel = (id: string) => ({ params: { id } });

describe('write()', () => {
  test('a success puts its answer in place first, then reads again what it touched', async () => {
    const touched = readInFlight();
    const untouched = readInFlight();
    const order: string[] = [];
    const data = await write(ROUTES.aogCancel, cancel('ok'), {
      onSuccess: (answer) => {
        order.push(`answer ${answer.status} (read in flight aborted: ${touched.aborted()})`);
        setQueryData(touched.key, answer);
      },
      after: (answer) => {
        order.push(`after ${answer.status}`);
        return [touched.key];
      },
      stale: [untouched.key],
    });
    expect(data).toMatchObject({ status: 'cancelled' });
    expect(order).toEqual(['answer cancelled (read in flight aborted: false)', 'after cancelled']);
    expect(touched.aborted()).toBe(true);
    expect(untouched.aborted()).toBe(false);
  });

  test('a stale refusal (409) rejects as call does and reads again what it names, not what a success would', async () => {
    const stale = readInFlight();
    const after = readInFlight();
    const refused = await write(ROUTES.aogCancel, cancel('409'), { after: [after.key], stale: [stale.key] }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, detail: 'Refused with 409' });
    expect(stale.aborted()).toBe(true);
    expect(after.aborted()).toBe(false);
  });

  test('a failure that says nothing changed elsewhere (500) reads nothing again', async () => {
    const stale = readInFlight();
    await expect(write(ROUTES.aogCancel, cancel('500'), { stale: [stale.key] })).rejects.toMatchObject({ status: 500 });
    expect(stale.aborted()).toBe(false);
  });
});
