import { Briefcase, CheckCircle2, Inbox, Star } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { labelOf } from '../../../contract/options.ts';
import { MARKETPLACE, MARKETPLACE_SERVICE_TYPES } from '../../../contract/marketplace.ts';
import type { MechanicProfile } from '../../../contract/mechanic-profiles.ts';
import type { ServiceRequest } from '../../../contract/service-requests.ts';
import type { MechanicSummary } from '../../../contract/dashboard-summary.ts';
import { formatTime } from '../../marketplace/requests/pilot-views.ts';
import { formatDay } from '../../../lib/format.ts';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { StatusBadge } from '../../marketplace/ui/StatusBadge.tsx';

/** Spec: Available Requests, Active Jobs, Rating, Completed Jobs; recent requests and upcoming appointments. */
export default function OverviewTab({
  requests,
  profile,
  summary,
}: {
  requests: ServiceRequest[];
  profile: MechanicProfile | null;
  summary: MechanicSummary | undefined;
}) {
  // Counted by the server: the lists hold a page, not every request and job (ADR 0203).
  const available = summary?.availableRequests ?? null;
  const active = summary?.activeJobs ?? null;
  // The next jobs from the server: the appointments list's first page may hold none (ADR 0287).
  const upcoming = summary?.upcoming;
  return (
    <div className="space-y-6">
      <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Available Requests" value={available} Icon={Inbox} />
        <StatCard label="Active Jobs" value={active} Icon={Briefcase} tone="text-brand" />
        <StatCard
          label="Rating"
          value={profile && profile.ratingCount > 0 ? profile.rating.toFixed(1) : MARKETPLACE.newMechanicLabel}
          Icon={Star}
          tone="text-warning"
        />
        <StatCard
          label="Completed Jobs"
          value={profile?.completedJobs ?? MARKETPLACE.completedJobs}
          Icon={CheckCircle2}
          tone="text-success"
        />
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Recent Service Requests</CardTitle>
          </CardHeader>
          <CardContent>
            {requests.length === 0 ? (
              <p className="text-sm text-muted-foreground">No service requests available</p>
            ) : (
              <ul className="divide-y divide-border">
                {requests.slice(0, MARKETPLACE.overviewItems).map((r) => (
                  <li key={r.id} className="flex items-start justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="font-medium">{labelOf(MARKETPLACE_SERVICE_TYPES, r.serviceType)}</p>
                      <p className="text-sm text-muted-foreground">
                        {r.aircraftMake} {r.aircraftModel}
                      </p>
                      <p className="text-sm text-muted-foreground">{r.serviceLocation}</p>
                    </div>
                    <StatusBadge status={r.status} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Upcoming Appointments</CardTitle>
          </CardHeader>
          <CardContent>
            {upcoming === undefined ? (
              <p className="text-sm text-muted-foreground" aria-busy="true">
                Loading upcoming appointments…
              </p>
            ) : upcoming.length === 0 ? (
              <p className="text-sm text-muted-foreground">No upcoming appointments</p>
            ) : (
              <ul className="divide-y divide-border">
                {upcoming.map((a) => (
                  <li key={a.id} className="flex items-start justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="font-medium">{formatDay(a.scheduledDate)}</p>
                      <p className="text-sm text-muted-foreground">{formatTime(a.scheduledTime)}</p>
                      <p className="text-sm text-muted-foreground">{a.serviceLocation}</p>
                    </div>
                    <StatusBadge status={a.status} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
