import type { InputOf } from '../../src/contract/routes/route.ts';
import type { ROUTES } from '../../src/contract/routes.ts';
import { uniqueEmail } from './api.ts';

type QuoteInput = InputOf<typeof ROUTES.quoteSubmit>;

/**
 * A public quote form as a visitor sends it (text values, the two preferences as booleans). Typed as
 * the route's input when the overrides fit it, so a test sends it as `body`; an override the type
 * refuses (a refusal test's value) gives a loose object for `unchecked`.
 */
export function validQuote(overrides?: Partial<QuoteInput>): QuoteInput;
export function validQuote(overrides: Record<string, unknown>): Record<string, unknown>;
export function validQuote(overrides: Record<string, unknown> = {}): QuoteInput | Record<string, unknown> {
  return {
    firstName: 'Amelia',
    lastName: 'Earhart',
    returnEmail: uniqueEmail('quote'),
    returnPhone: '(415) 555-0100',
    aircraftMake: 'Cessna',
    aircraftModel: '172S Skyhawk',
    registrationNumber: 'N12345',
    totalHours: '4200',
    aircraftType: 'single-engine',
    serviceType: 'annual',
    preferredTimeframe: '2-weeks',
    location: 'KSQL',
    lastInvoiceAmount: '',
    currentProvider: 'Bay Aero',
    message: 'Annual due next month; some oil seepage at the rocker covers.',
    scheduleConsultation: false,
    emailUpdates: true,
    ...overrides,
  };
}
