import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import type { Aircraft, Appointment, Notification, ServiceRequest } from '../../contract/marketplace.ts';
import { ROLE_LABELS } from '../../contract/roles.ts';
import { getWithRetry } from './ui/fetch-retry.ts';
import type { DashboardProps } from '../auth/session.ts';
import { DashboardHeader } from './ui/DashboardHeader.tsx';
import { NotificationBell } from './ui/NotificationBell.tsx';
import { EmailPreference } from './ui/EmailPreference.tsx';
import { NotificationList } from './ui/NotificationList.tsx';
import { useNotifications } from './ui/use-notifications.ts';

// Tab contents and dialogs are separate chunks: the first paint needs only the overview.
const OverviewTab = lazy(() => import('./pilot/OverviewTab.tsx'));
const RequestsTab = lazy(() => import('./pilot/RequestsTab.tsx'));
const AircraftTab = lazy(() => import('./pilot/AircraftTab.tsx'));
const AppointmentsTab = lazy(() => import('./pilot/AppointmentsTab.tsx'));
const DocumentsTab = lazy(() => import('../documents/DocumentsTab.tsx'));
const AddAircraftDialog = lazy(() => import('./pilot/AddAircraftDialog.tsx'));
const RequestServiceDialog = lazy(() => import('./pilot/RequestServiceDialog.tsx'));
const UploadDocumentDialog = lazy(() => import('../documents/UploadDocumentDialog.tsx').then((m) => ({ default: m.UploadDocumentDialog })));

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'requests', label: 'Service Requests' },
  { value: 'aircraft', label: 'My Aircraft' },
  { value: 'appointments', label: 'Appointments' },
  { value: 'documents', label: 'Documents' },
  { value: 'notifications', label: 'Notifications' },
] as const;
type Tab = (typeof TABS)[number]['value'];

interface PilotData {
  aircraft: Aircraft[];
  requests: ServiceRequest[];
  appointments: Appointment[];
}

/** The pilot/owner dashboard (spec section 2): six tabs, three dialogs, the bell. */
export default function PilotDashboard({ user, onLogout }: DashboardProps) {
  const [data, setData] = useState<PilotData | null>(null);
  const [failed, setFailed] = useState(false);
  const [tab, setTab] = useState<Tab>('overview');
  const [dialog, setDialog] = useState<{ kind: 'aircraft' } | { kind: 'request'; aircraftId: string | null } | { kind: 'upload' } | null>(null);
  const notifications = useNotifications();
  const { reload: reloadNotifications } = notifications;

  const load = useCallback(async () => {
    try {
      const [aircraft, requests, appointments] = await Promise.all([
        getWithRetry<Aircraft[]>('/aircraft'),
        getWithRetry<ServiceRequest[]>('/enhanced/quotes/user'),
        getWithRetry<Appointment[]>('/appointments'),
        reloadNotifications(),
      ]);
      setData({ aircraft, requests, appointments });
      setFailed(false);
    } catch (err) {
      console.error('Loading the dashboard failed', err);
      toast.error('Failed to load dashboard data');
      setFailed(true);
    }
  }, [reloadNotifications]);

  useEffect(() => {
    void load();
  }, [load]);

  const openLink = (n: Notification) => {
    if (n.link && TABS.some((t) => t.value === n.link)) setTab(n.link as Tab);
  };

  const bell = <NotificationBell state={notifications} onOpenItem={openLink} />;
  const header = <DashboardHeader heading={`Welcome, ${user.firstName}`} subheading="Your aircraft, service requests and appointments in one place." bell={bell} name={`${user.firstName} ${user.lastName}`} roleLabel={ROLE_LABELS[user.role]} onLogout={onLogout} />;

  if (!data) {
    return (
      <div className="min-h-screen bg-muted/40">
        {header}
        <main className="container-page py-6">
          {failed ? (
            <Alert className="flex flex-wrap items-center justify-between gap-3">
              <span>We could not load your dashboard.</span>
              <Button size="sm" variant="outline" onClick={() => { setFailed(false); void load(); }}>
                Try again
              </Button>
            </Alert>
          ) : (
            <Loading label="Loading dashboard..." />
          )}
        </main>
      </div>
    );
  }

  return (
    <div className="min-h-screen bg-muted/40">
      {header}
      <main className="container-page py-6">
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <TabsList aria-label="Dashboard sections">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
                {t.value === 'notifications' && notifications.unread > 0 && (
                  <span className="rounded-full bg-destructive px-1.5 text-xs font-bold text-white">{notifications.unread}</span>
                )}
              </TabsTrigger>
            ))}
          </TabsList>
          <Suspense fallback={<Loading />}>
            <TabsContent value="overview">
              <OverviewTab
                aircraft={data.aircraft}
                requests={data.requests}
                appointments={data.appointments}
                unread={notifications.unread}
                onRequestService={() => setDialog({ kind: 'request', aircraftId: null })}
                onAddAircraft={() => setDialog({ kind: 'aircraft' })}
                onUploadDocuments={() => setDialog({ kind: 'upload' })}
                onShow={setTab}
              />
            </TabsContent>
            <TabsContent value="requests">
              <RequestsTab requests={data.requests} onChanged={load} onRequestService={() => setDialog({ kind: 'request', aircraftId: null })} />
            </TabsContent>
            <TabsContent value="aircraft">
              <AircraftTab aircraft={data.aircraft} onAdd={() => setDialog({ kind: 'aircraft' })} onRequestFor={(id) => setDialog({ kind: 'request', aircraftId: id })} />
            </TabsContent>
            <TabsContent value="appointments">
              <AppointmentsTab appointments={data.appointments} onChanged={load} />
            </TabsContent>
            <TabsContent value="documents">
              <DocumentsTab aircraft={data.aircraft} />
            </TabsContent>
            <TabsContent value="notifications">
              <section aria-labelledby="notifications-heading" className="space-y-3">
                <h2 id="notifications-heading" className="text-xl font-semibold">
                  Notifications
                </h2>
                <NotificationList
                  items={notifications.items}
                  unread={notifications.unread}
                  onRead={(n) => {
                    if (!n.isRead) notifications.markRead(n.id).catch((e) => console.warn('Could not mark the notification read', e));
                  }}
                  onReadAll={() => notifications.markAllRead().catch((e) => console.warn('Could not mark notifications read', e))}
                />
                <EmailPreference />
              </section>
            </TabsContent>
          </Suspense>
        </Tabs>
      </main>

      <Suspense fallback={null}>
        {dialog?.kind === 'aircraft' && (
          <AddAircraftDialog
            open
            onOpenChange={(open) => !open && setDialog(null)}
            onAdded={(a) => setData((d) => (d ? { ...d, aircraft: [a, ...d.aircraft] } : d))}
          />
        )}
        {dialog?.kind === 'request' && (
          <RequestServiceDialog
            open
            onOpenChange={(open) => !open && setDialog(null)}
            aircraft={data.aircraft}
            initialAircraftId={dialog.aircraftId}
            onCreated={() => {
              setTab('requests');
              void load();
            }}
          />
        )}
        {dialog?.kind === 'upload' && (
          <UploadDocumentDialog
            open
            onOpenChange={(open) => !open && setDialog(null)}
            aircraft={data.aircraft}
            onUploaded={() => {
              setDialog(null);
              setTab('documents');
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
