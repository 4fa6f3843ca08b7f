import { describe, expect, it } from 'vitest';
import { afterReadsQuiet, tracked } from '../../src/lib/reads-in-flight.ts';

// Prefetches wait for the screen's own reads: the code of tabs not open never queues ahead of them.
const settleable = () => {
  let settle!: () => void;
  const call = tracked(() => new Promise<void>((resolve) => (settle = resolve)));
  return { call, settle };
};

describe('afterReadsQuiet', () => {
  it('waits while a read is in flight and runs once none has been for the quiet time', async () => {
    const read = settleable();
    let ranAt = 0;
    const ran = new Promise<void>((resolve) =>
      afterReadsQuiet(
        () => {
          ranAt = performance.now();
          resolve();
        },
        40,
        5_000,
      ),
    );
    await new Promise((r) => setTimeout(r, 60));
    expect(ranAt).toBe(0);
    const settledAt = performance.now();
    read.settle();
    await read.call;
    await ran;
    expect(ranAt - settledAt).toBeGreaterThanOrEqual(35);
  });

  it('a read started within the quiet time puts the work off again', async () => {
    const first = settleable();
    let ran = false;
    afterReadsQuiet(() => (ran = true), 50, 5_000);
    first.settle();
    await first.call;
    const second = settleable(); // the screen's second wave, started after its first reads
    await new Promise((r) => setTimeout(r, 80));
    expect(ran).toBe(false);
    second.settle();
    await second.call;
    await expect.poll(() => ran, { timeout: 1_000, interval: 10 }).toBe(true);
  });

  it('runs after the longest wait even if a read never ends, and not at all once cancelled', async () => {
    const hanging = settleable();
    let ran = false;
    let cancelledRan = false;
    afterReadsQuiet(() => (ran = true), 20, 100);
    const cancel = afterReadsQuiet(() => (cancelledRan = true), 20, 100);
    cancel();
    await expect.poll(() => ran, { timeout: 1_000, interval: 10 }).toBe(true);
    expect(cancelledRan).toBe(false);
    hanging.settle();
    await hanging.call;
  });
});
