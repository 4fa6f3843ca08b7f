import { sql } from 'kysely';
import { DUE_SOON, type DueSoon, type DueSoonRow, type DueSoonVerdict } from '../../contract/maintenance.ts';
import type { Db } from '../../server/db/client.ts';
import { byUrgency, maintenanceView, type AircraftRow } from './maintenance.server.ts';

/** Due lists worked out at once: each is a handful of reads, and a fleet should not take the pool. */
const VIEWS_AT_ONCE = 4;

/**
 * GET /api/maintenance/due-soon: the Overview's Due Soon card across every aircraft of the owner
 * (up to `DUE_SOON.aircraftRead`, most recently added first), each aircraft's due list worked out
 * as its own screen does (`maintenanceView`: its airport's day, its hours forecast, deferred lines).
 */
export async function dueSoon(db: Db, ownerId: string): Promise<DueSoon> {
  const planes: AircraftRow[] = await db
    .selectFrom('aircraft')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(DUE_SOON.aircraftRead)
    .execute();
  const aircraftTotal =
    planes.length < DUE_SOON.aircraftRead
      ? planes.length
      : Number(
          (
            await db
              .selectFrom('aircraft')
              .select(sql<string>`count(*)`.as('n'))
              .where('ownerId', '=', ownerId)
              .executeTakeFirstOrThrow()
          ).n,
        );

  const rows: DueSoonRow[] = [];
  const verdicts: DueSoonVerdict[] = [];
  for (let i = 0; i < planes.length; i += VIEWS_AT_ONCE) {
    const views = await Promise.all(planes.slice(i, i + VIEWS_AT_ONCE).map((plane) => maintenanceView(db, plane)));
    for (const v of views) {
      for (const item of v.items)
        if (item.status !== 'ok') rows.push({ ...item, aircraftId: v.aircraftId, tailNumber: v.tailNumber });
      // An aircraft not airworthy (a deferred item, a grounding squawk) or not known to be is never
      // summed up as "nothing due"; one that flies with limits says them.
      if (v.verdict !== 'airworthy' || v.limits.length > 0)
        verdicts.push({
          aircraftId: v.aircraftId,
          tailNumber: v.tailNumber,
          verdict: v.verdict,
          reasons: v.reasons,
          limits: v.limits,
        });
    }
  }
  rows.sort((a, b) => byUrgency(a, b) || a.tailNumber.localeCompare(b.tailNumber));
  // Not airworthy first, then not known, then with limits.
  const rank = { not_airworthy: 0, unknown: 1, airworthy: 2 } as const;
  verdicts.sort((a, b) => rank[a.verdict] - rank[b.verdict] || a.tailNumber.localeCompare(b.tailNumber));
  return {
    rows: rows.slice(0, DUE_SOON.shown),
    moreRows: Math.max(0, rows.length - DUE_SOON.shown),
    verdicts: verdicts.slice(0, DUE_SOON.shown),
    moreVerdicts: Math.max(0, verdicts.length - DUE_SOON.shown),
    aircraftRead: planes.length,
    aircraftTotal,
  };
}
