import { uniqueEmail } from './api.ts';

/** A public quote form as a visitor sends it (text values, the two preferences as booleans). */
export function validQuote(overrides: Record<string, unknown> = {}) {
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
