import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type RawData } from 'ws';

/**
 * A WebSocket-to-TCP proxy, as Neon's serverless driver expects in front of a Postgres server it
 * does not host (the protocol of github.com/neondatabase/wsproxy): the driver opens
 * `ws://proxy/v1?address=host:port` and every binary message is raw Postgres protocol bytes.
 * Counts the connections it carried and how many are open, so tests can see the driver at work.
 */
export interface WsProxy {
  port: number;
  opened: number;
  open: number;
  close(): Promise<void>;
}

export async function startWsProxy(): Promise<WsProxy> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const state = { opened: 0, open: 0 };
  wss.on('connection', (ws, req) => {
    const address = new URL(req.url ?? '/', 'http://proxy').searchParams.get('address') ?? '';
    const separator = address.lastIndexOf(':');
    const host = address.slice(0, separator);
    const port = Number(address.slice(separator + 1));
    if (!host || !Number.isInteger(port)) return ws.close(1008, 'address=host:port required');
    state.opened += 1;
    state.open += 1;
    const socket = connect({ host, port });
    const pending: Buffer[] = [];
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      for (const chunk of pending.splice(0)) socket.write(chunk);
    });
    ws.on('message', (data: RawData) => {
      const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
      if (connected) socket.write(chunk);
      else pending.push(chunk);
    });
    socket.on('data', (chunk) => ws.send(chunk, { binary: true }));
    let closed = false;
    const end = () => {
      if (closed) return;
      closed = true;
      state.open -= 1;
      socket.destroy();
      ws.close();
    };
    socket.on('close', end);
    socket.on('error', end);
    ws.on('close', end);
    ws.on('error', end);
  });
  await new Promise<void>((resolve) => wss.on('listening', () => resolve()));
  return {
    port: (wss.address() as AddressInfo).port,
    get opened() {
      return state.opened;
    },
    get open() {
      return state.open;
    },
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
