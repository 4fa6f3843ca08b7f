import { BUSINESS } from '../../contract/business.ts';
import type { Role } from '../../contract/roles.ts';
import type { OutboundEmail } from '../messaging/outbox.server.ts';
import { siteUrl } from '../../server/site-url.server.ts';
import { safeFirstName } from '../messaging/recipient-limit.server.ts';

/**
 * The welcome email at sign-up: what the account is for, the first step, and
 * a link to the dashboard. A mechanic is told their certificate is checked before they can quote.
 * The address is not verified yet, so the only typed text it carries is a first name that looks
 * like one (docs/decisions/0097), and it counts toward the address's daily limit (the caller).
 */
export function welcomeEmail(user: { email: string; firstName: string; role: Role }): OutboundEmail {
  const link = siteUrl('/dashboard');
  const firstStep =
    user.role === 'mechanic'
      ? 'An administrator checks your A&P certificate against the FAA airmen file before you can quote; we will tell you when you are approved. Meanwhile, fill in your profile (service area, rates, specialties).'
      : 'Add your aircraft to see what it owes on both clocks (annual, 100-hour, transponder, ADs), then request service from its due list.';
  return {
    kind: 'auth.welcome',
    to: user.email,
    subject: `Welcome to ${BUSINESS.name}`,
    text: [
      `Hi ${safeFirstName(user.firstName)},`,
      '',
      `Welcome to ${BUSINESS.name}. Your account is ready.`,
      '',
      firstStep,
      '',
      `Your dashboard: ${link}`,
    ].join('\n'),
  };
}
