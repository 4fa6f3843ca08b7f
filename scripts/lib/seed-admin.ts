import { DEFAULT_REFERRAL_PROGRAM } from '../../src/contract/admin-referral.ts';
import { BUSINESS } from '../../src/contract/business.ts';
import { DEFAULT_BUSINESS_HOURS } from '../../src/contract/business-hours.ts';
import type { Db } from '../../src/server/db/client.ts';
import { leadScore } from '../../src/features/marketing/lead-score.ts';

/**
 * The admin console's demo data: a few settings (notification_email among them), the referral
 * program, two email templates and a handful of marketing leads. Check-then-insert, per row.
 */
export async function seedAdminConsole(db: Db): Promise<void> {
  const settings = [
    {
      category: 'general',
      settingKey: 'notification_email',
      settingValue: 'quotes@skywardmobileaviation.com',
      dataType: 'string',
      description: 'Where new quote requests are announced',
    },
    {
      category: 'general',
      settingKey: 'business_hours',
      settingValue: JSON.stringify(DEFAULT_BUSINESS_HOURS),
      dataType: 'json',
      description: 'Office hours on the home page and in its LocalBusiness data',
    },
    {
      category: 'payment',
      settingKey: 'deposit_percent',
      settingValue: '20',
      dataType: 'number',
      description: 'Parts deposit (% of the parts lines) a new quote proposes; charged when the owner saves a card',
    },
    {
      category: 'payment',
      settingKey: 'platform_fee_percent',
      settingValue: '10',
      dataType: 'number',
      description: 'Platform fee taken from each job paid through Skyward (% of the approved total)',
    },
    {
      category: 'payment',
      settingKey: 'platform_fee_minimum_cents',
      settingValue: '500',
      dataType: 'number',
      description: 'Smallest platform fee, in cents',
    },
    {
      category: 'marketing',
      settingKey: 'lead_popup_enabled',
      settingValue: 'true',
      dataType: 'boolean',
      description: 'Show the discount popup on the home page',
    },
    {
      category: 'security',
      settingKey: 'session_hours',
      settingValue: '12',
      dataType: 'number',
      description: 'How long a sign-in lasts, in hours',
    },
    {
      category: 'general',
      settingKey: 'match_notify_limit',
      settingValue: '25',
      dataType: 'number',
      description:
        'How many of the nearest, best-rated mechanics a new service request notifies (1-500); the others in range find it in their list',
    },
  ] as const;
  for (const s of settings) {
    await db
      .insertInto('systemSettings')
      .values({ ...s, isEncrypted: false, updatedBy: null })
      .onConflict((oc) => oc.columns(['category', 'settingKey']).doNothing())
      .execute();
  }

  await db
    .insertInto('referralProgram')
    .values({
      id: 1,
      rewardAmount: DEFAULT_REFERRAL_PROGRAM.reward_amount,
      minBookingAmount: DEFAULT_REFERRAL_PROGRAM.min_booking_amount,
      shareMessage: DEFAULT_REFERRAL_PROGRAM.share_message,
      updatedBy: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  const templates = await db
    .selectFrom('emailTemplates')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(templates.n) === 0) {
    await db
      .insertInto('emailTemplates')
      .values([
        {
          name: 'Welcome to Skyward',
          subjectLine: 'Welcome aboard, {{firstName}}!',
          htmlContent: `<h1>Welcome aboard, {{firstName}}!</h1><p>Thanks for joining Skyward Mobile Aviation. Our FAA certified A&amp;P mechanic comes to your hangar for 100-hour and annual inspections, maintenance and repairs, typically saving owners ${BUSINESS.savingsClaim}.</p><p>Reply to this email or request a quote any time: we answer within 24 hours.</p><p>Blue skies,<br>The Skyward team</p>`,
          campaignType: 'welcome_series',
          delayMinutes: 0,
        },
        {
          name: 'Finish your quote request',
          subjectLine: '{{firstName}}, your inspection quote is one step away',
          htmlContent:
            '<p>Hi {{firstName}},</p><p>You started a quote request but did not send it. It takes two minutes, and we reply with a competitive price within 24 hours.</p><p><a href="https://skywardmobileaviation.com/#quote">Finish my quote</a></p>',
          campaignType: 'abandoned_quote',
          delayMinutes: 1440,
        },
      ])
      .execute();
  }

  // Varied on purpose, so scores and the analytics charts look like real data.
  const leads = [
    {
      firstName: 'Carla',
      lastName: 'Mendes',
      title: 'Chief Pilot',
      companyName: 'Sierra Charter Group',
      city: 'Reno',
      state: 'NV',
      leadType: 'pilot',
      phone: '(775) 555-0141',
      linkedin: true,
    },
    {
      firstName: 'Owen',
      lastName: 'Hart',
      title: 'Aircraft Owner',
      companyName: null,
      city: 'Bozeman',
      state: 'MT',
      leadType: 'pilot',
      phone: null,
      linkedin: false,
    },
    {
      firstName: 'Priya',
      lastName: 'Raman',
      title: 'Director of Aviation',
      companyName: 'Cascade Timber Co.',
      city: 'Eugene',
      state: 'OR',
      leadType: 'pilot',
      phone: null,
      linkedin: true,
    },
    {
      firstName: 'Marco',
      lastName: 'Vidal',
      title: 'A&P Mechanic',
      companyName: 'Vidal Aero Works',
      city: 'Phoenix',
      state: 'AZ',
      leadType: 'mechanic',
      phone: '(602) 555-0178',
      linkedin: false,
    },
    {
      firstName: 'Tessa',
      lastName: 'Lind',
      title: 'Director of Maintenance',
      companyName: 'Northstar Flight School',
      city: 'Fargo',
      state: 'ND',
      leadType: 'mechanic',
      phone: '(701) 555-0190',
      linkedin: true,
    },
    {
      firstName: 'Ben',
      lastName: 'Okafor',
      title: 'FBO Manager',
      companyName: 'Lakeview Jet Center',
      city: 'Madison',
      state: 'WI',
      leadType: 'general',
      phone: null,
      linkedin: false,
    },
    {
      firstName: 'Dana',
      lastName: 'Brooks',
      title: 'Corporate Pilot',
      companyName: 'Redline Logistics',
      city: 'Phoenix',
      state: 'AZ',
      leadType: 'pilot',
      phone: '(480) 555-0112',
      linkedin: false,
    },
  ] as const;
  for (const l of leads) {
    const email = `${l.firstName}.${l.lastName}@example.com`.toLowerCase();
    const exists = await db.selectFrom('marketingLeads').select('id').where('email', '=', email).executeTakeFirst();
    if (exists) continue;
    const linkedinUrl = l.linkedin
      ? `https://www.linkedin.com/in/${l.firstName}-${l.lastName}-demo`.toLowerCase()
      : null;
    const fields = { title: l.title, email, phone: l.phone, state: l.state, companyName: l.companyName, linkedinUrl };
    await db
      .insertInto('marketingLeads')
      .values({
        ...fields,
        firstName: l.firstName,
        lastName: l.lastName,
        fullName: `${l.firstName} ${l.lastName}`,
        city: l.city,
        leadType: l.leadType,
        leadScore: leadScore(fields, {
          keywords: ['chief pilot', 'aircraft owner', 'A&P mechanic', 'director of maintenance'],
          states: [],
        }),
        source: 'demo',
        externalId: null,
        searchId: null,
      })
      .execute();
  }
}
