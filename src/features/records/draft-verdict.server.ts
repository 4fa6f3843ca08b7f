import { lineNamesItem, type CoverageLine } from '../../contract/line-coverage.ts';
import type { Db } from '../../server/db/client.ts';
import { maintenanceView } from '../maintenance/maintenance.server.ts';
import { verdict } from '../maintenance/rules.ts';

/**
 * Whether what the owner deferred or declined leaves the aircraft airworthy, by the due list's own
 * rule (docs/decisions/0270-one-airworthiness-rule.md): a refused line that answers a due item is
 * judged by that item (an overdue transponder limits, an overdue AD grounds), one that answers none
 * and was filed as airworthiness work is a discrepancy that grounds. The entry's 43.11 statement and
 * the due list's banner can then never disagree about the same deferral.
 */
export async function refusedLeaveAirworthy(
  db: Db,
  aircraftId: string | null,
  refused: readonly CoverageLine[],
): Promise<boolean> {
  const aircraft = aircraftId
    ? await db.selectFrom('aircraft').selectAll().where('id', '=', aircraftId).executeTakeFirst()
    : undefined;
  const view = aircraft ? await maintenanceView(db, aircraft) : null;
  const answered = (view?.items ?? []).filter((i) => refused.some((l) => lineNamesItem(l, i)));
  const lines = refused.map((l) => ({
    description: l.description,
    category: l.category ?? 'discretionary',
    dueItemId: l.dueItemId,
    squawkId: l.squawkId,
  }));
  return verdict(view?.usage ?? 'private', answered, [], view?.currentHours ?? null, lines).airworthy;
}
