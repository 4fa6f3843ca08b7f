import { labelOf } from '../../contract/options.ts';
import { type QuoteRequest } from '../../contract/quote.ts';
import {
  AIRCRAFT_TYPES,
  PREFERRED_TIMEFRAMES,
  QUOTE_SUCCESS_MESSAGE,
  QUOTE_SERVICE_TYPES,
  type QuoteResponse,
} from '../../contract/quote-fields.ts';
import { BUSINESS } from '../../contract/business.ts';
import type { Db } from '../../server/db/client.ts';
import { businessNotificationEmail, enqueueEmail } from '../messaging/outbox.server.ts';
import { allowEmailTo, safeFirstName } from '../messaging/recipient-limit.server.ts';
import {
  INVOICE_PARTS_OPTIONS,
  comparedText,
  estimateSavings,
  savingsFigure,
  type SavingsEstimate,
} from '../../contract/savings.ts';
import { leadOfDiscountCode } from './discount-code.server.ts';
import { escapeHtml } from '../../server/email/template-render.ts';

/** The estimate in the words every copy uses (form, confirmation, emails, console). */
export function savingsLine(e: SavingsEstimate | undefined, invoice: number | null): string {
  if (!e || invoice === null) return 'n/a';
  return `${savingsFigure(e.dollars, e.percent)}. ${comparedText(e, invoice)}`;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * The visitor's copy of the request: every choice and number as sent, in our words; what they typed
 * freely is counted, not repeated, since the address is not verified (docs/decisions/0097 and 0193).
 */
function visitorCopy(q: QuoteRequest, savings: SavingsEstimate | undefined): string {
  const typed = [
    ['aircraft make and model', `${q.aircraftMake} ${q.aircraftModel}`],
    ['location', q.location],
    ['current provider', q.currentProvider],
  ].filter((f): f is [string, string] => Boolean(f[1]));
  return [
    'Your request, as you sent it:',
    `Service: ${labelOf(QUOTE_SERVICE_TYPES, q.serviceType)}`,
    `Aircraft type: ${labelOf(AIRCRAFT_TYPES, q.aircraftType)}`,
    `Total hours: ${q.totalHours ?? 'not given'}`,
    `Timeframe: ${labelOf(PREFERRED_TIMEFRAMES, q.preferredTimeframe)}`,
    `Last invoice: ${q.lastInvoiceAmount === null ? 'not given' : `$${q.lastInvoiceAmount.toFixed(2)} (parts included: ${labelOf(INVOICE_PARTS_OPTIONS, q.invoiceIncludesParts).toLowerCase()})`}`,
    `Estimated savings: ${savingsLine(savings, q.lastInvoiceAmount)}`,
    `Free consultation call: ${q.scheduleConsultation ? 'yes' : 'no'}`,
    `Discount code: ${q.discountCode ?? 'none'}`,
    `Your message: ${plural(q.message.length, 'character')}${typed.length ? `, with your ${typed.map(([name]) => name).join(', ')}` : ''} (kept with your request, not repeated here).`,
    '',
    'If you did not send this request, ignore this email: nothing else will follow.',
  ].join('\n');
}

function summary(q: QuoteRequest, savings: SavingsEstimate | undefined): string {
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
    `Last invoice: ${q.lastInvoiceAmount === null ? 'not given' : `$${q.lastInvoiceAmount.toFixed(2)} (parts included: ${labelOf(INVOICE_PARTS_OPTIONS, q.invoiceIncludesParts).toLowerCase()})`}`,
    `Current provider: ${q.currentProvider ?? 'not given'}`,
    `Wants a consultation: ${q.scheduleConsultation ? 'yes' : 'no'}`,
    `Estimated savings: ${savingsLine(savings, q.lastInvoiceAmount)}`,
    `Discount code: ${q.discountCode ?? 'none'}`,
    '',
    q.message,
  ];
  if (q.additionalNotes) lines.push('', `Notes: ${q.additionalNotes}`);
  return lines.join('\n');
}

/** Stores a public quote request as `pending` and queues the emails it triggers, in one transaction. */
export async function submitQuote(db: Db, q: QuoteRequest): Promise<QuoteResponse> {
  const savings = estimateSavings(q.serviceType, q.aircraftType, q.lastInvoiceAmount, q.invoiceIncludesParts);
  // Checked before anything is stored: a wrong code is the visitor's to fix, with the field named.
  const discountLead = q.discountCode ? await leadOfDiscountCode(db, q.discountCode) : null;
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
        estimatedSavings: savings?.percent ?? null,
        estimatedSavingsDollars: savings?.dollars ?? null,
        invoiceIncludesParts: q.lastInvoiceAmount === null ? null : q.invoiceIncludesParts,
        discountCode: q.discountCode,
        discountLeadId: discountLead?.id ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueEmail(trx, {
      kind: 'quote.notify_business',
      to: notifyTo,
      // "Reply" answers the customer (docs/decisions/0193-reply-addresses.md).
      replyTo: q.returnEmail,
      subject: `New quote request: ${labelOf(QUOTE_SERVICE_TYPES, q.serviceType)} for ${q.aircraftMake} ${q.aircraftModel}`,
      text: summary(q, savings),
    });
    // The visitor's address is unverified: at most 3 such emails a day reach it, and the only text
    // of theirs it carries is a plausible first name (docs/decisions/0097-unverified-recipients.md).
    // It is the copy the visitor asked for: the request in our words (visitorCopy).
    if (q.emailUpdates && (await allowEmailTo(trx, q.returnEmail))) {
      const firstName = safeFirstName(q.firstName);
      const copy = visitorCopy(q, savings);
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
            `We will reply with a competitive quote within 24 hours. To add anything, reply to this email.`,
            savings === undefined
              ? ''
              : `Based on your last invoice, we estimate you could save ${savingsLine(savings, q.lastInvoiceAmount)}`,
            q.discountCode ? `Your discount code ${q.discountCode} is noted on your request.` : '',
            '',
            copy,
            '',
            `For anything urgent call ${BUSINESS.phoneDisplay} (24/7 emergency line).`,
            BUSINESS.name,
          ]
            .filter((l, i, all) => l !== '' || all[i - 1] !== '')
            .join('\n'),
          // An admin's follow-up template words the greeting; the request stays in it.
          keep: { text: copy, html: `<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(copy)}</pre>` },
        },
        { firstName, lastName: '', userId: id },
      );
    }
  });
  const response: QuoteResponse = { success: true, message: QUOTE_SUCCESS_MESSAGE };
  if (savings !== undefined) {
    response.estimatedSavings = savings.percent;
    response.estimatedSavingsDollars = savings.dollars;
  }
  if (q.discountCode) response.discountCode = q.discountCode;
  return response;
}
