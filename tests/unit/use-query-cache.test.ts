import { afterEach, describe, expect, test } from 'vitest';
import { $token } from '../../src/lib/session.ts';
import {
  fetchQuery,
  invalidate,
  queryState,
  refetchQuery,
  setQueryData,
  subscribeQuery,
} from '../../src/lib/use-query.ts';

// The islands' cache (src/lib/use-query.ts, docs/decisions/0015) under the races a screen meets:
// a write landing while a read is in flight, a reload that replaces an older read, a sign-out with
// reads in flight. Each load here is a promise the test settles by hand, in the order it chooses.

interface Pending<T> {
  signal: AbortSignal;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A load that records each call and waits for the test to settle it; honours abort like fetch. */
function manualLoad<T>() {
  const calls: Array<Pending<T>> = [];
  const load = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
    });
  return { calls, load };
}

/** Lets the settled promises run their handlers. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let n = 0;
const freshKey = () => `GET /api/test-${++n}`;
const unsubscribes: Array<() => void> = [];
const watch = (key: string) => unsubscribes.push(subscribeQuery(key, () => undefined));
afterEach(() => unsubscribes.splice(0).forEach((u) => u()));

describe('one request at a time per key', () => {
  test('two screens asking for one key share one request', async () => {
    const key = freshKey();
    const { calls, load } = manualLoad<string[]>();
    const first = fetchQuery(key, load);
    const second = fetchQuery(key, load);
    expect(calls).toHaveLength(1);
    expect(second).toBe(first);
    calls[0]!.resolve(['a']);
    await first;
    expect(queryState(key)).toMatchObject({ status: 'ready', data: ['a'] });
  });
});

describe('version counter: a write is never overwritten by a read that started before it', () => {
  test("a read answering after a write keeps the write's data", async () => {
    const key = freshKey();
    const { calls, load } = manualLoad<string>();
    const read = fetchQuery(key, load);
    setQueryData(key, 'written');
    calls[0]!.resolve('read before the write');
    await read;
    expect(queryState(key)).toMatchObject({ status: 'ready', data: 'written', revalidating: false });
  });

  test('a read started after the write lands', async () => {
    const key = freshKey();
    setQueryData(key, 'written');
    const { calls, load } = manualLoad<string>();
    const read = fetchQuery(key, load);
    expect(queryState(key)).toMatchObject({ data: 'written', revalidating: true });
    calls[0]!.resolve('newer');
    await read;
    expect(queryState(key)).toMatchObject({ data: 'newer', revalidating: false });
  });
});

describe('aborts: a reload replaces the read in flight', () => {
  test('invalidate aborts the read in flight and its answer never shows', async () => {
    const key = freshKey();
    watch(key);
    const { calls, load } = manualLoad<string>();
    void fetchQuery(key, load);
    invalidate(key.slice(0, 12));
    // invalidate starts the next read only for keys whose load it knows (a mounted screen's); here
    // the test starts it, as the screen's effect would.
    expect(calls[0]!.signal.aborted).toBe(true);
    const second = fetchQuery(key, load);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('fresh');
    await second;
    // The aborted read answers late anyway (a load that did not pass the signal on).
    calls[0]!.resolve('stale');
    await settle();
    expect(queryState(key)).toMatchObject({ status: 'ready', data: 'fresh' });
  });

  test('a reload after a write does not take the answer of a read that started before it', async () => {
    // Seen in the console: the overdue list was still loading when a reply answered its request;
    // the list's reload joined that older read and kept showing the answered request.
    const key = freshKey();
    watch(key);
    const { calls, load } = manualLoad<string[]>();
    void fetchQuery(key, load);
    const reload = refetchQuery(key, load);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve(['Elena Sato']);
    calls[1]!.resolve([]);
    await reload;
    await settle();
    expect(queryState(key)).toMatchObject({ status: 'ready', data: [], revalidating: false });
  });

  test("the aborted read's end does not forget the read that replaced it", async () => {
    const key = freshKey();
    watch(key);
    const { calls, load } = manualLoad<string>();
    void fetchQuery(key, load);
    invalidate(key);
    const second = fetchQuery(key, load);
    calls[0]!.reject(new DOMException('aborted', 'AbortError'));
    await settle();
    // Still one request in flight for the key: asking again joins it, a new invalidate aborts it.
    expect(fetchQuery(key, load)).toBe(second);
    expect(calls).toHaveLength(2);
    invalidate(key);
    expect(calls[1]!.signal.aborted).toBe(true);
  });

  test('an aborted first read shows no error; a failed one does', async () => {
    const key = freshKey();
    const { calls, load } = manualLoad<string>();
    void fetchQuery(key, load);
    invalidate(key);
    calls[0]!.reject(new DOMException('aborted', 'AbortError'));
    await settle();
    expect(queryState(key).status).toBe('loading');
    const again = fetchQuery(key, load);
    calls[1]!.reject(new Error('offline'));
    await again.catch(() => undefined);
    expect(queryState(key)).toMatchObject({ status: 'error' });
  });

  test('a failed background reload keeps the data shown', async () => {
    const key = freshKey();
    setQueryData(key, 'shown');
    const { calls, load } = manualLoad<string>();
    const read = fetchQuery(key, load);
    calls[0]!.reject(new Error('offline'));
    await read.catch(() => undefined);
    expect(queryState(key)).toMatchObject({ status: 'ready', data: 'shown', revalidating: false });
  });
});

describe('another account', () => {
  test("a read in flight when the token changes never shows the previous user's answer", async () => {
    const key = freshKey();
    watch(key);
    const { calls, load } = manualLoad<string>();
    const read = fetchQuery(key, load);
    $token.set(`token-${n}`);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(queryState(key).status).toBe('loading');
    calls[0]!.resolve("the previous user's data");
    await read;
    expect(queryState(key).status).toBe('loading');
  });

  test('cached answers nobody shows are forgotten', () => {
    const key = freshKey();
    setQueryData(key, 'mine');
    $token.set(`token-${n}`);
    expect(queryState(key).status).toBe('loading');
  });
});
