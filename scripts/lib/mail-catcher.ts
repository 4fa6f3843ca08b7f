import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The local mail catcher of `npm start` when no email provider is configured: an SMTP inbox
 * (`smtp-server`) the outbox delivers to, and a small page (and JSON) to read what arrived.
 * Nothing leaves the machine. docs/decisions/0076-local-mail-catcher.md.
 */
export interface CaughtMessage {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

export interface MailCatcher {
  /** Where the outbox delivers (host:port). */
  smtp: { host: string; port: number };
  /** The inbox page; `${url}/messages.json` for the JSON. */
  url: string;
  messages: CaughtMessage[];
  close(): Promise<void>;
}

/** `=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=` words of a header. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

function headersOf(block: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) map.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return map;
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The subject and the plain text of a message as nodemailer writes it (single part or multipart). */
export function readMessage(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = headersOf(split < 0 ? raw : raw.slice(0, split));
  let body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = head.get('content-type') ?? 'text/plain';
  let encoding = head.get('content-transfer-encoding') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const plain = parts.map((p) => p.replace(/^\r?\n/, '')).find((p) => /content-type:\s*text\/plain/i.test(p)) ?? parts[0] ?? '';
    const at = plain.search(/\r?\n\r?\n/);
    const partHead = headersOf(plain.slice(0, at));
    encoding = partHead.get('content-transfer-encoding') ?? '';
    body = plain.slice(at).replace(/^\r?\n\r?\n/, '');
  }
  return { subject: decodeWords(head.get('subject') ?? ''), text: decodeBody(body, encoding).trimEnd() };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(messages: CaughtMessage[]): string {
  const items = [...messages]
    .reverse()
    .map(
      (m) =>
        `<article><h2>${esc(m.subject || '(no subject)')}</h2><p class="meta">To ${esc(m.to.join(', '))} · from ${esc(m.from)} · ${esc(m.receivedAt)}</p><pre>${esc(m.text)}</pre></article>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Local mail catcher</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a}article{border:1px solid #cbd5e1;border-radius:.5rem;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}.meta{color:#475569;font-size:.875rem;margin:.25rem 0 .75rem}pre{white-space:pre-wrap;margin:0;font:inherit}</style></head>
<body><h1>Local mail catcher</h1><p>Emails the product sent while running on this machine with no email provider configured (newest first; kept until the server stops). Nothing here left the machine. <a href="messages.json">JSON</a></p>
${items || '<p>No email yet.</p>'}</body></html>`;
}

export async function startMailCatcher(options: { httpPort?: number; host?: string } = {}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const messages: CaughtMessage[] = [];
  let next = 1;
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'local' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { subject, text } = readMessage(Buffer.concat(chunks).toString('utf8'));
        messages.push({
          id: next++,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject,
          text,
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/messages.json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(JSON.stringify(messages));
    }
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(page(messages));
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      http.once('error', reject);
      http.listen(port, host, () => {
        http.off('error', reject);
        resolve((http.address() as AddressInfo).port);
      });
    });
  // The preferred port (the product's + 1000) when free, else any.
  const httpPort = await listen(options.httpPort ?? 0).catch(() => listen(0));
  return {
    smtp: { host, port: smtpPort },
    url: `http://localhost:${httpPort}`,
    messages,
    close: async () => {
      http.closeAllConnections();
      await Promise.all([new Promise<void>((r) => http.close(() => r())), new Promise<void>((r) => smtp.close(() => r()))]);
    },
  };
}
