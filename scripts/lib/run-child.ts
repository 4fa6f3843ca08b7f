import { spawn, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';

/**
 * Runs a command to its end and resolves with its exit status (1 when a signal ended it), without
 * blocking this process meanwhile. The deploy rehearsal serves its stand-ins from its own event
 * loop (the WebSocket proxy in front of the database, the mail catcher, Stripe's and Google's
 * stand-ins): under `spawnSync` they stop answering for as long as the child runs, and a function
 * the child calls never gets its database connection.
 */
export async function runChild(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  const [code] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  return code ?? 1;
}
