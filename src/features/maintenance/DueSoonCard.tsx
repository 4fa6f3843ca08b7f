import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { verdictLabel, type MaintenanceItem, type MaintenanceView } from '../../contract/maintenance.ts';
import type { Aircraft } from '../../contract/marketplace.ts';
import { ROUTES } from '../../contract/routes/maintenance.ts';
import { call } from '../../lib/api-client.ts';
import { setRouteData, useQuery } from '../../lib/use-query.ts';
import { ItemStatusBadge } from './ui-bits.tsx';
import { citeBeside, dueText } from './due-words.ts';

type Row = MaintenanceItem & { tailNumber: string };

/** Overview: what is due soon or overdue across the pilot's aircraft. */
export default function DueSoonCard({ aircraft, onOpen }: { aircraft: Aircraft[]; onOpen: () => void }) {
  const ids = aircraft.map((a) => a.id);
  const due = useQuery<{
    rows: Row[];
    verdicts: Array<Pick<MaintenanceView, 'tailNumber' | 'verdict' | 'reasons' | 'limits'>>;
  }>(`due-soon-verdicts:${ids.join(',')}`, async (signal) => {
    const views = await Promise.all(ids.map((id) => call(ROUTES.maintenance, { params: { id }, signal })));
    // Each aircraft's due list is in the cache too: My Aircraft shows it at once.
    for (const view of views) setRouteData(ROUTES.maintenance, { params: { id: view.aircraftId } }, view);
    const rows = views.flatMap((v) =>
      v.items.filter((i) => i.status !== 'ok').map((i) => ({ ...i, tailNumber: v.tailNumber })),
    );
    // The verdict too: an aircraft not airworthy (a deferred item, a grounding squawk) or not known
    // to be is never summed up as "nothing due".
    const verdicts = views
      .filter((v) => v.verdict !== 'airworthy' || (v.limits ?? []).length > 0)
      .map((v) => ({ tailNumber: v.tailNumber, verdict: v.verdict, reasons: v.reasons, limits: v.limits ?? [] }));
    return { rows: rows.sort((a, b) => (a.status === b.status ? 0 : a.status === 'overdue' ? -1 : 1)), verdicts };
  });
  const rows = due.data?.rows ?? null;
  const verdicts = due.data?.verdicts ?? [];
  const failed = due.state.status === 'error';

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Due Soon</CardTitle>
        {aircraft.length > 0 && (
          <Button variant="link" size="sm" onClick={onOpen}>
            My Aircraft
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {failed ? (
          <p className="text-sm text-muted-foreground">Could not load what is due.</p>
        ) : rows === null ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : rows.length === 0 && verdicts.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing due soon or overdue.</p>
        ) : (
          <ul className="divide-y divide-border">
            {verdicts.map((v) => (
              <li key={`verdict-${v.tailNumber}`} className="py-3">
                <p className={v.verdict === 'not_airworthy' ? 'font-medium text-destructive' : 'font-medium'}>
                  {v.tailNumber} · {verdictLabel(v.verdict, v.limits)}
                </p>
                <p className="text-sm text-muted-foreground">
                  {[...(v.verdict === 'airworthy' ? [] : v.reasons), ...v.limits].map((r) => r.text).join('; ')}
                </p>
              </li>
            ))}
            {rows.map((r) => (
              <li key={r.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium">
                    {r.tailNumber} · {r.title}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {dueText(r)} · {citeBeside(r.title, r.cite)}
                  </p>
                </div>
                <ItemStatusBadge status={r.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
