import nodemailer from 'nodemailer';
import { type SmtpSettings, SmtpSettingsSchema } from '../../contract/admin-api-keys.ts';
import type { KeyCredentials } from '../integrations/api-keys.server.ts';
import { ProviderError, providerTimeoutMs, type ProviderErrorKind } from '../integrations/http.server.ts';
import type { EmailToSend } from './senders.server.ts';

/** What SMTP needs of a key: the username, the password and the settings. */
type SmtpCredentials = Pick<KeyCredentials, 'apiKey' | 'apiSecret' | 'additionalConfig'>;

/** The SMTP settings of a key (host, port, TLS mode, sender) from its additional_config. */
export function smtpSettingsOf(creds: SmtpCredentials): SmtpSettings {
  const parsed = SmtpSettingsSchema.safeParse(creds.additionalConfig);
  if (!parsed.success) {
    throw new ProviderError(
      'rejected',
      `The SMTP key's settings are incomplete: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  }
  return parsed.data as SmtpSettings;
}

function transportFor(creds: SmtpCredentials, settings: SmtpSettings) {
  const timeout = providerTimeoutMs();
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    // tls: TLS from the first byte (465); starttls: plain, then upgrade, refusing servers that
    // cannot; none: never upgrade (a relay on a trusted network, and the tests' local server).
    secure: settings.tls_mode === 'tls',
    requireTLS: settings.tls_mode === 'starttls',
    ignoreTLS: settings.tls_mode === 'none',
    auth: { user: creds.apiKey, pass: creds.apiSecret ?? '' },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
  });
}

/** SMTP reply codes and nodemailer's error codes, in the kinds the outbox and "Test" understand. */
function classify(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const reply = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const said = typeof e.response === 'string' ? e.response.replace(/\s+/g, ' ').slice(0, 200) : undefined;
  const extra = { ...(reply ? { status: reply } : {}), ...(said ? { providerMessage: said } : {}) };
  let kind: ProviderErrorKind;
  let message: string;
  if (code === 'EAUTH' || code === 'ENOAUTH' || reply === 535 || reply === 534) {
    kind = 'unauthorized';
    message = 'The SMTP server refused the username or password';
  } else if (code === 'ETIMEDOUT') {
    kind = 'timeout';
    message = `The SMTP server did not answer within ${Math.round(providerTimeoutMs() / 100) / 10} seconds`;
  } else if (
    ['ECONNECTION', 'ESOCKET', 'EDNS', 'ETLS', 'EREQUIRETLS', 'EPROXY'].includes(code) ||
    (reply === undefined && code === '')
  ) {
    kind = 'network';
    message =
      code === 'ETLS' ? 'The SMTP server could not be reached over TLS' : 'The SMTP server could not be reached';
  } else if (reply !== undefined && reply >= 500) {
    // 5xx is permanent in SMTP (550 no such mailbox, 553 bad address, 554 refused).
    kind = 'rejected';
    message = `The SMTP server refused the message (${reply})`;
  } else {
    kind = 'server';
    message = reply
      ? `The SMTP server asked to try again later (${reply})`
      : 'The SMTP server failed to take the message';
  }
  return new ProviderError(kind, message, extra);
}

/** Sends one email through the key's SMTP server; returns the server's queue id or the Message-ID. */
export async function sendEmailWithSmtp(creds: SmtpCredentials, email: EmailToSend): Promise<string> {
  const settings = smtpSettingsOf(creds);
  const transport = transportFor(creds, settings);
  try {
    const info = await transport.sendMail({
      from: settings.from_name ? { name: settings.from_name, address: settings.from_email } : settings.from_email,
      to: email.to,
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      subject: email.subject,
      text: email.text,
      ...(email.html ? { html: email.html } : {}),
      ...(email.attachments?.length
        ? {
            attachments: email.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: Buffer.from(a.content, 'base64'),
            })),
          }
        : {}),
    });
    if (info.rejected.length > 0)
      throw new ProviderError('rejected', `The SMTP server refused the recipient ${email.to}`);
    // "250 2.0.0 Ok: queued as 4F1XyZ" names the server's id for the message; else the Message-ID.
    const queued = /queued as\s+(\S+)/i.exec(info.response)?.[1];
    return queued ?? info.messageId;
  } catch (error) {
    throw classify(error);
  } finally {
    transport.close();
  }
}

/** "Test": connects, upgrades to TLS as configured and signs in, without sending anything. */
export async function verifySmtp(creds: SmtpCredentials): Promise<string> {
  const settings = smtpSettingsOf(creds);
  const transport = transportFor(creds, settings);
  try {
    await transport.verify();
    return `signed in to ${settings.host}:${settings.port} as ${creds.apiKey}`;
  } catch (error) {
    throw classify(error);
  } finally {
    transport.close();
  }
}
