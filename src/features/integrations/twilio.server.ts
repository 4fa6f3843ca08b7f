import { ProviderError, providerBase, providerFetch } from './http.server.ts';

/** Twilio's account fetch: GET /2010-04-01/Accounts/{AccountSid}.json with Basic auth (SID, Auth Token). */
export async function fetchTwilioAccount(
  accountSid: string,
  authToken: string,
): Promise<{ name: string; status: string }> {
  if (!/^AC[0-9a-zA-Z]{8,}$/.test(accountSid)) {
    throw new ProviderError('rejected', 'The Twilio API key must be an Account SID starting with AC');
  }
  const url = `${providerBase('twilio')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}.json`;
  const { body } = await providerFetch('Twilio', url, {
    headers: {
      Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
      Accept: 'application/json',
    },
  });
  const b = (body ?? {}) as { friendly_name?: unknown; status?: unknown };
  return {
    name: typeof b.friendly_name === 'string' ? b.friendly_name : accountSid,
    status: typeof b.status === 'string' ? b.status : 'unknown',
  };
}
