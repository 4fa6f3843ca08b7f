import { integrationLabel, type IntegrationType } from '../../../contract/admin-config.ts';
import type { IntegrationTestResult } from '../../../contract/admin-api-keys.ts';
import { fetchStripeBalance } from '../../integrations/stripe.server.ts';
import { fetchTwilioAccount } from '../../integrations/twilio.server.ts';
import { pingMailchimp } from '../../integrations/mailchimp.server.ts';
import { listGoogleCalendars, type GoogleCredentials } from '../../integrations/google.server.ts';
import { fetchGoogleTag } from '../../integrations/analytics.server.ts';
import { MeasurementIdSchema } from '../../../contract/analytics.ts';
import { stripeKeyProblems } from '../../../contract/admin-api-keys.ts';

const STRIPE_PARTS = { api_key: 'API key', api_secret: 'API secret' } as const;
import { ProviderError } from '../../integrations/http.server.ts';
import { verifySmtp } from '../../messaging/smtp.server.ts';
import { searchApolloPeople } from '../../integrations/apollo.server.ts';

/**
 * Calls the provider's harmless read-only endpoint with a key and says whether it worked. Never
 * throws for a provider problem: a failed test is an answer (success false), not a server error.
 */
export async function testIntegration(
  integration: IntegrationType,
  creds: GoogleCredentials,
): Promise<IntegrationTestResult> {
  const label = integrationLabel(integration);
  try {
    const detail = await call(integration, creds);
    return { success: true, message: `${label} integration test passed: ${detail}` };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const extra = error.providerMessage ? ` (${error.providerMessage})` : '';
    return { success: false, message: `${label} integration test failed: ${error.message}${extra}` };
  }
}

async function call(integration: IntegrationType, creds: GoogleCredentials): Promise<string> {
  switch (integration) {
    case 'twilio': {
      if (!creds.apiSecret) throw new ProviderError('rejected', 'Twilio needs the Auth Token in API secret');
      const account = await fetchTwilioAccount(creds.apiKey, creds.apiSecret);
      return `account "${account.name}" is ${account.status}`;
    }
    case 'mailchimp':
      await pingMailchimp(creds.apiKey);
      return 'Mailchimp Transactional answered PONG!';
    case 'smtp':
      return verifySmtp(creds);
    case 'stripe': {
      // The parts checked here first: Stripe's answer cannot tell a missing webhook secret.
      const problems = stripeKeyProblems(creds.apiKey, creds.apiSecret);
      if (problems.length > 0)
        throw new ProviderError('rejected', problems.map((p) => `${STRIPE_PARTS[p.field]}: ${p.message}`).join('; '));
      const balance = await fetchStripeBalance(creds.apiKey);
      return `balance read in ${balance.livemode ? 'live' : 'test'} mode`;
    }
    case 'google_calendar': {
      const n = await listGoogleCalendars(creds);
      return `calendar list read (${n} shown)`;
    }
    case 'google_analytics': {
      // The key is the measurement ID the public pages load the tag with (docs/decisions/0275).
      const id = MeasurementIdSchema.safeParse(creds.apiKey);
      if (!id.success)
        throw new ProviderError('rejected', `"${creds.apiKey.slice(0, 40)}" is not a measurement ID (G-XXXXXXX)`);
      const bytes = await fetchGoogleTag(id.data);
      return `Google's tag for ${id.data} loads (${bytes.toLocaleString('en-US')} bytes); the public pages load it after a visitor accepts analytics cookies`;
    }
    case 'apollo': {
      // People API Search answers without spending credits: one person, nothing saved.
      await searchApolloPeople(creds.apiKey, { keywords: [], states: [], quantity: 1 });
      return 'people search answered';
    }
  }
}
