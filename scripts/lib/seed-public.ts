import type { Db } from '../../src/server/db/client.ts';

/**
 * A few quote requests and leads so the admin console has something to show on first start: all
 * three quote requests unanswered in the Inbox (their status is the Inbox's, docs/decisions/0420).
 */
export async function seedPublicSubmissions(db: Db): Promise<void> {
  const existing = await db
    .selectFrom('quotes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return;
  const day = 24 * 3600 * 1000;
  await db
    .insertInto('quotes')
    .values([
      {
        firstName: 'Dana',
        lastName: 'Whitfield',
        returnEmail: 'dana.whitfield@example.com',
        returnPhone: '(408) 555-0134',
        aircraftMake: 'Cessna',
        aircraftModel: '182T Skylane',
        registrationNumber: 'N734DW',
        totalHours: 2310,
        aircraftType: 'single-engine',
        serviceType: 'annual',
        preferredTimeframe: '2-weeks',
        location: 'KRHV',
        lastInvoiceAmount: 2600,
        currentProvider: 'Valley Aero',
        estimatedSavings: 31,
        message: 'Annual due at the end of the month. Also a squawk: intermittent alternator light.',
        additionalNotes: null,
        scheduleConsultation: true,
        emailUpdates: true,
        createdAt: new Date(Date.now() - 2 * day),
      },
      {
        firstName: 'Marcus',
        lastName: 'Oyelaran',
        returnEmail: 'm.oyelaran@example.com',
        returnPhone: '+1 510 555 0188',
        aircraftMake: 'Piper',
        aircraftModel: 'PA-44 Seminole',
        registrationNumber: 'N44MO',
        totalHours: 5120,
        aircraftType: 'multi-engine',
        serviceType: '100-hour',
        preferredTimeframe: 'asap',
        location: 'KOAK',
        lastInvoiceAmount: null,
        currentProvider: null,
        estimatedSavings: null,
        message: 'Flight school aircraft, 100-hour coming up in 12 hours of flying.',
        additionalNotes: null,
        scheduleConsultation: false,
        emailUpdates: true,
        createdAt: new Date(Date.now() - 9 * day),
      },
      {
        firstName: 'Elena',
        lastName: 'Sato',
        returnEmail: 'elena.sato@example.com',
        returnPhone: '650-555-0107',
        aircraftMake: 'Beechcraft',
        aircraftModel: 'A36 Bonanza',
        registrationNumber: 'N36ES',
        totalHours: 3875,
        aircraftType: 'single-engine',
        serviceType: 'repair',
        preferredTimeframe: '1-week',
        location: 'Half Moon Bay, CA',
        lastInvoiceAmount: 1900,
        currentProvider: 'Coastside Aviation',
        estimatedSavings: 37,
        message: 'Left main gear door actuator sticking. Aircraft is flyable but I would like it fixed before a trip.',
        additionalNotes: null,
        scheduleConsultation: false,
        emailUpdates: false,
        createdAt: new Date(Date.now() - 5 * day),
      },
    ])
    .execute();
  await db
    .insertInto('leads')
    .values([
      { firstName: 'Priya', email: 'priya.n@example.com', phone: null, source: 'popup_discount_offer' },
      { firstName: 'Tom', email: 'tom.b@example.com', phone: '(925) 555-0160', source: 'popup_discount_offer' },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}
