import { sql } from 'kysely';
import { AOG, AOG_MAX_STEP, AOG_UNANSWERED } from '../../contract/aog.ts';
import { AOG_MACHINE } from '../../contract/aog-machine.ts';
import { BUSINESS } from '../../contract/business.ts';
import { fromStates, targetOf } from '../../contract/machines.ts';
import type { Db } from '../../server/db/client.ts';
import { siteUrl } from '../../server/site-url.server.ts';
import { businessNotificationEmail, enqueueEmail } from '../messaging/outbox.server.ts';
import { AOG_LINK_SECTION, askMechanics } from './dispatch.server.ts';
import { notify } from '../marketplace/notifications.server.ts';

export interface EscalationReport {
  escalated: number;
  notified: number;
}

/** Calls widened in one run at most; the rest wait for the next minute. */
const BATCH = 100;

/**
 * The scheduled run (every minute, netlify/functions/aog-escalation.ts): an open call nobody has
 * offered on widens its radius each 10 minutes of its age, up to 3 steps, and asks the mechanics
 * the wider radius adds (never one asked before). Each step is claimed with a conditional update
 * of the step, so two overlapping runs never widen or notify twice. At the last step the business
 * is emailed to phone-dispatch from the console. `now` is the clock; tests pass their own.
 */
export async function escalateDueAogs(db: Db, now = new Date()): Promise<EscalationReport> {
  const report: EscalationReport = { escalated: 0, notified: 0 };
  const due = await db
    .selectFrom('aogReports as a')
    .select(['a.id', 'a.step'])
    .where('a.status', 'in', fromStates(AOG_MACHINE, 'escalate'))
    .where('a.step', '<', AOG_MAX_STEP)
    .where(
      sql<boolean>`a.created_at <= ${now}::timestamptz - make_interval(mins => (a.step + 1) * ${AOG.escalateEveryMinutes})`,
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom('aogOffers as o').select('o.id').whereRef('o.aogId', '=', 'a.id'))))
    .orderBy('a.createdAt')
    .limit(BATCH)
    .execute();
  for (const call of due) {
    await db.transaction().execute(async (trx) => {
      const step = call.step + 1;
      const radiusMiles = AOG.radiusStepsMiles[step]!;
      const claimed = await trx
        .updateTable('aogReports')
        .set({ step, radiusMiles, updatedAt: now })
        .where('id', '=', call.id)
        .where('step', '=', call.step)
        .where('status', 'in', fromStates(AOG_MACHINE, 'escalate'))
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return;
      const asked = await askMechanics(trx, claimed, step, radiusMiles, now);
      await trx
        .insertInto('aogEvents')
        .values({
          aogId: claimed.id,
          status: targetOf(AOG_MACHINE, 'escalate'),
          note: `No offer yet: the radius widened to ${radiusMiles} mi, ${asked.length} more ${asked.length === 1 ? 'mechanic' : 'mechanics'} asked.`,
          byUserId: null,
        })
        .execute();
      if (step === AOG_MAX_STEP) {
        // The owner hears it too, not only the business: who is doing what, and on which phone.
        await notify(trx, [claimed.ownerId], {
          type: 'aog.unanswered',
          title: AOG_UNANSWERED.title,
          message: AOG_UNANSWERED.message(claimed.aircraftTailNumber, claimed.callbackPhone),
          link: AOG_LINK_SECTION,
          itemId: claimed.id,
        });
        await enqueueEmail(trx, {
          kind: 'aog.escalated',
          to: await businessNotificationEmail(trx),
          subject: `AOG without a mechanic for ${step * AOG.escalateEveryMinutes} minutes: ${claimed.aircraftTailNumber} at ${claimed.airport} - ${BUSINESS.name}`,
          text: [
            `${claimed.aircraftTailNumber} (${claimed.aircraftMake} ${claimed.aircraftModel}) has been on ground at ${claimed.airportLabel} for ${step * AOG.escalateEveryMinutes} minutes without an offer, at the widest radius (${radiusMiles} mi).`,
            `Owner's callback phone: ${claimed.callbackPhone}.`,
            '',
            `Phone a mechanic and assign them in the console's AOG tab: ${siteUrl('/admin')}`,
          ].join('\n'),
        });
      }
      report.escalated += 1;
      report.notified += asked.length;
    });
  }
  return report;
}
