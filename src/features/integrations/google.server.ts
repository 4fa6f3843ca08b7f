import { ProviderError, providerBase, providerFetch } from './http.server.ts';

export interface GoogleCredentials {
  apiKey: string;
  apiSecret: string | null;
  additionalConfig: Record<string, unknown>;
}

/**
 * An OAuth access token. With `client_id` in additional_config, api_key is a refresh token and
 * api_secret the client secret, exchanged at Google's token endpoint; otherwise api_key already is
 * an access token. Both secrets stay encrypted at rest; client_id is not a secret.
 */
export async function googleAccessToken(creds: GoogleCredentials, provider: string): Promise<string> {
  const clientId = creds.additionalConfig['client_id'];
  if (typeof clientId !== 'string' || !clientId) return creds.apiKey;
  if (!creds.apiSecret)
    throw new ProviderError(
      'rejected',
      `${provider} needs the OAuth client secret in API secret to use a refresh token`,
    );
  const { body } = await providerFetch(
    'Google OAuth',
    `${providerBase('googleOauth')}/token`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: creds.apiKey,
        client_id: clientId,
        client_secret: creds.apiSecret,
      }),
    },
    ({ status }) => (status === 400 ? 'unauthorized' : null),
  );
  const token = (body as { access_token?: unknown } | null)?.['access_token'];
  if (typeof token !== 'string' || !token)
    throw new ProviderError('bad_response', 'Google OAuth answered without an access token');
  return token;
}

/** Google Calendar: GET /users/me/calendarList?maxResults=1. */
export async function listGoogleCalendars(creds: GoogleCredentials): Promise<number> {
  const token = await googleAccessToken(creds, 'Google Calendar');
  const { body } = await providerFetch(
    'Google Calendar',
    `${providerBase('googleCalendar')}/users/me/calendarList?maxResults=1`,
    {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    },
  );
  const items = (body as { items?: unknown } | null)?.['items'];
  return Array.isArray(items) ? items.length : 0;
}
