import { Banknote, CheckCircle2, Hourglass, TrendingUp } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { labelOf } from '../../../contract/options.ts';
import { MARKETPLACE_SERVICE_TYPES } from '../../../contract/marketplace.ts';
import type { Appointment } from '../../../contract/appointments.ts';
import { formatCurrency, formatDate } from '../../../lib/format.ts';
import { formatDay } from '../../../lib/format.ts';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { StatusBadge } from '../../marketplace/ui/StatusBadge.tsx';
import { computeEarnings, monthLabel } from '../../marketplace/appointments/earnings.ts';
import type { MechanicSummary } from '../../../contract/dashboard-summary.ts';

/**
 * Earned (completed jobs, by month), and what accepted jobs still to finish are worth: the sums
 * from the server, over every job (ADR 0203); the jobs listed are those the appointments list loaded.
 */
export default function EarningsTab({
  appointments,
  summary,
}: {
  appointments: Appointment[];
  summary: MechanicSummary | undefined;
}) {
  const e = computeEarnings(appointments);
  const sums = summary?.earnings;
  const money = (n: number | undefined) => (n === undefined ? null : formatCurrency(n));
  const byMonth = (sums?.byMonth ?? []).map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <div className="space-y-6">
      <section aria-label="Earnings summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Total Earned"
          value={money(sums?.earned)}
          Icon={Banknote}
          tone="text-success"
          note="Billed for completed jobs, before the platform fee"
        />
        <StatCard label="Pending (accepted jobs)" value={money(sums?.pending)} Icon={Hourglass} tone="text-warning" />
        <StatCard label="Jobs Completed" value={sums?.completedJobs ?? null} Icon={CheckCircle2} />
        <StatCard label="Average per Job" value={money(sums?.averagePerJob)} Icon={TrendingUp} tone="text-brand" />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Totals by Month</CardTitle>
          </CardHeader>
          <CardContent>
            {!sums ? (
              <p className="text-sm text-muted-foreground" role="status">
                Loading…
              </p>
            ) : byMonth.length === 0 ? (
              <p className="text-sm text-muted-foreground">No completed jobs yet.</p>
            ) : (
              <table className="w-full text-sm">
                <caption className="sr-only">Earnings by month of completion</caption>
                <thead>
                  <tr className="border-b border-border text-left text-muted-foreground">
                    <th scope="col" className="py-2 font-medium">
                      Month
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Jobs
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Earned
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {byMonth.map((m) => (
                    <tr key={m.month} className="border-b border-border last:border-0">
                      <th scope="row" className="py-2 text-left font-medium">
                        {m.label}
                      </th>
                      <td className="py-2 text-right tabular-nums">{m.jobs}</td>
                      <td className="py-2 text-right font-semibold tabular-nums">{formatCurrency(m.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Pending Payments</CardTitle>
          </CardHeader>
          <CardContent>
            {e.pendingJobs.length === 0 ? (
              <p className="text-sm text-muted-foreground">No accepted jobs waiting to be completed.</p>
            ) : (
              <ul className="divide-y divide-border">
                {e.pendingJobs.map((a) => (
                  <li key={a.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="block font-medium">
                        {labelOf(MARKETPLACE_SERVICE_TYPES, a.serviceType)} · {a.aircraftTailNumber}
                      </span>
                      <span className="block text-muted-foreground">
                        {formatDay(a.scheduledDate)} · {a.customerName}
                      </span>
                    </span>
                    <span className="flex items-center gap-2">
                      <StatusBadge status={a.status} />
                      <span className="font-semibold tabular-nums">
                        {a.figures ? `${a.figures.current.label}: ` : ''}
                        {formatCurrency(a.totalCost)}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Completed Jobs</CardTitle>
        </CardHeader>
        <CardContent>
          {e.completed.length === 0 ? (
            <p className="text-sm text-muted-foreground">Completed jobs and what they paid will be listed here.</p>
          ) : (
            <ul className="divide-y divide-border">
              {e.completed.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span>
                    <span className="block font-medium">
                      {labelOf(MARKETPLACE_SERVICE_TYPES, a.serviceType)} · {a.aircraftMake} {a.aircraftModel} (
                      {a.aircraftTailNumber})
                    </span>
                    <span className="block text-muted-foreground">
                      {a.customerName} · completed {formatDate(a.completedAt)}
                    </span>
                  </span>
                  <span className="text-right">
                    <span className="block font-semibold tabular-nums">
                      {a.figures ? `${a.figures.current.label}: ` : ''}
                      {formatCurrency(a.totalCost)}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      labor {formatCurrency(a.laborCost)} · parts {formatCurrency(a.partsCost)}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
