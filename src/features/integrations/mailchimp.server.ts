import { providerBase, providerFetch } from './http.server.ts';

/**
 * Mailchimp Transactional (Mandrill) ping: POST /users/ping.json with {"key"} answers "PONG!".
 * Mandrill reports errors as HTTP 500 with a JSON body whose `name` says what went wrong.
 */
export async function pingMailchimp(apiKey: string): Promise<void> {
  await providerFetch(
    'Mailchimp',
    `${providerBase('mailchimp')}/users/ping.json`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ key: apiKey }),
    },
    ({ status, body }) => {
      const name = (body as { name?: unknown } | null)?.['name'];
      if (name === 'Invalid_Key') return 'unauthorized';
      if (status === 429 || name === 'Too_Many_Requests') return 'rate_limited';
      if (status >= 500) return 'server';
      if (status >= 400) return 'rejected';
      return body === 'PONG!' ? null : 'bad_response';
    },
  );
}
