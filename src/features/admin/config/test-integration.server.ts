import { integrationLabel, type IntegrationType } from '../../../contract/admin-config.ts';
import type { IntegrationTestResult } from '../../../contract/admin-api-keys.ts';
import { fetchStripeBalance } from '../../integrations/stripe.server.ts';
import { fetchTwilioAccount } from '../../integrations/twilio.server.ts';
import { pingMailchimp } from '../../integrations/mailchimp.server.ts';
import {
  listGaAccountSummaries,
  listGoogleCalendars,
  type GoogleCredentials,
} from '../../integrations/google.server.ts';
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
      const balance = await fetchStripeBalance(creds.apiKey);
      return `balance read in ${balance.livemode ? 'live' : 'test'} mode`;
    }
    case 'google_calendar': {
      const n = await listGoogleCalendars(creds);
      return `calendar list read (${n} shown)`;
    }
    case 'google_analytics': {
      const n = await listGaAccountSummaries(creds);
      return `account summaries read (${n} shown)`;
    }
    case 'apollo': {
      // People API Search answers without spending credits: one person, nothing saved.
      await searchApolloPeople(creds.apiKey, { keywords: [], states: [], quantity: 1 });
      return 'people search answered';
    }
  }
}
