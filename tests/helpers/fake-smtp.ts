import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free local port (the `smtp-server` package): it asks for a username and
 * password (plain text allowed, as on a trusted relay, so tests need no certificate), refuses the
 * recipient `refused@example.com` with 550, and keeps every message it accepted, raw.
 */
export interface FakeSmtp {
  port: number;
  messages: Array<{ from: string; to: string[]; raw: string }>;
  close(): Promise<void>;
}

export async function startFakeSmtp(credentials: { user: string; pass: string }): Promise<FakeSmtp> {
  const messages: FakeSmtp['messages'] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass)
        return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (address.address === 'refused@example.com') {
        return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null, `Ok: queued as Q${messages.length}`);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
