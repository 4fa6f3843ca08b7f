import { describe, expect, it } from 'vitest';
import { runChild } from '../../scripts/lib/run-child.ts';
import { startWsProxy } from '../../scripts/lib/ws-proxy.ts';

// The deploy rehearsal (scripts/deploy-rehearse.ts) keeps its stand-ins in its own process: the
// WebSocket proxy in front of the database, the mail catcher, Stripe's and Google's stand-ins.
// The smoke suite it runs as a child reaches them through the functions, so the rehearsal must
// go on answering while it waits for the suite to end.
describe('a child the rehearsal runs', () => {
  it('reaches the WebSocket proxy of the process that waits for it', async () => {
    const proxy = await startWsProxy();
    try {
      // The child opens one WebSocket to the proxy, as Neon's driver does, and says whether it
      // opened within 10 s (exit 0) or not (exit 3).
      const script = `
        const ws = new WebSocket('ws://127.0.0.1:${proxy.port}/v1?address=127.0.0.1:${proxy.port}');
        const timer = setTimeout(() => process.exit(3), 10000);
        ws.onopen = () => { clearTimeout(timer); ws.close(); process.exit(0); };
        ws.onerror = () => process.exit(4);
      `;
      const status = await runChild(process.execPath, ['-e', script], { stdio: 'ignore' });
      expect({ status, reachedTheProxy: proxy.opened }).toEqual({ status: 0, reachedTheProxy: 1 });
    } finally {
      await proxy.close();
    }
  }, 30_000);
});
