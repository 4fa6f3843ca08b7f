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
  /** The files it carries (an appointment's .ics), each readable at `${url}/messages/<id>/attachments/<n>`. */
  attachments: CaughtAttachment[];
  receivedAt: string;
}

export interface CaughtAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** The bytes, base64. */
  content: string;
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
  // Whitespace between two encoded words is not part of the text (RFC 2047, 6.2): a long subject
  // folded into several words reads as one.
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
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
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The parts of a multipart body (nested multiparts flattened), each with its headers and raw body. */
function partsOf(body: string, boundary: string): Array<{ head: Map<string, string>; body: string }> {
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((p) => {
      const part = p.replace(/^\r?\n/, '');
      const at = part.search(/\r?\n\r?\n/);
      const head = headersOf(at < 0 ? part : part.slice(0, at));
      const content =
        at < 0
          ? ''
          : part
              .slice(at)
              .replace(/^\r?\n\r?\n/, '')
              .replace(/\r?\n$/, '');
      const inner = /boundary="?([^";]+)"?/i.exec(head.get('content-type') ?? '')?.[1];
      return /^multipart\//i.test(head.get('content-type') ?? '') && inner
        ? partsOf(content, inner)
        : [{ head, body: content }];
    });
}

/** The bytes of a part, base64, from its transfer encoding. */
function partBytes(body: string, encoding: string): Buffer {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (/quoted-printable/i.test(encoding))
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    );
  return Buffer.from(body, 'utf8');
}

/** The files of a message: the parts with a file name (Content-Disposition or Content-Type `name`). */
export function attachmentsOf(raw: string): CaughtAttachment[] {
  const split = raw.search(/\r?\n\r?\n/);
  const head = headersOf(split < 0 ? raw : raw.slice(0, split));
  const boundary = /boundary="?([^";]+)"?/i.exec(head.get('content-type') ?? '')?.[1];
  if (split < 0 || !boundary) return [];
  return partsOf(raw.slice(split).replace(/^\r?\n\r?\n/, ''), boundary).flatMap(({ head: h, body }) => {
    const name =
      /filename="?([^";]+)"?/i.exec(h.get('content-disposition') ?? '')?.[1] ??
      /[; ]name="?([^";]+)"?/i.exec(h.get('content-type') ?? '')?.[1];
    if (!name) return [];
    const bytes = partBytes(body, h.get('content-transfer-encoding') ?? '');
    return [
      {
        filename: decodeWords(name),
        contentType: (h.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim(),
        size: bytes.length,
        content: bytes.toString('base64'),
      },
    ];
  });
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
    // The text part may sit inside a nested multipart (text and HTML beside an attachment).
    const parts = partsOf(body, boundary);
    const plain =
      parts.find(
        (p) =>
          /^text\/plain/i.test(p.head.get('content-type') ?? '') &&
          !/attachment/i.test(p.head.get('content-disposition') ?? ''),
      ) ?? parts[0];
    encoding = plain?.head.get('content-transfer-encoding') ?? '';
    body = plain?.body ?? '';
  }
  return { subject: decodeWords(head.get('subject') ?? ''), text: decodeBody(body, encoding).trimEnd() };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(messages: CaughtMessage[]): string {
  const items = [...messages]
    .reverse()
    .map(
      (m) =>
        `<article><h2>${esc(m.subject || '(no subject)')}</h2><p class="meta">To ${esc(m.to.join(', '))} · from ${esc(m.from)} · ${esc(m.receivedAt)}</p><pre>${esc(m.text)}</pre>${
          m.attachments.length
            ? `<p class="meta">Attached: ${m.attachments.map((a, i) => `<a href="messages/${m.id}/attachments/${i}">${esc(a.filename)}</a> (${esc(a.contentType)}, ${a.size} bytes)`).join(', ')}</p>`
            : ''
        }</article>`,
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
        const raw = Buffer.concat(chunks).toString('utf8');
        const { subject, text } = readMessage(raw);
        messages.push({
          id: next++,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject,
          text,
          attachments: attachmentsOf(raw),
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
    const file = /^\/messages\/(\d+)\/attachments\/(\d+)$/.exec(path);
    const attachment = file ? messages.find((m) => m.id === Number(file[1]))?.attachments[Number(file[2])] : undefined;
    if (attachment) {
      res.writeHead(200, {
        'content-type': attachment.contentType,
        'content-disposition': `attachment; filename="${attachment.filename.replace(/[^\w.-]/g, '_')}"`,
        'cache-control': 'no-store',
      });
      return void res.end(Buffer.from(attachment.content, 'base64'));
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
      await Promise.all([
        new Promise<void>((r) => http.close(() => r())),
        new Promise<void>((r) => smtp.close(() => r())),
      ]);
    },
  };
}
