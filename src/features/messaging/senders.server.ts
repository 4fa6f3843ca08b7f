import type { OutboxAttachment } from '../../server/db/tables/foundation.ts';
import type { KeyCredentials } from '../integrations/api-keys.server.ts';
import { ProviderError, providerBase, providerFetch } from '../integrations/http.server.ts';

export interface EmailToSend {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Reply-To (null: none). */
  replyTo?: string | null;
  /** Files the email carries (the appointment's .ics), bytes in base64. */
  attachments?: OutboxAttachment[] | null;
}

/** Sender identity for transactional email; the key's additional_config may override it. */
const DEFAULT_FROM = { email: 'no-reply@skywardmobileaviation.com', name: 'Skyward Mobile Aviation' };

/**
 * Mailchimp Transactional (Mandrill) `POST /messages/send.json`. It answers 200 with one result
 * per recipient: `sent`/`queued`/`scheduled` are accepted; `rejected`/`invalid` are refusals of
 * this message that no retry will change. Returns the provider's message id.
 */
export async function sendEmailWithMailchimp(creds: KeyCredentials, email: EmailToSend): Promise<string> {
  const fromEmail =
    typeof creds.additionalConfig['from_email'] === 'string'
      ? creds.additionalConfig['from_email']
      : DEFAULT_FROM.email;
  const fromName =
    typeof creds.additionalConfig['from_name'] === 'string' ? creds.additionalConfig['from_name'] : DEFAULT_FROM.name;
  const { body } = await providerFetch(
    'Mailchimp',
    `${providerBase('mailchimp')}/messages/send.json`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        key: creds.apiKey,
        message: {
          from_email: fromEmail,
          from_name: fromName,
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
          to: [{ email: email.to, type: 'to' }],
          ...(email.replyTo ? { headers: { 'Reply-To': email.replyTo } } : {}),
          // Mailchimp Transactional takes attachments as { type, name, content (base64) }.
          ...(email.attachments?.length
            ? {
                attachments: email.attachments.map((a) => ({
                  type: a.contentType,
                  name: a.filename,
                  content: a.content,
                })),
              }
            : {}),
        },
      }),
    },
    ({ status, body: b }) => {
      const name = (b as { name?: unknown } | null)?.['name'];
      if (name === 'Invalid_Key') return 'unauthorized';
      if (status === 429) return 'rate_limited';
      if (status >= 500) return 'server';
      if (status >= 400) return 'rejected';
      return Array.isArray(b) ? null : 'bad_response';
    },
  );
  const result = (body as Array<{ status?: string; _id?: string; reject_reason?: string | null }>)[0];
  if (!result || result.status === 'rejected' || result.status === 'invalid') {
    throw new ProviderError(
      'rejected',
      `Mailchimp refused the message: ${result?.reject_reason ?? result?.status ?? 'no result'}`,
    );
  }
  return result._id ?? 'mailchimp';
}

export interface SmsToSend {
  to: string;
  body: string;
}

/** Twilio `POST /2010-04-01/Accounts/{sid}/Messages.json` (form-encoded, Basic auth SID:token). */
export async function sendSmsWithTwilio(creds: KeyCredentials, sms: SmsToSend): Promise<string> {
  const from = creds.additionalConfig['from_number'];
  if (!creds.apiSecret || typeof from !== 'string') {
    throw new ProviderError(
      'rejected',
      'The Twilio key needs the Auth Token as API secret and "from_number" in its additional config',
    );
  }
  const url = `${providerBase('twilio')}/2010-04-01/Accounts/${encodeURIComponent(creds.apiKey)}/Messages.json`;
  const { body } = await providerFetch('Twilio', url, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${creds.apiKey}:${creds.apiSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    },
    body: new URLSearchParams({ To: sms.to, From: from, Body: sms.body }).toString(),
  });
  const sid = (body as { sid?: unknown } | null)?.sid;
  return typeof sid === 'string' ? sid : 'twilio';
}
