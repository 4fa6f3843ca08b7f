import { Bell, CalendarClock, ClipboardList, FileUp, Plane, Plus, Wrench } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { labelOf } from '../../../contract/options.ts';
import { type Aircraft, MARKETPLACE, MARKETPLACE_SERVICE_TYPES } from '../../../contract/marketplace.ts';
import type { Appointment } from '../../../contract/appointments.ts';
import type { ServiceRequest } from '../../../contract/service-requests.ts';
import { formatDate } from '../../../lib/format.ts';
import DueSoonCard from '../../maintenance/DueSoonCard.tsx';
import { InProgressCard } from '../../marketplace/appointments/InProgressCard.tsx';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { StatusBadge } from '../../marketplace/ui/StatusBadge.tsx';
import { formatTime } from '../../marketplace/requests/pilot-views.ts';
import { formatDay } from '../../../lib/format.ts';
import type { OwnerSummary } from '../../../contract/dashboard-summary.ts';

export interface PilotOverviewProps {
  aircraft: Aircraft[];
  requests: ServiceRequest[];
  appointments: Appointment[];
  unread: number;
  /** The counters, counted by the server (the lists hold a page: ADR 0203). */
  summary: OwnerSummary | undefined;
  onRequestService: () => void;
  onAddAircraft: () => void;
  onUploadDocuments: () => void;
  onShow: (tab: 'requests' | 'appointments' | 'aircraft') => void;
}

/** Four counters, the quick actions, the 3 latest requests and the 3 next appointments. */
export default function OverviewTab({
  aircraft,
  requests,
  appointments,
  unread,
  summary,
  onRequestService,
  onAddAircraft,
  onUploadDocuments,
  onShow,
}: PilotOverviewProps) {
  const recent = requests.slice(0, MARKETPLACE.overviewItems);
  // The next appointments from the server: the list's first page may hold none (ADR 0287).
  const upcoming = summary?.upcoming;
  return (
    <div className="space-y-6">
      <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Active Requests" value={summary?.activeRequests ?? null} Icon={ClipboardList} />
        <StatCard label="My Aircraft" value={summary?.aircraft ?? null} Icon={Plane} tone="text-brand" />
        <StatCard
          label="Upcoming Appointments"
          value={summary?.upcomingAppointments ?? null}
          Icon={CalendarClock}
          tone="text-success"
        />
        <StatCard
          label="Unread Notifications"
          value={unread < MARKETPLACE.notificationsMaxLimit ? unread : (summary?.unreadNotifications ?? unread)}
          Icon={Bell}
          tone="text-warning"
        />
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Quick Actions</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-3">
          <Button onClick={onRequestService}>
            <Wrench className="h-4 w-4" aria-hidden="true" />
            Request Service
          </Button>
          <Button variant="outline" onClick={onAddAircraft}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Aircraft
          </Button>
          <Button variant="outline" onClick={onUploadDocuments}>
            <FileUp className="h-4 w-4" aria-hidden="true" />
            Upload Documents
          </Button>
        </CardContent>
      </Card>

      <InProgressCard appointments={appointments} onOpen={() => onShow('appointments')} />

      {aircraft.length > 0 && <DueSoonCard aircraft={aircraft} onOpen={() => onShow('aircraft')} />}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>Recent Service Requests</CardTitle>
            {requests.length > 0 && (
              <Button variant="link" size="sm" onClick={() => onShow('requests')}>
                View all
              </Button>
            )}
          </CardHeader>
          <CardContent>
            {recent.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No service requests yet. Request a service to get quotes from certified mechanics.
              </p>
            ) : (
              <ul className="divide-y divide-border">
                {recent.map((r) => (
                  <li key={r.id} className="flex items-start justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="font-medium">{labelOf(MARKETPLACE_SERVICE_TYPES, r.serviceType)}</p>
                      <p className="text-sm text-muted-foreground">
                        {r.aircraftTailNumber} · {r.aircraftMake} {r.aircraftModel} · {r.serviceLocation}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        Requested {formatDate(r.createdAt)} · {r.quotes.length}{' '}
                        {r.quotes.length === 1 ? 'quote' : 'quotes'}
                      </p>
                    </div>
                    <StatusBadge status={r.status} audience="owner" />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>Upcoming Appointments</CardTitle>
            {appointments.length > 0 && (
              <Button variant="link" size="sm" onClick={() => onShow('appointments')}>
                View all
              </Button>
            )}
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
                      <p className="font-medium">
                        {formatDay(a.scheduledDate)} at {formatTime(a.scheduledTime)}
                      </p>
                      <p className="text-sm text-muted-foreground">
                        {labelOf(MARKETPLACE_SERVICE_TYPES, a.serviceType)} · {a.aircraftTailNumber} ·{' '}
                        {a.serviceLocation}
                      </p>
                      <p className="text-xs text-muted-foreground">with {a.withName}</p>
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
