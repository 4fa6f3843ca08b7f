import { workDone, type CoverageLine, type WorkDone } from '../../contract/line-coverage.ts';
import type { Db } from '../../server/db/client.ts';
import { titleOf } from './rules.ts';
import { dayInZone } from '../marketplace/geo/airport-day.ts';

/** A job's lines (the quote's and its change orders') as the coverage rules read them. */
export async function jobLines(db: Db, bidId: string): Promise<CoverageLine[]> {
  const rows = await db
    .selectFrom('bidLines')
    .select(['id', 'description', 'category', 'decision', 'dueItemId', 'squawkId', 'decidedAt', 'changeOrderId'])
    .where('bidId', '=', bidId)
    .orderBy('changeOrderId', 'desc')
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    category: r.category,
    decision: r.decision,
    dueItemId: r.dueItemId,
    squawkId: r.squawkId,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    changeOrder: r.changeOrderId !== null,
  }));
}

/** The due items and squawks a request was made for, still open on it. */
export async function openLinks(db: Db, serviceRequestId: string) {
  const [items, squawks] = await Promise.all([
    db
      .selectFrom('maintenanceRequestLinks as l')
      .innerJoin('maintenanceItems as i', 'i.id', 'l.itemId')
      .select(['i.id', 'i.kind', 'i.title', 'i.adNumber'])
      .where('l.serviceRequestId', '=', serviceRequestId)
      .where('l.completedAt', 'is', null)
      .execute(),
    db
      .selectFrom('maintenanceRequestLinks as l')
      .innerJoin('squawks as s', 's.id', 'l.squawkId')
      .select(['s.id', 's.title'])
      .where('l.serviceRequestId', '=', serviceRequestId)
      .where('l.completedAt', 'is', null)
      .execute(),
  ]);
  return {
    items: items.map((i) => ({
      id: i.id,
      kind: i.kind,
      title: titleOf(i.kind, i.title, i.adNumber),
      adNumber: i.adNumber,
    })),
    squawks,
  };
}

/**
 * What a finished job did of what its request was made for: only items and squawks an approved
 * line answers, none the owner deferred or declined (docs/decisions/0160-what-a-job-completes.md).
 * Signing the entry completes exactly these.
 */
export async function jobWorkDone(
  db: Db,
  appointment: { bidId: string; serviceRequestId: string },
  timeZone?: string,
): Promise<WorkDone> {
  const [lines, links] = await Promise.all([
    jobLines(db, appointment.bidId),
    openLinks(db, appointment.serviceRequestId),
  ]);
  return workDone(lines, links.items, links.squawks, timeZone ? (instant) => dayInZone(timeZone, instant) : undefined);
}
