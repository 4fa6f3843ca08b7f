import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the two delivery APIs, speaking their documented protocols:
 * Mailchimp Transactional `POST /messages/send.json` ({ key, message: { to: [{ email }] } } ->
 * [{ email, status: 'sent', _id }]) and Twilio `POST /2010-04-01/Accounts/{sid}/Messages.json`
 * (form To/From/Body, Basic auth -> { sid }). `failNext(n, status)` makes the next n sends fail.
 */
export interface FakeMessaging {
  url: string;
  emails: Array<{
    key: string;
    to: string;
    subject: string;
    text: string;
    attachments?: Array<{ type: string; name: string; content: string }>;
  }>;
  sms: Array<{ auth: string; to: string; from: string; body: string }>;
  failNext(count: number, status?: number): void;
  /** Every send fails with this status until cleared (null). */
  setDown(status: number | null): void;
  /** Every answer comes this many milliseconds late (a slow provider); 0 to clear. */
  setDelay(ms: number): void;
  /**
   * The next email to `to` is held at the provider: `arrived` settles when its request came in,
   * and the provider answers (and records it) only once `release()` is called.
   */
  holdNextEmailTo(to: string): { arrived: Promise<void>; release: () => void };
  close(): Promise<void>;
}

export async function startFakeMessaging(): Promise<FakeMessaging> {
  const emails: FakeMessaging['emails'] = [];
  const sms: FakeMessaging['sms'] = [];
  let failures = 0;
  let failStatus = 500;
  let down: number | null = null;
  let delayMs = 0;
  const holds = new Map<string, { arrived: () => void; released: Promise<void> }>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const held = [...holds.entries()].find(([to]) => Buffer.concat(chunks).toString('utf8').includes(`"${to}"`));
      if (!held) {
        setTimeout(answer, delayMs);
        return;
      }
      holds.delete(held[0]);
      held[1].arrived();
      void held[1].released.then(answer);
    });
    const answer = () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (down !== null) return reply(down, { status: 'error', name: 'GeneralError', message: 'Service unavailable' });
      if (failures > 0) {
        failures -= 1;
        return reply(failStatus, { status: 'error', name: 'GeneralError', message: 'Temporary failure' });
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === '/messages/send.json') {
        const body = JSON.parse(raw) as {
          key: string;
          message: {
            to: Array<{ email: string }>;
            subject: string;
            text: string;
            attachments?: Array<{ type: string; name: string; content: string }>;
          };
        };
        if (body.key !== 'md-valid-key')
          return reply(500, { status: 'error', code: -1, name: 'Invalid_Key', message: 'Invalid API key' });
        const to = body.message.to[0]?.email ?? '';
        emails.push({
          key: body.key,
          to,
          subject: body.message.subject,
          text: body.message.text,
          ...(body.message.attachments ? { attachments: body.message.attachments } : {}),
        });
        return reply(200, [{ email: to, status: 'sent', _id: `md_${emails.length}`, reject_reason: null }]);
      }
      const twilio = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
      if (req.method === 'POST' && twilio) {
        const form = new URLSearchParams(raw);
        sms.push({
          auth: req.headers.authorization ?? '',
          to: form.get('To') ?? '',
          from: form.get('From') ?? '',
          body: form.get('Body') ?? '',
        });
        return reply(201, { sid: `SM${String(sms.length).padStart(32, '0')}`, status: 'queued' });
      }
      reply(404, { message: `no route for ${req.method} ${url.pathname}` });
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    emails,
    sms,
    failNext(count, status = 500) {
      failures = count;
      failStatus = status;
    },
    setDown(status) {
      down = status;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    holdNextEmailTo(to) {
      let arrived!: () => void;
      let release!: () => void;
      const arrivedP = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(to, { arrived, released });
      return { arrived: arrivedP, release };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
