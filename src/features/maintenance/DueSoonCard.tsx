import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { verdictLabel } from '../../contract/maintenance.ts';
import type { Aircraft } from '../../contract/marketplace.ts';
import { ROUTES } from '../../contract/routes/maintenance.ts';
import { useRoute } from '../../lib/use-query.ts';
import { ItemStatusBadge } from './ui-bits.tsx';
import { citeBeside, dueText } from './due-words.ts';

/**
 * Overview: what is due soon or overdue across all the owner's aircraft, and every aircraft not
 * known to be airworthy, as the server works it out (GET /api/maintenance/due-soon): not only the
 * aircraft on the first page of My Aircraft.
 */
export default function DueSoonCard({ aircraft, onOpen }: { aircraft: Aircraft[]; onOpen: () => void }) {
  const due = useRoute(ROUTES.maintenanceDueSoon);
  const data = due.data;
  const failed = due.state.status === 'error';
  // What the card leaves out, said by kind: aircraft to look at, and items due.
  const more = data
    ? [
        data.moreVerdicts > 0 && `${data.moreVerdicts} more aircraft to look at`,
        data.moreRows > 0 && `${data.moreRows} more item${data.moreRows === 1 ? '' : 's'} due`,
      ].filter(Boolean)
    : [];

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
        ) : !data ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : data.rows.length === 0 && data.verdicts.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing due soon or overdue.</p>
        ) : (
          <ul className="divide-y divide-border">
            {data.verdicts.map((v) => (
              <li key={`verdict-${v.aircraftId}`} className="py-3">
                <p className={v.verdict === 'not_airworthy' ? 'font-medium text-destructive' : 'font-medium'}>
                  {v.tailNumber} · {verdictLabel(v.verdict, v.limits)}
                </p>
                <p className="text-sm text-muted-foreground">
                  {[...(v.verdict === 'airworthy' ? [] : v.reasons), ...v.limits].map((r) => r.text).join('; ')}
                </p>
              </li>
            ))}
            {data.rows.map((r) => (
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
        {more.length > 0 && (
          <p className="mt-2 text-sm text-muted-foreground">And {more.join(' and ')}, in My Aircraft.</p>
        )}
        {data && data.aircraftRead < data.aircraftTotal && (
          <p className="mt-2 text-sm text-muted-foreground">
            Checked the {data.aircraftRead} aircraft added most recently of your {data.aircraftTotal}.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
