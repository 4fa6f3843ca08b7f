import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the providers the admin console calls, speaking each one's documented
 * protocol for the endpoints we use (paths, auth headers, success and error bodies):
 * - Twilio          GET  /2010-04-01/Accounts/{AccountSid}.json   Basic auth SID:AuthToken
 * - Mailchimp Tx    POST /users/ping.json {"key"} -> "PONG!"      bad key: HTTP 500 {name: "Invalid_Key"}
 * - Stripe          GET  /v1/balance                              Bearer secret key
 * - Google OAuth    POST /token (refresh_token grant)             -> {access_token}
 * - Google Calendar GET  /users/me/calendarList                   Bearer access token
 * - GA4 Admin       GET  /v1beta/accountSummaries                 Bearer access token
 * - Apollo          POST /api/v1/mixed_people/api_search          x-api-key header
 * Each provider can be told to answer 401, 429, 500 or slowly, to test the failure paths.
 */
export type FakeProvider = 'twilio' | 'mailchimp' | 'stripe' | 'google' | 'apollo';
export type FakeMode = 'ok' | 'unauthorized' | 'rate_limited' | 'server_error' | 'slow';

export interface RecordedRequest {
  provider: FakeProvider;
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export const FAKE_CREDENTIALS = {
  twilio: { sid: 'AC0123456789abcdef0123456789abcdef', token: 'twilio-auth-token-0123456789' },
  mailchimp: { key: 'md-fake-mandrill-key-0123456789' },
  stripe: { key: 'sk_test_fake_0123456789abcdefghij' },
  google: {
    accessToken: 'ya29.fake-google-access-token',
    refreshToken: '1//fake-refresh-token',
    clientId: 'fake-client.apps.googleusercontent.com',
    clientSecret: 'fake-client-secret',
  },
  apollo: { key: 'apollo-fake-key-0123456789' },
} as const;

export interface FakeProviders {
  /** e.g. http://127.0.0.1:43123 */
  url: string;
  modes: Record<FakeProvider, FakeMode>;
  /** People the fake Apollo returns (the first per_page of them). */
  apolloPeople: unknown[];
  requests: RecordedRequest[];
  /** Environment entries pointing every provider at this server. */
  env(): Record<string, string>;
  reset(): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const bearer = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];

export async function startFakeProviders(options: { port?: number; slowMs?: number } = {}): Promise<FakeProviders> {
  const slowMs = options.slowMs ?? 3000;
  const modes: Record<FakeProvider, FakeMode> = {
    twilio: 'ok',
    mailchimp: 'ok',
    stripe: 'ok',
    google: 'ok',
    apollo: 'ok',
  };
  const state = { apolloPeople: [] as unknown[], requests: [] as RecordedRequest[] };

  function providerOf(method: string, path: string): FakeProvider | null {
    if (method === 'GET' && /^\/2010-04-01\/Accounts\/[^/]+\.json$/.test(path)) return 'twilio';
    if (method === 'POST' && path === '/users/ping.json') return 'mailchimp';
    if (method === 'GET' && path === '/v1/balance') return 'stripe';
    if (
      (method === 'POST' && path === '/token') ||
      (method === 'GET' && (path === '/users/me/calendarList' || path === '/v1beta/accountSummaries'))
    )
      return 'google';
    if (method === 'POST' && path === '/api/v1/mixed_people/api_search') return 'apollo';
    return null;
  }

  /** What the provider answers when the mode forces an error. */
  function forced(res: ServerResponse, provider: FakeProvider, mode: FakeMode): boolean {
    if (mode === 'rate_limited') {
      const body =
        provider === 'mailchimp'
          ? { status: 'error', code: -1, name: 'Too_Many_Requests', message: 'Too many requests' }
          : { error: { message: 'Rate limit exceeded' }, message: 'Rate limit exceeded' };
      send(res, 429, body, { 'retry-after': '30' });
      return true;
    }
    if (mode === 'server_error') {
      send(
        res,
        provider === 'mailchimp' ? 500 : 503,
        provider === 'mailchimp'
          ? { status: 'error', code: -99, name: 'GeneralError', message: 'Internal error' }
          : { error: { message: 'Service unavailable' } },
      );
      return true;
    }
    return false;
  }

  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    provider: FakeProvider,
    path: string,
    query: URLSearchParams,
    body: string,
  ): void {
    const mode = modes[provider];
    if (forced(res, provider, mode)) return;
    const refuse = mode === 'unauthorized';
    switch (provider) {
      case 'twilio': {
        const sid = decodeURIComponent(/Accounts\/([^/]+)\.json/.exec(path)![1]!);
        const expected = `Basic ${Buffer.from(`${FAKE_CREDENTIALS.twilio.sid}:${FAKE_CREDENTIALS.twilio.token}`).toString('base64')}`;
        if (refuse || req.headers.authorization !== expected || sid !== FAKE_CREDENTIALS.twilio.sid) {
          return send(res, 401, {
            code: 20003,
            message: 'Authenticate',
            more_info: 'https://www.twilio.com/docs/errors/20003',
            status: 401,
          });
        }
        return send(res, 200, { sid, friendly_name: 'Skyward Test Account', status: 'active', type: 'Full' });
      }
      case 'mailchimp': {
        let key: unknown;
        try {
          key = (JSON.parse(body) as { key?: unknown }).key;
        } catch {
          key = undefined;
        }
        if (refuse || key !== FAKE_CREDENTIALS.mailchimp.key)
          return send(res, 500, { status: 'error', code: -1, name: 'Invalid_Key', message: 'Invalid API key' });
        return send(res, 200, 'PONG!');
      }
      case 'stripe': {
        if (refuse || bearer(req) !== FAKE_CREDENTIALS.stripe.key) {
          return send(res, 401, {
            error: { message: 'Invalid API Key provided: sk_test_****', type: 'invalid_request_error' },
          });
        }
        return send(res, 200, {
          object: 'balance',
          livemode: false,
          available: [{ amount: 0, currency: 'usd' }],
          pending: [{ amount: 0, currency: 'usd' }],
        });
      }
      case 'google': {
        if (path === '/token') {
          const form = new URLSearchParams(body);
          const g = FAKE_CREDENTIALS.google;
          if (
            refuse ||
            form.get('refresh_token') !== g.refreshToken ||
            form.get('client_id') !== g.clientId ||
            form.get('client_secret') !== g.clientSecret
          ) {
            return send(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
          }
          return send(res, 200, { access_token: g.accessToken, expires_in: 3599, token_type: 'Bearer' });
        }
        if (refuse || bearer(req) !== FAKE_CREDENTIALS.google.accessToken) {
          return send(res, 401, {
            error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
          });
        }
        if (path === '/users/me/calendarList')
          return send(res, 200, { kind: 'calendar#calendarList', items: [{ id: 'primary', summary: 'Skyward' }] });
        return send(res, 200, {
          accountSummaries: [{ name: 'accountSummaries/1', account: 'accounts/1', displayName: 'Skyward' }],
        });
      }
      case 'apollo': {
        if (refuse || req.headers['x-api-key'] !== FAKE_CREDENTIALS.apollo.key) {
          return send(res, 401, { error: 'Invalid access credentials.', error_code: 'INVALID_API_KEY' });
        }
        const perPage = Number(query.get('per_page') ?? 10);
        const people = state.apolloPeople.slice(0, perPage);
        return send(res, 200, {
          people,
          pagination: { page: 1, per_page: perPage, total_entries: state.apolloPeople.length, total_pages: 1 },
        });
      }
    }
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks).toString('utf8');
      const provider = providerOf(req.method ?? 'GET', url.pathname);
      if (!provider) return send(res, 404, { error: `fake providers: no route for ${req.method} ${url.pathname}` });
      state.requests.push({
        provider,
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      if (modes[provider] === 'slow') {
        const timer = setTimeout(() => {
          if (!res.destroyed) answer(req, res, provider, url.pathname, url.searchParams, body);
        }, slowMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      answer(req, res, provider, url.pathname, url.searchParams, body);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    modes,
    get apolloPeople() {
      return state.apolloPeople;
    },
    set apolloPeople(people: unknown[]) {
      state.apolloPeople = people;
    },
    get requests() {
      return state.requests;
    },
    env: () => ({
      TWILIO_API_BASE: url,
      MAILCHIMP_API_BASE: url,
      STRIPE_API_BASE: url,
      GOOGLE_OAUTH_BASE: url,
      GOOGLE_CALENDAR_API_BASE: url,
      GA_ADMIN_API_BASE: url,
      APOLLO_API_BASE: url,
    }),
    reset() {
      for (const p of Object.keys(modes) as FakeProvider[]) modes[p] = 'ok';
      state.requests = [];
      state.apolloPeople = [];
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
