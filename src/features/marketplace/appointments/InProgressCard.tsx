import { Wrench } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { labelOf } from '../../../contract/options.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../../contract/marketplace.ts';
import type { Appointment } from '../../../contract/appointments.ts';

/**
 * Overview: the jobs running now and whether a change order waits for the owner. The counters keep
 * the spec's meaning (active requests: pending, matched, quoted; upcoming: scheduled, confirmed),
 * so a job under way is shown here rather than nowhere.
 */
export function InProgressCard({ appointments, onOpen }: { appointments: Appointment[]; onOpen: () => void }) {
  const running = appointments.filter((a) => a.status === 'in_progress');
  if (running.length === 0) return null;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Work in progress</CardTitle>
        <Button variant="link" size="sm" onClick={onOpen}>
          Appointments
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {running.map((a) => (
            <li key={a.id} className="flex items-start gap-3 py-3">
              <Wrench className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
              <div className="min-w-0">
                <p className="font-medium">
                  {a.aircraftTailNumber} · {labelOf(MARKETPLACE_SERVICE_TYPES, a.serviceType)} with {a.mechanicName}
                </p>
                {(a.pendingChangeOrders ?? 0) > 0 ? (
                  <p className="text-sm font-medium text-warning">
                    {a.pendingChangeOrders === 1
                      ? 'A change order waits'
                      : `${a.pendingChangeOrders} change orders wait`}{' '}
                    for your decision
                  </p>
                ) : (
                  <p className="text-sm text-muted-foreground">The mechanic is working on it</p>
                )}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
