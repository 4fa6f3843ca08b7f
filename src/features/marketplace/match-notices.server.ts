import { labelOf } from '../../contract/options.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../contract/marketplace.ts';
import { type Db } from '../../server/db/client.ts';
import { queueNotificationEmails } from './notification-digest.server.ts';
import { dashboardLink } from './links.ts';
import { siteUrl } from '../../server/site-url.server.ts';
import type { RequestForMatching } from './qualified-mechanics.server.ts';

// What a match is told in: one wording for the owner and the mechanic, whichever path matched them
// (a new request, its fan-out, a mechanic's changed profile), and the email that links to it.

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function describe(r: RequestForMatching): string {
  return `${labelOf(MARKETPLACE_SERVICE_TYPES, r.serviceType)} for a ${r.aircraftMake} ${r.aircraftModel} at ${r.serviceLocation}`;
}

/** Where a match's distance is measured from, as a mechanic is told it: one wording for every path. */
export const MEASURED_FROM = {
  service_radius: 'your base',
  customer_travel: 'your base (the customer will fly in)',
} as const;

/** What a matched mechanic is told of a new request: the request, and how far it is from their base. */
export function matchedMessage(
  request: RequestForMatching,
  distanceMiles: number,
  via: keyof typeof MEASURED_FROM,
): string {
  return `${describe(request)}, ${distanceMiles} mi from ${MEASURED_FROM[via]}.`;
}

/** The "New service request" emails of matched mechanics, queued in the outbox with the link to the request. */
export async function queueMatchedEmails(
  db: Db,
  requestId: string,
  mailed: ReadonlyArray<{ email: string; firstName: string; message: string }>,
): Promise<void> {
  const link = siteUrl(dashboardLink('requests', requestId));
  await queueNotificationEmails(
    db,
    mailed.map((m) => ({
      to: { email: m.email, firstName: m.firstName },
      n: {
        type: 'request.matched',
        title: 'New service request',
        message: `${m.message}\nSee it in your dashboard: ${link}`,
      },
    })),
  );
}
