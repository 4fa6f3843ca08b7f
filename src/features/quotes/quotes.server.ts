import { labelOf } from '../../contract/options.ts';
import {
  AIRCRAFT_TYPES,
  PREFERRED_TIMEFRAMES,
  QUOTE_SUCCESS_MESSAGE,
  QUOTE_SERVICE_TYPES,
  type QuoteRequest,
  type QuoteResponse,
} from '../../contract/quote.ts';
import { BUSINESS } from '../../contract/business.ts';
import type { Db } from '../../server/db/client.ts';
import { businessNotificationEmail, enqueueEmail } from '../messaging/outbox.server.ts';
import { allowEmailTo, safeFirstName } from '../messaging/recipient-limit.server.ts';
import { estimateSavingsPercent } from './savings.ts';

function summary(q: QuoteRequest, savings: number | undefined): string {
  const lines = [
    `Name: ${q.firstName} ${q.lastName}`,
    `Email: ${q.returnEmail}`,
    `Phone: ${q.returnPhone}`,
    `Aircraft: ${q.aircraftMake} ${q.aircraftModel}${q.registrationNumber ? ` (${q.registrationNumber})` : ''}`,
    `Aircraft type: ${labelOf(AIRCRAFT_TYPES, q.aircraftType)}`,
    `Total hours: ${q.totalHours ?? 'not given'}`,
    `Service: ${labelOf(QUOTE_SERVICE_TYPES, q.serviceType)}`,
    `Timeframe: ${labelOf(PREFERRED_TIMEFRAMES, q.preferredTimeframe)}`,
    `Location: ${q.location ?? 'not given'}`,
    `Last invoice: ${q.lastInvoiceAmount === null ? 'not given' : `$${q.lastInvoiceAmount.toFixed(2)}`}`,
    `Current provider: ${q.currentProvider ?? 'not given'}`,
    `Wants a consultation: ${q.scheduleConsultation ? 'yes' : 'no'}`,
    `Estimated savings: ${savings === undefined ? 'n/a' : `${savings}%`}`,
    '',
    q.message,
  ];
  if (q.additionalNotes) lines.push('', `Notes: ${q.additionalNotes}`);
  return lines.join('\n');
}

/** Stores a public quote request as `pending` and queues the emails it triggers, in one transaction. */
export async function submitQuote(db: Db, q: QuoteRequest): Promise<QuoteResponse> {
  const savings = estimateSavingsPercent(q.serviceType, q.aircraftType, q.lastInvoiceAmount);
  const notifyTo = await businessNotificationEmail(db);
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('quotes')
      .values({
        firstName: q.firstName,
        lastName: q.lastName,
        returnEmail: q.returnEmail,
        returnPhone: q.returnPhone,
        aircraftMake: q.aircraftMake,
        aircraftModel: q.aircraftModel,
        registrationNumber: q.registrationNumber,
        totalHours: q.totalHours,
        aircraftType: q.aircraftType,
        serviceType: q.serviceType,
        preferredTimeframe: q.preferredTimeframe,
        location: q.location,
        lastInvoiceAmount: q.lastInvoiceAmount,
        currentProvider: q.currentProvider,
        message: q.message,
        additionalNotes: q.additionalNotes,
        scheduleConsultation: q.scheduleConsultation,
        emailUpdates: q.emailUpdates,
        estimatedSavings: savings ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueEmail(trx, {
      kind: 'quote.notify_business',
      to: notifyTo,
      subject: `New quote request: ${labelOf(QUOTE_SERVICE_TYPES, q.serviceType)} for ${q.aircraftMake} ${q.aircraftModel}`,
      text: summary(q, savings),
    });
    // The visitor's address is unverified: at most 3 such emails a day reach it, and the only text
    // of theirs it carries is a plausible first name (docs/decisions/0097-unverified-recipients.md).
    if (q.emailUpdates && (await allowEmailTo(trx, q.returnEmail))) {
      const firstName = safeFirstName(q.firstName);
      await enqueueEmail(
        trx,
        {
          kind: 'quote.acknowledge_visitor',
          to: q.returnEmail,
          subject: `We received your quote request - ${BUSINESS.name}`,
          text: [
            `Hi ${firstName},`,
            '',
            `Thank you for asking ${BUSINESS.name} for a quote on your ${labelOf(QUOTE_SERVICE_TYPES, q.serviceType).toLowerCase()}.`,
            `A certified A&P mechanic will reply with a competitive quote within 24 hours.`,
            savings === undefined ? '' : `Based on your last invoice, we estimate you could save about ${savings}%.`,
            '',
            `For anything urgent call ${BUSINESS.phoneDisplay} (24/7 emergency line).`,
          ]
            .filter((l, i, all) => l !== '' || all[i - 1] !== '')
            .join('\n'),
        },
        { firstName, lastName: '', userId: id },
      );
    }
  });
  const response: QuoteResponse = { success: true, message: QUOTE_SUCCESS_MESSAGE };
  if (savings !== undefined) response.estimatedSavings = savings;
  return response;
}
