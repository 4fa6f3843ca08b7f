import { sql } from 'kysely';
import { AOG, aogSymptomLabel, type AogSymptom } from '../../contract/aog.ts';
import { BUSINESS } from '../../contract/business.ts';
import type { Db } from '../../server/db/client.ts';
import { siteUrl } from '../../server/site-url.server.ts';
import { inQuietHours } from '../conversations/quiet-hours.ts';
import { credentialsFor } from '../integrations/api-keys.server.ts';
import { dashboardLink } from '../marketplace/links.ts';
import { queueNotificationEmail } from '../marketplace/notification-digest.server.ts';
import { enqueueEmail, enqueueSms, toE164 } from '../messaging/outbox.server.ts';
import { mechanicsInReach } from './reach.server.ts';

/** The columns of a report that dispatch reads. */
export interface AogForDispatch {
  id: string;
  aircraftTailNumber: string;
  aircraftMake: string;
  aircraftModel: string;
  airportLabel: string;
  locationOnField: string;
  symptoms: readonly AogSymptom[];
  canFlyOut: boolean;
  latitude: number;
  longitude: number;
}

export interface Reached {
  mechanicId: string;
  distanceMiles: number;
  urgent: boolean;
  email: string;
  firstName: string;
  phone: string | null;
  emailNotifications: boolean;
  timeZone: string | null;
}

export const AOG_LINK_SECTION = 'aog';

function callText(aog: AogForDispatch, distanceMiles: number): string {
  const symptoms = aog.symptoms.map(aogSymptomLabel).join(', ');
  return `${aog.aircraftTailNumber} (${aog.aircraftMake} ${aog.aircraftModel}) is on ground at ${aog.airportLabel}, ${aog.locationOnField}, ${distanceMiles} mi from your base: ${symptoms}. ${aog.canFlyOut ? 'It can fly out.' : 'It cannot fly out.'}`;
}

/**
 * Asks the mechanics a call reaches at `radiusMiles` who were not asked before, nearest first, at
 * most AOG.notifyPerStep: each gets the bell notification; those "available for AOG calls" also an
 * email and a text at once, at any hour; the others an email gathered with their other notices
 * (ADR 0183), and none during their quiet hours (ADR 0221). "Once" is the primary key of
 * aog_notified. Runs in the caller's transaction; the outbox sends after it commits.
 */
export async function askMechanics(
  db: Db,
  aog: AogForDispatch,
  step: number,
  radiusMiles: number,
  now = new Date(),
): Promise<Reached[]> {
  const { rows } = await sql<Reached>`
    with reach as (${mechanicsInReach(aog, radiusMiles)}),
    fresh as (
      select r.user_id, r.distance from reach r
      where not exists (select 1 from aog_notified n where n.aog_id = ${aog.id}::uuid and n.mechanic_id = r.user_id)
      order by r.distance, r.rating desc, r.completed_jobs desc, r.user_id
      limit ${AOG.notifyPerStep}
    ), saved as (
      insert into aog_notified (aog_id, mechanic_id, step, distance_miles, urgent)
      select ${aog.id}::uuid, f.user_id, ${step}, f.distance, coalesce(s.available, false)
      from fresh f left join aog_mechanic_settings s on s.mechanic_id = f.user_id
      on conflict do nothing
      returning mechanic_id, distance_miles, urgent
    )
    select saved.mechanic_id as "mechanicId", saved.distance_miles as "distanceMiles", saved.urgent,
           u.email, u.first_name as "firstName", u.phone, u.email_notifications as "emailNotifications", ms.time_zone as "timeZone"
    from saved join users u on u.id = saved.mechanic_id
    left join message_settings ms on ms.user_id = saved.mechanic_id
    order by saved.distance_miles, saved.mechanic_id`.execute(db);
  if (rows.length === 0) return rows;

  const title = 'Aircraft on ground nearby';
  await db
    .insertInto('notifications')
    .values(
      rows.map((r) => ({
        userId: r.mechanicId,
        type: 'aog.call',
        title,
        message: `${callText(aog, r.distanceMiles)} Offer an arrival time in AOG calls.`,
        link: AOG_LINK_SECTION,
        readAt: null,
      })),
    )
    .execute();

  const link = siteUrl(dashboardLink(AOG_LINK_SECTION, aog.id));
  const texting = rows.some((r) => r.urgent && toE164(r.phone)) ? Boolean(await credentialsFor(db, 'twilio')) : false;
  for (const r of rows) {
    const body = `${callText(aog, r.distanceMiles)}\nOffer an arrival time and a call-out fee: ${link}`;
    if (r.urgent) {
      // They said "available for AOG calls": now, whatever the hour, not joined with other notices.
      await enqueueEmail(db, {
        kind: 'aog.call',
        to: r.email,
        subject: `AOG ${aog.aircraftTailNumber} at ${aog.airportLabel} - ${BUSINESS.name}`,
        text: [
          `Hi ${r.firstName},`,
          '',
          body,
          '',
          'You get these at any hour because you are available for AOG calls (Profile tab).',
        ].join('\n'),
        validWhile: { rule: 'aog_call_open', aboutId: aog.id },
      });
      const phone = toE164(r.phone);
      if (phone && texting)
        await enqueueSms(db, {
          kind: 'aog.call',
          to: phone,
          text: `${BUSINESS.name} AOG: ${aog.aircraftTailNumber} at ${aog.airportLabel}, ${r.distanceMiles} mi. ${aog.symptoms.map(aogSymptomLabel).join(', ')}. Offer: ${link}`,
        });
    } else if (r.emailNotifications && !inQuietHours(now, r.timeZone)) {
      await queueNotificationEmail(db, r, {
        type: 'aog.call',
        title,
        message: body,
        validWhile: { rule: 'aog_call_open', aboutId: aog.id },
      });
    }
  }
  return rows;
}
