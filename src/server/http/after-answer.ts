import { openDb, type Db } from '../db/client.ts';

/**
 * Work a function does after it has answered (docs/decisions/0200-matching-by-index.md): the
 * request's own transaction is committed, the answer is on its way, and the task runs on a
 * database handle of its own. On Netlify, `context.waitUntil` keeps the function alive until the
 * task ends; the local server and the tests keep running anyway. A task must be safe to lose: its
 * work is marked in the database first, and a scheduled function finishes what a lost task left.
 */
export type AfterAnswerTask = (db: Db) => Promise<void>;

const running = new Set<Promise<void>>();

/** Starts `tasks` now that the answer is ready; hands the whole to `waitUntil` when there is one. */
export function startAfterAnswer(
  tasks: readonly AfterAnswerTask[],
  label: string,
  waitUntil?: (promise: Promise<unknown>) => void,
): void {
  if (tasks.length === 0) return;
  // Started on the next turn of the event loop, once the answer has been written out: started at
  // once, a new request's 5,000 after-answer matches began while its own answer was still on its
  // way, and on two cores the answer waited for them (docs/decisions/0280).
  const answered = new Promise<void>((resolve) => setImmediate(resolve));
  const all = answered.then(() =>
    Promise.all(
      tasks.map(async (task) => {
        const { db, release } = openDb();
        try {
          await task(db);
        } catch (error) {
          console.error(`${label}: work after the answer failed (a scheduled run finishes it):`, error);
        } finally {
          await release();
        }
      }),
    ).then(() => undefined),
  );
  running.add(all);
  void all.finally(() => running.delete(all));
  waitUntil?.(all);
}

/** Resolves when every task started so far has ended (tests await it instead of sleeping). */
export async function afterAnswersSettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
